import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { DocumentosService } from '../../backend/src/documentos/documentos.service';
import { Documento } from '../../backend/src/documentos/entities/documento.entity';
import { sampleDocx, sampleOle2, samplePdf, samplePng, sampleXml } from '../../backend/src/documentos/sample-files';
import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

const MAX = 64 * 1024;

/** Every file under a folder, relative paths. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? (e as any).path, e.name)));
}

/** Documents through HTTP: upload checks, storage on disk, downloads with proof of delivery, deletes, IDOR. */
describe.each(databaseKinds())('documentos on %s', (kind) => {
  let api: TestApi;
  let clienteA: any;
  let clienteB: any;
  let store: string;
  let db: DataSource;

  beforeAll(async () => {
    api = await TestApi.start(kind, { DOC_MAX_BYTES: String(MAX) });
    await api.withStaff();
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Padaria Pão Quente Ltda' });
    clienteB = await api.withCliente('clienteB', { razaoSocial: 'Oficina Bom Motor Ltda' });
    store = path.join(api.dataDir, 'arquivos');
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  async function upload(as: string, name: string, content: Buffer, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('arquivo', new Blob([new Uint8Array(content)]), name);
    const res = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function download(as: string, id: string) {
    const res = await fetch(`${api.baseUrl}/api/documentos/${id}/download`, { headers: { authorization: `Bearer ${api.token[as]}` } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  const rowCount = async () => Number((await db.query('SELECT COUNT(*) AS n FROM documentos'))[0].n);
  const tempFiles = () => filesUnder(path.join(store, '.tmp'));

  /** Nothing stored: same rows, no new file in the store, no temporary file left. */
  async function expectNothingStored(before: { rows: number; files: string[] }) {
    expect(await rowCount()).toBe(before.rows);
    expect(filesUnder(path.join(store, 'documentos')).sort()).toEqual(before.files.sort());
    expect(tempFiles()).toEqual([]);
  }
  const snapshot = async () => ({ rows: await rowCount(), files: filesUnder(path.join(store, 'documentos')) });

  describe('upload', () => {
    it('stores a client upload under DATA_DIR with its metadata decided from the content', async () => {
      const pdf = samplePdf();
      const r = await upload('clienteA', 'Contrato Social – versão 2.pdf', pdf);
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({
        titulo: 'Contrato Social – versão 2',
        tipo: 'PDF',
        mime: 'application/pdf',
        tamanho: pdf.length,
        nomeArquivo: 'Contrato Social – versão 2.pdf',
        clienteId: clienteA._id,
        clienteNome: 'Padaria Pão Quente Ltda',
        registroId: null,
        enviadoPor: 'cliente',
        // Issue 54: the member who sent it (the company's Responsável, named after the company).
        enviadoPorNome: 'Padaria Pão Quente Ltda (Responsável)',
        baixadoClienteEm: null,
        lidoEquipeEm: null,
      });
      const onDisk = path.join(store, 'documentos', clienteA._id, r.body.data._id);
      expect(fs.readFileSync(onDisk).equals(pdf)).toBe(true);
      const [row] = await db.query('SELECT sha256 FROM documentos WHERE id = ?', [r.body.data._id]);
      expect(row.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
      expect(tempFiles()).toEqual([]);
    });

    it.each([
      ['foto.png', 'Imagem', 'image/png', samplePng],
      ['ata.docx', 'Word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sampleDocx],
      ['planilha.xls', 'Excel', 'application/vnd.ms-excel', sampleOle2],
      ['nfe.xml', 'XML', 'application/xml', sampleXml],
      ['sem-extensao', 'PDF', 'application/pdf', samplePdf],
    ])('accepts %s as %s (%s)', async (name, tipo, mime, make) => {
      const r = await upload('clienteA', name, make());
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({ tipo, mime });
    });

    it('refuses a file larger than DOC_MAX_BYTES with 413 and keeps nothing', async () => {
      const before = await snapshot();
      const big = Buffer.concat([samplePdf(), Buffer.alloc(MAX)]);
      const r = await upload('clienteA', 'grande.pdf', big);
      expect([r.status, r.body.message]).toEqual([413, 'O arquivo excede o tamanho máximo de 64 KB.']);
      await expectNothingStored(before);
      // One announced far beyond the limit is refused before it is read.
      const huge = await upload('clienteA', 'enorme.pdf', Buffer.alloc(MAX + 2 * 1024 * 1024));
      expect(huge.status).toBe(413);
      await expectNothingStored(before);
    });

    it.each([
      ['a PNG behind a .pdf name', 'contrato.pdf', samplePng(), 'O conteúdo do arquivo não corresponde à extensão .pdf.'],
      ['an executable behind a .pdf name', 'contrato.pdf', Buffer.from('4d5a900003000000', 'hex'), /^O conteúdo do arquivo não é de um tipo permitido/],
      ['HTML behind a .xml name', 'nota.xml', Buffer.from('<html><script>alert(1)</script></html>'), /^O conteúdo do arquivo não é de um tipo permitido/],
      ['a plain ZIP behind a .docx name', 'ata.docx', Buffer.from('504b0506000000000000000000000000000000000000', 'hex'), 'O conteúdo do arquivo não corresponde à extensão .docx.'],
      ['an .exe', 'programa.exe', samplePdf(), /^Tipo de arquivo não permitido \(\.exe\)/],
      ['an HTML page with %PDF- in its first KB', 'fatura.pdf', Buffer.from('<html><body><script>alert(document.cookie)</script>\n%PDF-1.4\n</body></html>'), /^O conteúdo do arquivo não é de um tipo permitido/],
      ['an XML carrying <svg onload>', 'nota.xml', Buffer.from('<?xml version="1.0"?><NFe xmlns:s="http://www.w3.org/2000/svg"><s:svg onload="alert(1)"/></NFe>'), /^O conteúdo do arquivo não é de um tipo permitido/],
      ['an XML carrying namespaced XHTML <script>', 'nota.xml', Buffer.from('<?xml version="1.0"?><NFe xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></NFe>'), /^O conteúdo do arquivo não é de um tipo permitido/],
    ])('refuses %s with 415 and keeps nothing', async (_name, fileName, content, message) => {
      const before = await snapshot();
      const r = await upload('clienteA', fileName, content);
      expect(r.status).toBe(415);
      expect(r.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
      await expectNothingStored(before);
    });

    it('keeps a ../ file name inside DATA_DIR', async () => {
      const parent = path.dirname(api.dataDir);
      const outsideBefore = fs.readdirSync(parent);
      const r = await upload('clienteA', '../../../../tmp/evil.pdf', samplePdf());
      expect(r.status).toBe(201);
      expect(r.body.data.nomeArquivo).toBe('evil.pdf');
      expect(fs.readdirSync(parent).filter((n) => !outsideBefore.includes(n) && !n.startsWith('veritas-'))).toEqual([]);
      expect(fs.existsSync(path.join(parent, 'evil.pdf'))).toBe(false);
      const stored = filesUnder(api.dataDir).filter((f) => f.endsWith(r.body.data._id));
      expect(stored).toEqual([path.join('arquivos', 'documentos', clienteA._id, r.body.data._id)]);
      const got = await download('clienteA', r.body.data._id);
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="evil.pdf"; filename*=UTF-8''evil.pdf`);
    });

    it('strips direction and control characters from the stored name, and serves the download sandboxed', async () => {
      const r = await upload('clienteA', 'fatura\u202Efdp.exe\u2066\u200F.pdf', samplePdf());
      expect(r.status).toBe(201);
      expect(r.body.data.nomeArquivo).toBe('faturafdp.exe.pdf');
      const got = await download('clienteA', r.body.data._id);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="faturafdp.exe.pdf"; filename*=UTF-8''faturafdp.exe.pdf`);
    });

    it('refuses a request without a file, an empty file, or two files', async () => {
      const none = await api.post('/api/documentos', {}, 'clienteA');
      expect([none.status, none.body.message]).toEqual([400, 'Envie o arquivo no campo "arquivo" (multipart/form-data).']);
      const empty = await upload('clienteA', 'vazio.pdf', Buffer.alloc(0));
      expect([empty.status, empty.body.message]).toEqual([400, 'O arquivo está vazio.']);
      const form = new FormData();
      form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'a.pdf');
      form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'b.pdf');
      const two = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token.clienteA}` }, body: form });
      expect(two.status).toBe(400);
      expect(tempFiles()).toEqual([]);
    });

    it('leaves nothing half-done when the row cannot be written after the file is in place', async () => {
      const before = await snapshot();
      const repo = db.getRepository(Documento);
      const spy = jest.spyOn(repo, 'save').mockRejectedValueOnce(new Error('simulated crash between file and row'));
      try {
        const r = await upload('clienteA', 'contrato.pdf', samplePdf());
        expect(r.status).toBe(500);
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        spy.mockRestore();
      }
      await expectNothingStored(before);
    });

    it('sweeps what a real crash leaves behind (a file without a row, a half upload), and nothing else', async () => {
      const kept = await upload('clienteA', 'fica.pdf', samplePdf());
      const orphanDir = path.join(store, 'documentos', clienteA._id);
      const orphan = path.join(orphanDir, '11111111-1111-4111-8111-111111111111');
      const halfUpload = path.join(store, '.tmp', 'up-crashed');
      fs.writeFileSync(orphan, samplePdf());
      fs.writeFileSync(halfUpload, 'meio arquivo');
      const old = new Date(Date.now() - 60 * 60_000);
      for (const f of [orphan, halfUpload, path.join(orphanDir, kept.body.data._id)]) fs.utimesSync(f, old, old);

      const swept = await api.app.get(DocumentosService).sweepOrphans();
      expect(swept).toEqual({ orphans: 1, temp: 1 });
      expect(fs.existsSync(orphan)).toBe(false);
      expect(fs.existsSync(halfUpload)).toBe(false);
      expect((await download('clienteA', kept.body.data._id)).status).toBe(200);
    });
  });

  describe('staff side', () => {
    it('uploads for a client (by clienteId or by registroId) and lists with filters', async () => {
      const reg = (await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão' }, 'clienteB')).body.data;
      const noOwner = await upload('associado', 'certidao.pdf', samplePdf());
      expect([noOwner.status, noOwner.body.message]).toEqual([400, 'Informe o cliente (clienteId) ou o registro (registroId) do documento.']);
      const wrongPair = await upload('associado', 'certidao.pdf', samplePdf(), { clienteId: clienteA._id, registroId: reg._id });
      expect(wrongPair.status).toBe(404);

      const byReg = await upload('associado', 'Certidão Simplificada.pdf', samplePdf(), { registroId: reg._id, titulo: 'Certidão emitida' });
      expect(byReg.status).toBe(201);
      expect(byReg.body.data).toMatchObject({
        clienteId: clienteB._id,
        registroId: reg._id,
        registroNumero: reg.numero,
        titulo: 'Certidão emitida',
        enviadoPor: 'equipe',
        enviadoPorNome: 'Pessoa assoc.bruno',
      });
      const byCliente = await upload('diretoria', 'guia.pdf', samplePdf(), { clienteId: clienteB._id });
      expect(byCliente.status).toBe(201);

      const q = (filter: object) => api.get(`/api/documentos?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`, 'associado');
      const ofB = await q({ clienteId: clienteB._id });
      expect(ofB.body.data.map((d: any) => d._id).sort()).toEqual([byReg.body.data._id, byCliente.body.data._id].sort());
      expect(ofB.headers.get('content-range')).toBe('documentos 0-1/2');
      expect((await q({ registroId: reg._id })).body.data.map((d: any) => d._id)).toEqual([byReg.body.data._id]);
      expect((await q({ q: 'bom motor' })).body.total).toBe(2);
      expect((await q({ q: 'emitida' })).body.data.map((d: any) => d._id)).toEqual([byReg.body.data._id]);
      // Title and file name without accents or case, also inside a word (a trigram index on SQLite).
      expect((await q({ q: 'CERTIDAO EMITIDA' })).body.data.map((d: any) => d._id)).toEqual([byReg.body.data._id]);
      expect((await q({ q: 'ertidã' })).body.data.map((d: any) => d._id)).toEqual([byReg.body.data._id]);
      expect((await q({ q: 'uia.p' })).body.data.map((d: any) => d._id)).toEqual([byCliente.body.data._id]);
      expect((await q({ q: 'zzzz' })).body.total).toBe(0);
      expect((await q({ q: '%' })).body.total).toBe(0);
      if (kind === 'sqlite') {
        // The upload wrote its row to the index in the same transaction.
        const db = api.app.get(DataSource);
        const [{ rowid }] = await db.query('SELECT rowid FROM documentos WHERE id = ?', [byReg.body.data._id]);
        expect((await db.query(`SELECT rowid FROM documentos_fts WHERE documentos_fts MATCH '"emitida"'`)).map((r: any) => Number(r.rowid))).toEqual([Number(rowid)]);
      } else {
        // MySQL/MariaDB: the upload wrote its side row to the suffix index ("mitid" inside "emitida").
        const db = api.app.get(DataSource);
        const rows = await db.query(`SELECT documentoId AS id FROM documentos_sufixos WHERE MATCH (sufixos) AGAINST ('+mitid*' IN BOOLEAN MODE)`);
        expect(rows.map((r: any) => r.id)).toEqual([byReg.body.data._id]);
      }
      expect((await q({ enviadoPor: 'cliente', clienteId: clienteB._id })).body.total).toBe(0);

      const mineB = await api.get(`/api/documentos/me?filter=${encodeURIComponent(JSON.stringify({ registroId: reg._id }))}`, 'clienteB');
      expect(mineB.body.data.map((d: any) => d._id)).toEqual([byReg.body.data._id]);
    });
  });

  describe('downloads and deletes', () => {
    it('records the first download by the client (proof of delivery) and only the first', async () => {
      const doc = (await upload('master', 'certidao.pdf', samplePdf(), { clienteId: clienteA._id })).body.data;
      const staffGet = await download('master', doc._id);
      expect(staffGet.status).toBe(200);
      expect((await api.get(`/api/documentos/${doc._id}`, 'master')).body.data.baixadoClienteEm).toBeNull();

      const got = await download('clienteA', doc._id);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(samplePdf())).toBe(true);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('cache-control')).toBe('private, no-store');
      const first = (await api.get(`/api/documentos/${doc._id}`, 'master')).body.data.baixadoClienteEm;
      expect(first).toEqual(expect.any(String));
      await new Promise((r) => setTimeout(r, 1100));
      await download('clienteA', doc._id);
      expect((await api.get(`/api/documentos/${doc._id}`, 'clienteA')).body.data.baixadoClienteEm).toBe(first);
    });

    it('lets a client delete its own upload only until staff open it, and never a document from the firm', async () => {
      const own = (await upload('clienteA', 'rascunho.pdf', samplePdf())).body.data;
      const file = path.join(store, 'documentos', clienteA._id, own._id);
      expect(fs.existsSync(file)).toBe(true);
      expect((await api.del(`/api/documentos/${own._id}`, 'clienteA')).status).toBe(200);
      expect(fs.existsSync(file)).toBe(false);
      expect((await api.get(`/api/documentos/${own._id}`, 'clienteA')).status).toBe(404);

      const read = (await upload('clienteA', 'lido.pdf', samplePdf())).body.data;
      await download('associado', read._id);
      expect((await api.get(`/api/documentos/${read._id}`, 'associado')).body.data.lidoEquipeEm).toEqual(expect.any(String));
      const late = await api.del(`/api/documentos/${read._id}`, 'clienteA');
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/já abriu este documento/);

      const fromFirm = (await upload('associado', 'guia.pdf', samplePdf(), { clienteId: clienteA._id })).body.data;
      const refused = await api.del(`/api/documentos/${fromFirm._id}`, 'clienteA');
      expect([refused.status, refused.body.message]).toEqual([403, 'Apenas documentos enviados por você podem ser excluídos.']);
      expect((await api.del(`/api/documentos/${fromFirm._id}`, 'associado')).status).toBe(200);
    });

    it("keeps a client away from another client's documents, downloads and registros (404)", async () => {
      const secret = (await upload('clienteB', 'segredo.pdf', samplePdf())).body.data;
      const regB = (await api.post('/api/registros', { servico: 'consultoria', descricao: 'x' }, 'clienteB')).body.data;
      const asA = [
        await api.get(`/api/documentos/${secret._id}`, 'clienteA'),
        await api.call('GET', `/api/documentos/${secret._id}/download`, { as: 'clienteA' }),
        await api.del(`/api/documentos/${secret._id}`, 'clienteA'),
        await upload('clienteA', 'x.pdf', samplePdf(), { registroId: regB._id }),
      ];
      expect(asA.map((r) => r.status)).toEqual([404, 404, 404, 404]);
      expect(JSON.stringify(asA.map((r) => r.body))).not.toContain('segredo');
      const smuggle = await upload('clienteA', 'x.pdf', samplePdf(), { clienteId: clienteB._id });
      expect(smuggle.status).toBe(400);
      const mine = await api.get('/api/documentos/me?range=[0,199]', 'clienteA');
      expect(mine.body.data.every((d: any) => d.clienteId === clienteA._id)).toBe(true);
      expect((await api.get(`/api/documentos/${secret._id}`, 'clienteB')).status).toBe(200);
    });
  });

  describe('deleting a client', () => {
    it('takes its registros and documents with it, through the dependents registry', async () => {
      const c = await api.withCliente('clienteC');
      const reg = (await api.post('/api/registros', { servico: 'consultoria', descricao: 'x' }, 'clienteC')).body.data;
      await api.put(`/api/registros/${reg._id}/status`, { status: 'andamento' }, 'master');
      const doc = (await upload('clienteC', 'doc.pdf', samplePdf(), { registroId: reg._id })).body.data;

      const refused = await api.del(`/api/clientes/${c._id}`, 'master');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('1 registro e 1 documento');
      expect((await api.put(`/api/clientes/${c._id}`, { status: 'inativo' }, 'master')).status).toBe(200);
      expect((await api.del(`/api/clientes/${c._id}`, 'master')).status).toBe(200);

      expect(await db.query('SELECT id FROM registros WHERE clienteId = ?', [c._id])).toEqual([]);
      expect(await db.query('SELECT id FROM registro_historico WHERE registroId = ?', [reg._id])).toEqual([]);
      expect(await db.query('SELECT id FROM documentos WHERE clienteId = ?', [c._id])).toEqual([]);
      // The file goes at the next sweep at the latest (or at once where the delete calls afterCommit).
      const file = path.join(store, 'documentos', c._id, doc._id);
      const old = new Date(Date.now() - 60 * 60_000);
      if (fs.existsSync(file)) fs.utimesSync(file, old, old);
      await api.app.get(DocumentosService).sweepOrphans();
      expect(fs.existsSync(file)).toBe(false);
    });
  });
});
