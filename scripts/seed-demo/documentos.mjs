/**
 * The files of the firm's recent work. For the registros this run opened (at most `limite` of them,
 * newest first): the checklist's files as a client sends them and the firm judges them — a concluded
 * registro's all accepted; an open one's partly sent, most of those accepted, some refused with a reason —
 * and, for a concluded one, its result from the firm (the Junta's registered document). Small but real
 * files: a one-page PDF per title (pdfkit, as the receipts) or, for identity documents, a PNG; put in
 * place through the document storage (putFile, as an upload), the rows through the bulk path
 * (insertAudited: search index, audit trail) and the checklist moved to its final state (updateRows).
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { BATCH, DIA, dateOf, dist, require, sqlDate } from './base.mjs';

const PDFDocument = require('pdfkit');
const { Documento } = dist('documentos/entities/documento.entity.js');
const { RegistroChecklist } = dist('checklist/entities/registro-checklist.entity.js');
const { documentoBusca } = dist('documentos/documento-busca.js');
const { sniffFile, classify } = dist('documentos/sniff.js');
const { insertAudited } = dist('auditoria/bulk-insert.js');
const { newId, updateRows } = dist('platform/database/index.js');
const { withTransaction } = dist('platform/database/transaction.js');

const HORA = 3_600_000;
const RECUSA = 'Documento ilegível: envie uma cópia mais nítida, com todas as páginas.';
/** Checklist items whose file is a photo rather than a scanned PDF. */
const FOTO = /\b(rg|cnh|identidade|documento de identifica|comprovante de resid|foto)/i;

/** A one-page PDF with the document's title and the company's name (Helvetica: Latin-1 covers pt-BR). */
function pdf(titulo, empresa) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: titulo, Producer: 'Veritas (demonstração)' } });
    const parts = [];
    doc.on('data', (b) => parts.push(b)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
    doc.fontSize(18).text(titulo).moveDown().fontSize(11).text(empresa).moveDown();
    doc.text('Documento de demonstração gerado pelo seed da Veritas. Sem valor legal.');
    doc.end();
  });
}

