import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AuditCheckpoints, CHECKPOINT_PREFIX } from '../../backend/src/auditoria/audit-checkpoints';
import { auditHash, auditMac, GENESIS_HASH, type AuditContent } from '../../backend/src/platform/audit-chain/audit-hash';
import { dataSourceOptions } from '../../backend/src/data-source';
import { loadConfig } from '../../backend/src/platform/config/config';
import { MIGRATIONS } from '../../backend/src/platform/database/migrations';
import { MASTER_PASSWORD, TestApi } from '../support/api';
import { createTestDatabase, databaseKinds } from '../support/db';

/**
 * The keyed audit chain against someone who can write to the database (issue 55, ADR 0009): each
 * attack is done with direct SQL, as such a person would, and /api/auditoria/verificar must name the
 * first bad entry and the kind of break.
 */
describe.each(databaseKinds())('the audit chain under attack on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await TestApi.start(kind, { AUDIT_CHECKPOINT_ENTRIES: '5' });
    await api.withStaff();
    await api.withCliente('cliente', { razaoSocial: 'Atacada Comércio Ltda' });
    for (let i = 0; i < 3; i++) expect((await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD })).status).toBe(200);
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  const verificar = async () => {
    const r = await api.get('/api/auditoria/verificar', 'master');
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const rows = async (where = '1 = 1', params: unknown[] = []): Promise<any[]> => db.query(`SELECT * FROM auditoria WHERE ${where} ORDER BY seq`, params);
  async function reinsert(list: Record<string, unknown>[]): Promise<void> {
    for (const row of list) {
      const cols = Object.keys(row);
      await db.query(`INSERT INTO auditoria (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, cols.map((c) => row[c]));
    }
  }
  const content = (r: any): AuditContent => ({ ...r, seq: Number(r.seq), em: r.em instanceof Date ? r.em : new Date(`${String(r.em).replace(' ', 'T')}Z`) });
  const head = async () => (await db.query('SELECT seq, hash FROM auditoria_cadeia WHERE id = 1'))[0];

  it('keeps the key out of the database, in DATA_DIR/audit-key readable by the owner only', async () => {
    const file = path.join(api.dataDir, 'audit-key');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(key.length).toBeGreaterThanOrEqual(32);
    const [{ n }] = await db.query('SELECT COUNT(*) AS n FROM auditoria WHERE diff LIKE ?', [`%${key.slice(0, 16)}%`]);
    expect(Number(n)).toBe(0);
    expect(await verificar()).toMatchObject({ ok: true, firstBroken: null });
  });

  it('names an entry rewritten with every later hash recomputed (unkeyed SHA-256, or HMAC under a guessed key)', async () => {
    const all = await rows();
    const alvo = all.find((r) => r.acao === 'login.ok')!;
    for (const recompute of [(e: AuditContent) => auditHash(e), (e: AuditContent) => auditMac('chave-adivinhada-0123456789abcdef0123', e)]) {
      let prev: string | null = null;
      for (const r of all.filter((x) => Number(x.seq) >= Number(alvo.seq))) {
        const forged = { ...content(r), atorEmail: r.id === alvo.id ? 'outra.pessoa@veritas.com.br' : r.atorEmail, prevHash: prev ?? r.prevHash };
        const hash = recompute(forged);
        await db.query('UPDATE auditoria SET atorEmail = ?, prevHash = ?, hash = ? WHERE id = ?', [forged.atorEmail, forged.prevHash, hash, r.id]);
        prev = hash;
      }
      await db.query('UPDATE auditoria_cadeia SET hash = ? WHERE id = 1', [prev]);
      const v = await verificar();
      expect(v).toMatchObject({ ok: false, firstBroken: { id: alvo.id, seq: Number(alvo.seq), tipo: 'conteudo' } });
      expect(v.firstBroken.reason).toMatch(/reescrita/);
      expect(v.checked).toBe(Number(alvo.seq) - Number(all[0].seq));
    }
    // Put back as it was.
    await db.query(`DELETE FROM auditoria WHERE seq >= ?`, [alvo.seq]);
    await reinsert(all.filter((x) => Number(x.seq) >= Number(alvo.seq)));
    await db.query('UPDATE auditoria_cadeia SET hash = ? WHERE id = 1', [all.at(-1).hash]);
    expect(await verificar()).toMatchObject({ ok: true });
  });

  it('names the deletion of the oldest entries (the chain no longer starts at 1)', async () => {
    const oldest = await rows('seq <= 3');
    expect(oldest.map((r) => Number(r.seq))).toEqual([1, 2, 3]);
    expect(oldest[0].prevHash).toBe(GENESIS_HASH);
    await db.query('DELETE FROM auditoria WHERE seq <= 3');
    const v = await verificar();
    expect(v).toMatchObject({ ok: false, checked: 0, firstBroken: { seq: 4, tipo: 'inicio' } });
    expect(v.firstBroken.reason).toMatch(/começa na entrada 4.*mais antigas foram removidas/);
    await reinsert(oldest);
    expect(await verificar()).toMatchObject({ ok: true });
  });

  it('names the truncation of the newest entries with the head moved back, once a signed checkpoint saw them', async () => {
    const ponto = await api.app.get(AuditCheckpoints).write();
    expect(ponto).toMatchObject({ seq: Number((await head()).seq) });
    const all = await rows();
    const keep = all.at(-4)!;
    const removed = all.filter((r) => Number(r.seq) > Number(keep.seq));
    await db.query('DELETE FROM auditoria WHERE seq > ?', [keep.seq]);
    await db.query('UPDATE auditoria_cadeia SET seq = ?, hash = ? WHERE id = 1', [keep.seq, keep.hash]);
    const v = await verificar();
    expect(v).toMatchObject({ ok: false, firstBroken: { id: null, seq: Number(keep.seq) + 1, tipo: 'fim' }, pontosDeControle: { ultimo: { seq: ponto!.seq } } });
    expect(v.firstBroken.reason).toMatch(/entradas removidas no fim/);
    // No checkpoint is written over a truncated chain.
    expect(await api.app.get(AuditCheckpoints).write()).toBeNull();
    await reinsert(removed);
    await db.query('UPDATE auditoria_cadeia SET seq = ?, hash = ? WHERE id = 1', [all.at(-1).seq, all.at(-1).hash]);
    expect(await verificar()).toMatchObject({ ok: true });
  });

  it('refuses a checkpoint file that was edited (its signature no longer holds)', async () => {
    const dir = path.join(api.dataDir, 'arquivos', ...CHECKPOINT_PREFIX.split('/'));
    const [name] = fs.readdirSync(dir).sort().reverse();
    const file = path.join(dir, name);
    const original = fs.readFileSync(file, 'utf8');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(original), seq: 3 }));
    expect(await verificar()).toMatchObject({ ok: false, firstBroken: { tipo: 'ponto-de-controle' } });
    fs.writeFileSync(file, original);
    expect(await verificar()).toMatchObject({ ok: true });
  });

  it('the job writes a checkpoint every AUDIT_CHECKPOINT_ENTRIES entries, not before', async () => {
    const job = api.app.get(AuditCheckpoints);
    const { valid } = await job.read();
    const last = valid.at(-1)!;
    expect(await job.runOnce()).toBeNull();
    for (let i = 0; i < 5; i++) expect((await api.post('/api/auditoria/simulacao', { tipo: i % 2 ? null : 'associado' }, 'master')).status).toBe(200);
    const next = await job.runOnce();
    expect(next!.seq).toBeGreaterThanOrEqual(last.seq + 5);
    expect(next!.mac).toBe((await head()).hash);
    expect(await verificar()).toMatchObject({ ok: true, pontosDeControle: { total: valid.length + 1, ultimo: { seq: next!.seq } } });
  });
});

describe.each(databaseKinds())('re-keying an existing SHA-256 chain on %s', (kind) => {
  it('re-keys every entry from the first and records the switch, saying whether the old chain held', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-rekey-'));
    const db = await createTestDatabase(kind);
    try {
      const key = 'k'.repeat(40);
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: db.url, AUDIT_KEY: key, MASTER_PASSWORD: 'Master!2026pw' });
      const app = dataSourceOptions(config);
      const before = MIGRATIONS.findIndex((m) => m.name.startsWith('AuditoriaHmac'));
      const old = new DataSource({ ...app, migrations: MIGRATIONS.slice(0, before), migrationsRun: false } as DataSourceOptions);
      await old.initialize();
      await old.runMigrations({ transaction: 'each' });
      const em = new Date('2026-11-24T12:00:00Z');
      let prevHash = GENESIS_HASH;
      for (let seq = 1; seq <= 3; seq++) {
        const e: AuditContent & { id: string } = {
          id: `00000000-0000-4000-8000-00000000000${seq}`, seq, em, atorTipo: 'sistema', atorId: null, atorEmail: null, atorNome: null, ip: null, requestId: null,
          acao: 'teste.antigo', entidade: 'auditoria', entidadeId: null, diff: null, prevHash,
        };
        const hash = auditHash(e);
        await old.query('INSERT INTO auditoria (id, seq, em, atorTipo, acao, entidade, prevHash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
          e.id, seq, kind === 'sqlite' ? '2026-11-24 12:00:00.000' : em, 'sistema', e.acao, e.entidade, prevHash, hash,
        ]);
        prevHash = hash;
      }
      await old.query('UPDATE auditoria_cadeia SET seq = 3, hash = ? WHERE id = 1', [prevHash]);
      await old.destroy();

      const upgraded = new DataSource(app);
      await upgraded.initialize();
      const entries: any[] = await upgraded.query('SELECT * FROM auditoria ORDER BY seq');
      expect(entries.map((e) => [Number(e.seq), e.acao])).toEqual([[1, 'teste.antigo'], [2, 'teste.antigo'], [3, 'teste.antigo'], [4, 'auditoria.chave']]);
      let prev = GENESIS_HASH;
      for (const e of entries) {
        const c = { ...e, seq: Number(e.seq), em: e.em instanceof Date ? e.em : new Date(`${String(e.em).replace(' ', 'T')}Z`) };
        expect(e.prevHash).toBe(prev);
        expect(e.hash).toBe(auditMac(key, c));
        expect(e.hash).not.toBe(auditHash(c));
        prev = e.hash;
      }
      expect(JSON.parse(entries[3].diff)).toEqual({ algoritmo: ['sha256', 'hmac-sha256'], entradas: [null, 3], primeiraMantida: [null, 1], cadeiaAnterior: [null, 'íntegra'] });
      expect((await upgraded.query('SELECT seq, hash FROM auditoria_cadeia'))[0]).toMatchObject({ hash: prev });
      await upgraded.destroy();
    } finally {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
