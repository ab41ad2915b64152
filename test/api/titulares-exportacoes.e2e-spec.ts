import * as fs from 'node:fs';
import * as path from 'node:path';
import JSZip from 'jszip';
import { DataSource } from 'typeorm';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { SolicitacaoTitular } from '../../backend/src/titulares/entities/solicitacao-titular.entity';
import { TitularesJob } from '../../backend/src/titulares/titulares.job';
import { INTERROMPIDA, TitularesService } from '../../backend/src/titulares/titulares.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const HOUR = 3_600_000;

/** Issue 55: LGPD exports that cannot fill the disk, and that a crash does not leave half done. */
describe.each(databaseKinds())('LGPD exports bounded on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  // A 200 KB document: what an export would copy if it copied files.
  const pdf = Buffer.concat([samplePdf(), Buffer.from(`%${'x'.repeat(200_000)}\n%%EOF\n`)]);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await TestApi.start(kind, { EXPORT_STORAGE_MAX_MB: '1' });
    db = api.app.get(DataSource);
    for (const nome of ['c1', 'c2', 'c3']) {
      ids[nome] = (await api.withCliente(nome, { razaoSocial: `Exportadora ${nome} Ltda` }))._id;
      const form = new FormData();
      form.append('arquivo', new Blob([new Uint8Array(pdf)]), 'Contrato.pdf');
      const up = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token[nome]}` }, body: form });
      expect(up.status).toBe(201);
    }
  });
  afterAll(() => api.stop());

  const titulares = () => api.app.get(TitularesService);
  const pedir = async (as: string) => {
    const r = await api.post('/api/clientes/me/exportacao', undefined, as);
    await titulares().idle();
    return r;
  };
  const row = async (id: string) => db.getRepository(SolicitacaoTitular).findOneByOrFail({ id });
  async function download(as: string, id: string) {
    const res = await fetch(`${api.baseUrl}/api/clientes/me/exportacao/${id}/arquivo`, { headers: { authorization: `Bearer ${api.token[as]}` } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const stored = (key: string) => path.join(api.dataDir, 'arquivos', ...key.split('/'));

  it('one export per client per 24 h: a second answers 429 saying when; a day later it is accepted', async () => {
    const first = await pedir('c1');
    expect(first.status).toBe(202);
    expect((await row(first.body.data._id)).status).toBe('pronta');
    const second = await api.post('/api/clientes/me/exportacao', undefined, 'c1');
    expect(second.status).toBe(429);
    expect(second.body.message).toMatch(/^Você já pediu uma cópia dos seus dados em \d{2}\/\d{2}\/\d{4}.*Uma nova cópia pode ser pedida a partir de \d{2}\/\d{2}\/\d{4}/);
    expect(second.body.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(Number(second.headers.get('retry-after'))).toBe(second.body.retryAfterSeconds);
    expect(await db.getRepository(SolicitacaoTitular).countBy({ clienteId: ids.c1, tipo: 'exportacao' })).toBe(1);
    // Another client is not held by c1's export.
    expect((await pedir('c2')).status).toBe(202);
    await db.getRepository(SolicitacaoTitular).update({ id: first.body.data._id }, { createdAt: new Date(Date.now() - 25 * HOUR) });
    expect((await pedir('c1')).status).toBe(202);
  });

  it('keeps no copy of the documents: the ZIP streams the live files, and leaves out one deleted since', async () => {
    const [s] = await db.getRepository(SolicitacaoTitular).find({ where: { clienteId: ids.c2, tipo: 'exportacao' } });
    const kept = fs.readFileSync(stored(s.arquivoKey!));
    expect(kept.length).toBe(s.armazenado);
    expect(kept.length).toBeLessThan(pdf.length);
    expect(kept.includes(pdf.subarray(0, 64))).toBe(false);
    expect(s.tamanho).toBeGreaterThan(pdf.length);

    const zip = await JSZip.loadAsync((await download('c2', s.id)).bytes);
    const docs = Object.keys(zip.files).filter((n) => n.startsWith('documentos/'));
    expect(docs).toHaveLength(1);
    expect((await zip.files[docs[0]].async('nodebuffer')).equals(pdf)).toBe(true);

    const [doc] = await db.query('SELECT id FROM documentos WHERE clienteId = ?', [ids.c2]);
    expect((await api.del(`/api/documentos/${doc.id}`, 'c2')).status).toBe(200);
    const after = await JSZip.loadAsync((await download('c2', s.id)).bytes);
    expect(Object.keys(after.files).filter((n) => n.startsWith('documentos/'))).toEqual([]);
    expect(JSON.parse(await after.files['documentos-removidos.json'].async('string'))).toEqual({ removidosDepoisDaGeracao: [docs[0]] });
  });

  it('caps what all exports keep (EXPORT_STORAGE_MAX_MB): the oldest expire first', async () => {
    const repo = db.getRepository(SolicitacaoTitular);
    const prontas = await repo.find({ where: { tipo: 'exportacao', status: 'pronta' }, order: { createdAt: 'ASC' } });
    expect(prontas.length).toBe(3);
    // As if the two oldest kept 600 KB each: with the next one, 1 MB is passed.
    const [oldest, middle] = prontas;
    await repo.update({ id: oldest.id }, { armazenado: 600 * 1024, createdAt: new Date(Date.now() - 30 * HOUR) });
    await repo.update({ id: middle.id }, { armazenado: 450 * 1024 });
    expect((await pedir('c3')).status).toBe(202);
    const gone = await row(oldest.id);
    expect(gone.arquivoKey).toBeNull();
    expect(fs.existsSync(stored(oldest.arquivoKey!))).toBe(false);
    expect((await download(oldest.clienteId === ids.c1 ? 'c1' : 'c2', oldest.id)).status).toBe(410);
    expect((await row(middle.id)).arquivoKey).toBe(middle.arquivoKey);
  });

  it('at start-up, an export a crash left processando is resumed; interrupted twice, it fails cleanly', async () => {
    const repo = db.getRepository(SolicitacaoTitular);
    const now = new Date();
    const interrompida = await repo.save(repo.create({ clienteId: ids.c3, tipo: 'exportacao', status: 'processando', dados: null, motivo: null, createdAt: new Date(now.getTime() - 30 * HOUR), tentativas: 1 }));
    const reincidente = await repo.save(repo.create({ clienteId: ids.c2, tipo: 'exportacao', status: 'processando', dados: null, motivo: null, createdAt: new Date(now.getTime() - 30 * HOUR), tentativas: 2 }));
    // What the process runs before serving (the job's own clock is minutes away).
    await api.app.get(TitularesJob).onApplicationBootstrap();
    await titulares().idle();
    expect(await row(interrompida.id)).toMatchObject({ status: 'pronta', tentativas: 2 });
    expect(await row(reincidente.id)).toMatchObject({ status: 'falhou', erro: INTERROMPIDA });
    expect((await download('c3', interrompida.id)).status).toBe(200);
  });
});