/** A 240×150 PNG drawn as an identity card: a light card, a photo box and a few lines of "text". */
function png() {
  const w = 240;
  const h = 150;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const foto = x >= 14 && x < 74 && y >= 20 && y < 100;
      const linha = x >= 90 && [30, 50, 70, 90, 110].some((l) => y >= l && y < l + 6 && x < 220 - ((l * 3) % 50));
      const [r, g, b] = foto ? [150, 170, 190] : linha ? [70, 80, 95] : [232, 240, 228];
      raw.set([r, g, b], y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** One file per (title, kind), written once into the storage's temp folder and copied per document. */
class Modelos {
  constructor(tempDir) {
    this.dir = fs.mkdtempSync(path.join(tempDir, 'seed-'));
    this.made = new Map();
  }
  async of(titulo) {
    const foto = FOTO.test(titulo);
    const key = foto ? 'foto' : titulo;
    let m = this.made.get(key);
    if (!m) {
      const bytes = foto ? png() : await pdf(titulo, 'Empresa de demonstração');
      const file = path.join(this.dir, `${this.made.size}`);
      fs.writeFileSync(file, bytes);
      const v = classify(await sniffFile(file), foto ? 'foto.png' : 'documento.pdf');
      if (!v.ok) throw new Error(`Arquivo de demonstração recusado pela verificação: ${v.message}`);
      m = { file, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), mime: v.mime, tipo: v.tipo, ext: v.ext };
      this.made.set(key, m);
    }
    const nome = `${titulo.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 80)}.${m.ext}`;
    return { ...m, nomeArquivo: nome };
  }
  close() {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

const antes = (t) => new Date(Math.min(Date.now() - 60_000, t));

/**
 * What happened to each checklist item of a registro, and the documents that came with it. `r`: the
 * registro (status, createdAt, encerradoEm, clienteId, razaoSocial, responsavelNome).
 */
function destino(r, itens) {
  const t0 = dateOf(r.createdAt).getTime();
  const fim = r.encerradoEm ? dateOf(r.encerradoEm).getTime() : Date.now();
  const out = [];
  for (const it of itens) {
    let status = 'pendente';
    if (r.status === 'concluido') status = 'aceito';
    else if (r.status === 'andamento' || r.status === 'pendente') {
      const enviou = randomInt(10) < (r.status === 'andamento' ? 7 : 3);
      if (enviou) status = ['aceito', 'aceito', 'aceito', 'enviado', 'enviado', 'recusado'][randomInt(6)];
    }
    if (status === 'pendente') continue;
    const enviadoEm = antes(t0 + (0.1 + Math.random() * 2) * DIA);
    const avaliadoEm = status === 'enviado' ? null : antes(Math.min(fim, enviadoEm.getTime() + (2 + randomInt(40)) * HORA));
    out.push({ it, status, enviadoEm, avaliadoEm });
  }
  return out;
}

/**
 * Seeds the files of up to `limite` registros of this run (opened since `desde`), newest first. Answers
 * how many documents were written.
 */
export async function demoDocumentos(ds, storage, config, desde, limite) {
  if (limite <= 0) return 0;
  const registros = await ds.query(
    `SELECT r.id, r.clienteId, r.status, r.createdAt, r.encerradoEm, r.descricao, c.razaoSocial, u.nomeCompleto AS responsavelNome
       FROM registros r JOIN clientes c ON c.id = r.clienteId LEFT JOIN users u ON u.id = r.responsavelId
      WHERE r.updatedAt >= ? AND r.status IN ('pendente', 'andamento', 'concluido')
      ORDER BY r.createdAt DESC LIMIT ${Math.floor(limite)}`,
    [sqlDate(config, desde)],
  );
  const modelos = new Modelos(storage.tempDir);
  let escritos = 0;
  try {
    for (let i = 0; i < registros.length; i += BATCH / 5) {
      const parte = registros.slice(i, i + BATCH / 5);
      const itens = await ds.getRepository(RegistroChecklist).createQueryBuilder('k').where('k.registroId IN (:...ids)', { ids: parte.map((r) => r.id) }).orderBy('k.ordem').getMany();
      const porRegistro = new Map();
      for (const k of itens) porRegistro.set(k.registroId, [...(porRegistro.get(k.registroId) ?? []), k]);
      const docs = [];
      const checklist = [];
      const arquivo = async (r, titulo, criadoEm, equipe, extra = {}) => {
        const m = await modelos.of(titulo);
        const id = newId();
        const storageKey = `documentos/${r.clienteId}/${id}`;
        const temp = path.join(storage.tempDir, `seed-${randomUUID()}`);
        fs.copyFileSync(m.file, temp);
        await storage.putFile(storageKey, temp);
        const doc = Object.assign(new Documento(), {
          id, createdAt: criadoEm, updatedAt: criadoEm, clienteId: r.clienteId, registroId: r.id, titulo, nomeArquivo: m.nomeArquivo,
          busca: documentoBusca(titulo, m.nomeArquivo), mime: m.mime, tipo: m.tipo, tamanho: m.size, sha256: m.sha256, storageKey,
          enviadoPor: equipe ? 'equipe' : 'cliente', enviadoPorId: equipe ? null : r.clienteId, enviadoPorNome: equipe ? (r.responsavelNome ?? 'Equipe') : r.razaoSocial,
          baixadoClienteEm: null, lidoEquipeEm: null, origemEmailId: null, origemAnexoIndice: null, ...extra,
        });
        docs.push(doc);
        return doc;
      };
      for (const r of parte) {
        for (const d of destino(r, porRegistro.get(r.id) ?? [])) {
          const doc = await arquivo(r, d.it.nome, d.enviadoEm, false, { lidoEquipeEm: d.avaliadoEm });
          Object.assign(d.it, { status: d.status, documentoId: doc.id, enviadoEm: d.enviadoEm, avaliadoEm: d.avaliadoEm, avaliadoPorNome: d.avaliadoEm ? (r.responsavelNome ?? 'Equipe') : null, motivo: d.status === 'recusado' ? RECUSA : null });
          checklist.push(d.it);
        }
        if (r.status === 'concluido' && r.encerradoEm) {
          const em = dateOf(r.encerradoEm);
          await arquivo(r, `${r.descricao} — registrado na Junta Comercial`.slice(0, 200), em, true, { baixadoClienteEm: randomInt(3) ? antes(em.getTime() + (1 + randomInt(72)) * HORA) : null });
        }
      }
      await withTransaction(ds, async (m) => {
        await insertAudited(m, Documento, docs);
        await updateRows(m, RegistroChecklist, checklist, ['status', 'documentoId', 'enviadoEm', 'avaliadoEm', 'avaliadoPorNome', 'motivo']);
      });
      escritos += docs.length;
    }
  } finally {
    modelos.close();
  }
  return escritos;
}
