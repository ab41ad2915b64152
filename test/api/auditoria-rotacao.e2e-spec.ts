import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { AuditCheckpoints } from '../../backend/src/auditoria/audit-checkpoints';
import { auditKeyId, auditMac, type AuditContent } from '../../backend/src/platform/audit-chain';
import { rotateKeptAuditKey } from '../../backend/src/platform/audit-chain/rotate-key';
import { MASTER_PASSWORD, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

/**
 * Rotating the audit chain's key (issue 55, ADR 0009): `npm run audit:rotate-key` retires the key kept
 * in DATA_DIR to the keyring and writes a new one; the product, started again, seals the old segment
 * with an `auditoria.chave` entry under the new key; /verificar checks the old entries (and the old
 * checkpoints) with the retired key, and a leaked retired key cannot rewrite them unseen.
 */
describe.each(databaseKinds())('rotating the audit key on %s', (kind) => {
  let api: TestApi;
  let again: TestApi | null = null;
  let master: string;

  beforeAll(async () => {
    api = await TestApi.start(kind, { AUDIT_CHECKPOINT_ENTRIES: '5' });
    await api.withStaff();
    master = api.token.master;
    for (let i = 0; i < 3; i++) expect((await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD })).status).toBe(200);
  });
  afterAll(async () => {
    await again?.app.close();
    // The first instance was closed by the first test (the product is stopped to rotate).
    await api.release();
  });

  const verificar = async (on: TestApi) => {
    const r = await on.call('GET', '/api/auditoria/verificar', { token: master });
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const content = (r: any): AuditContent => ({ ...r, seq: Number(r.seq), em: r.em instanceof Date ? r.em : new Date(`${String(r.em).replace(' ', 'T')}Z`) });

  it('retires the old key, seals its segment under the new one, and still verifies every entry and checkpoint', async () => {
    const ponto = await api.app.get(AuditCheckpoints).write();
    expect(ponto).not.toBeNull();
    const oldKey = fs.readFileSync(path.join(api.dataDir, 'audit-key'), 'utf8').trim();
    const before: any[] = await api.app.get(DataSource).query('SELECT * FROM auditoria ORDER BY seq');
    await api.app.close();

    const { from, to } = rotateKeptAuditKey(api.dataDir);
    expect(from).toBe(auditKeyId(oldKey));
    const newKey = fs.readFileSync(path.join(api.dataDir, 'audit-key'), 'utf8').trim();
    expect(newKey).not.toBe(oldKey);
    expect(to).toBe(auditKeyId(newKey));
    const ring = path.join(api.dataDir, 'audit-keyring');
    expect(fs.readFileSync(ring, 'utf8').trim()).toBe(oldKey);
    expect(fs.statSync(ring).mode & 0o077).toBe(0);

    again = await TestApi.beside(api, { AUDIT_CHECKPOINT_ENTRIES: '5' });
    const db = again.app.get(DataSource);
    const after: any[] = await db.query('SELECT * FROM auditoria ORDER BY seq');
    // Nothing rewritten: the old entries are as they were, and one entry was added at the start-up.
    expect(after.slice(0, before.length).map((r) => r.hash)).toEqual(before.map((r) => r.hash));
    const selo = after[before.length];
    expect(selo).toMatchObject({ acao: 'auditoria.chave', atorTipo: 'sistema', prevHash: before.at(-1).hash });
    expect(JSON.parse(selo.diff)).toMatchObject({ chave: [from, to], ultimaDaChaveAnterior: [null, Number(before.at(-1).seq)] });
    expect(auditMac(newKey, content(selo))).toBe(selo.hash);
    expect(auditMac(oldKey, content(before[0]))).toBe(before[0].hash);
    // New entries under the new key; the whole chain, and the checkpoint the old key signed, verify.
    expect((await again.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD })).status).toBe(200);
    const v = await verificar(again);
    expect(v).toMatchObject({ ok: true, firstBroken: null });
    expect(v.checked).toBeGreaterThan(before.length + 1);
    expect(v.pontosDeControle.total).toBeGreaterThanOrEqual(2);
    const [last] = await db.query('SELECT * FROM auditoria ORDER BY seq DESC LIMIT 1');
    expect(auditMac(newKey, content(last))).toBe(last.hash);
    expect(auditMac(oldKey, content(last))).not.toBe(last.hash);
  });

  it('names the seal when an old entry is rewritten with the retired key and its segment recomputed, checkpoints deleted too', async () => {
    const db = again!.app.get(DataSource);
    // Who holds the retired key and DATA_DIR: without the checkpoints, only the seal can tell.
    fs.rmSync(path.join(api.dataDir, 'arquivos', 'auditoria', 'pontos'), { recursive: true, force: true });
    const oldKey = fs.readFileSync(path.join(api.dataDir, 'audit-keyring'), 'utf8').trim();
    const rows: any[] = await db.query('SELECT * FROM auditoria ORDER BY seq');
    const selo = rows.find((r) => r.acao === 'auditoria.chave' && JSON.parse(r.diff).chave);
    const alvo = rows.find((r) => r.acao === 'login.ok');
    let prev: string | null = null;
    for (const r of rows.filter((x) => Number(x.seq) >= Number(alvo.seq) && Number(x.seq) < Number(selo.seq))) {
      const e = content({ ...r, prevHash: prev ?? r.prevHash, atorEmail: r.id === alvo.id ? 'outra.pessoa@exemplo.com.br' : r.atorEmail });
      const mac = auditMac(oldKey, e);
      await db.query('UPDATE auditoria SET atorEmail = ?, prevHash = ?, hash = ? WHERE id = ?', [e.atorEmail, e.prevHash, mac, r.id]);
      prev = mac;
    }
    const v = await verificar(again!);
    expect(v).toMatchObject({ ok: false, firstBroken: { id: selo.id, seq: Number(selo.seq), tipo: 'encadeamento' } });
    for (const r of rows) await db.query('UPDATE auditoria SET atorEmail = ?, prevHash = ?, hash = ? WHERE id = ?', [r.atorEmail, r.prevHash, r.hash, r.id]);
    expect(await verificar(again!)).toMatchObject({ ok: true });
  });

  it('without the retired key in the keyring, says the old entries cannot be checked', async () => {
    await again!.app.close();
    fs.renameSync(path.join(api.dataDir, 'audit-keyring'), path.join(api.dataDir, 'audit-keyring.fora'));
    again = await TestApi.beside(api, { AUDIT_CHECKPOINT_ENTRIES: '5' });
    const v = await verificar(again);
    expect(v.ok).toBe(false);
    expect(v.firstBroken.seq).toBe(1);
    expect(v.firstBroken.reason).toMatch(/não está no chaveiro/);
  });
});
