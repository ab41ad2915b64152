import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { loadConfig } from '../../backend/src/platform/config/config';
import { dataSourceOptions } from '../../backend/src/data-source';
import { MIGRATIONS } from '../../backend/src/platform/database/migrations';
import { createTestDatabase, databaseKinds } from '../support/db';

/**
 * An upgrade keeps every row. A database made by the migrations up to the one before
 * PasswordChangedAt (the first that adds columns to tables others point at) gets a user, a client,
 * a registro with its history and an e-mail; then the app's own data source runs every later
 * migration, as a start-up after an upgrade does. SQLite rebuilds a table to add a column, and
 * dropping the old one would take the rows of every table that points at it with ON DELETE
 * CASCADE (history, mail) unless the migration run keeps foreign keys out of the way.
 */
describe.each(databaseKinds())('upgrading a %s database that holds data', (kind) => {
  const FIRST_LATE = MIGRATIONS.findIndex((m) => m.name.startsWith('PasswordChangedAt'));
  const TABLES = ['users', 'clientes', 'registros', 'registro_historico', 'mail_messages', 'documentos'];

  it('keeps every row through every later migration', async () => {
    expect(FIRST_LATE).toBeGreaterThan(0);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-upgrade-'));
    const db = await createTestDatabase(kind);
    try {
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: db.url, JWT_SECRET: 'upgrade-test-0123456789abcdef0123456789', MASTER_PASSWORD: 'Master!2026pw' });
      const app = dataSourceOptions(config);

      // The database as an older release left it.
      const old = new DataSource({ ...app, migrations: MIGRATIONS.slice(0, FIRST_LATE), migrationsRun: false } as DataSourceOptions);
      await old.initialize();
      await old.runMigrations({ transaction: 'each' });
      // Raw SQL: SQLite takes the text TypeORM would write, MySQL a Date.
      const now = kind === 'sqlite' ? new Date().toISOString().replace('T', ' ').replace('Z', '') : new Date();
      const q = (sql: string, params: unknown[]) => old.query(sql, params);
      await q('INSERT INTO users (id, createdAt, updatedAt, username, nomeCompleto, email, passwordHash, isAdmin, permissions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        '00000000-0000-4000-8000-000000000001', now, now, 'antiga', 'Pessoa Antiga', 'antiga@veritas.com.br', 'x', 0, '[]',
      ]);
      await q('INSERT INTO clientes (id, createdAt, updatedAt, razaoSocial, cnpj, email, pais, passwordHash, status, busca) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        '00000000-0000-4000-8000-000000000002', now, now, 'Cliente Antigo Ltda', '11222333000181', 'antigo@exemplo.com.br', 'Brasil', 'x', 'inativo', 'cliente antigo',
      ]);
      await q('INSERT INTO registros (id, createdAt, updatedAt, numero, clienteId, tipo, descricao, status, slaDiasUteis) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        '00000000-0000-4000-8000-000000000003', now, now, '2025-000001', '00000000-0000-4000-8000-000000000002', 'Abertura de Empresa', 'Antigo', 'andamento', 15,
      ]);
      await q('INSERT INTO registro_historico (id, createdAt, updatedAt, registroId, ordem, evento, autorTipo, autorNome) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        '00000000-0000-4000-8000-000000000004', now, now, '00000000-0000-4000-8000-000000000003', 1, 'criacao', 'equipe', 'Pessoa Antiga',
      ]);
      await q(
        'INSERT INTO mail_messages (id, createdAt, updatedAt, ownerId, folder, fromAddress, fromName, toList, ccList, bccList, subject, date, bodyFile, preview, searchText) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ['00000000-0000-4000-8000-000000000005', now, now, '00000000-0000-4000-8000-000000000001', 'inbox', 'a@b.com', 'A', '[]', '[]', '[]', 'Assunto', now, 'x.eml', 'p', 's'],
      );
      await q(
        'INSERT INTO documentos (id, createdAt, updatedAt, clienteId, registroId, titulo, nomeArquivo, mime, tipo, tamanho, sha256, storageKey, enviadoPor, enviadoPorNome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ['00000000-0000-4000-8000-000000000006', now, now, '00000000-0000-4000-8000-000000000002', null, 'Certidão Específica', 'Ação Nº 7.pdf', 'application/pdf', 'pdf', 10, 'x'.repeat(64), 'documentos/x/y', 'equipe', 'Pessoa Antiga'],
      );
      const count = async (ds: DataSource) => {
        const out: Record<string, number> = {};
        for (const t of TABLES) out[t] = Number((await ds.query(`SELECT COUNT(*) AS n FROM ${t}`))[0].n);
        return out;
      };
      const before = await count(old);
      expect(before).toEqual(Object.fromEntries(TABLES.map((t) => [t, 1])));
      await old.destroy();

      // The start-up after the upgrade: the app's data source, every migration pending since.
      const upgraded = new DataSource(app);
      await upgraded.initialize();
      expect(await upgraded.showMigrations()).toBe(false);
      expect(await count(upgraded)).toEqual(before);
      // The columns added on the way got their values for existing rows.
      const [cliente] = await upgraded.query('SELECT inativadoEm FROM clientes');
      expect(cliente.inativadoEm).not.toBeNull();
      const [registro] = await upgraded.query('SELECT juntaUf FROM registros');
      expect(registro.juntaUf).toMatch(/^[A-Z]{2}$/);
      const [documento] = await upgraded.query('SELECT busca FROM documentos');
      expect(documento.busca).toBe('certidao especifica acao nº 7.pdf');
      if (kind === 'sqlite') expect(await upgraded.query(`SELECT rowid FROM documentos_fts WHERE documentos_fts MATCH '"especifica"'`)).toHaveLength(1);
      // MySQL/MariaDB: the client stored before the suffix index is found through it ("ntig" inside "antigo").
      if (kind === 'mysql') {
        expect(await upgraded.query(`SELECT clienteId FROM clientes_sufixos WHERE MATCH (sufixos) AGAINST ('+ntig*' IN BOOLEAN MODE)`)).toEqual([
          { clienteId: '00000000-0000-4000-8000-000000000002' },
        ]);
      }
      await upgraded.destroy();
    } finally {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
