import { DataSource } from 'typeorm';
import { currentContext, runInContext } from '../../backend/src/platform/request/request-context';
import { withTransaction } from '../../backend/src/platform/database/transaction';
import {
  allVersionsColumn,
  DataVersions,
  existingVersionTriggers,
  REQUEST_VERSIONS_MS,
  VERSION_SLOTS,
  VERSIONED_TABLES,
  versionTriggers,
  type VersionedTable,
} from '../../backend/src/platform/read-side/data-versions';
import { ReadPool } from '../../backend/src/platform/read-side/read-pool';
import { ClientesService } from '../../backend/src/clientes/clientes.service';
import { RegistrosQueryService } from '../../backend/src/registros/registros-query.service';
import { RelatoriosService } from '../../backend/src/relatorios/relatorios.service';
import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

/**
 * Issue 14: reports kept while the tables they read are unchanged. The versions they are checked
 * against are bumped by triggers in the writing transaction, on SQLite and MariaDB alike; a report
 * is computed again after any write that changes its figures, and not after one that cannot.
 */
describe.each(databaseKinds())('data versions and kept reports on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  let versions: DataVersions;
  let relatorios: RelatoriosService;
  let staff: Record<string, any>;
  let cliente: any;
  const periodo = 'de=2024-01-01';

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withEveryRole();
    cliente = await api.withCliente('clienteV');
    db = api.app.get(DataSource);
    versions = api.app.get(DataVersions);
    relatorios = api.app.get(RelatoriosService);
  }, 120_000);
  afterAll(() => api.stop());

  const novoRegistro = async () => {
    const r = await api.post('/api/registros', { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Versões' }, 'master');
    expect(r.status).toBe(201);
    return r.body.data._id as string;
  };
  const total = async (nome: string) => {
    const r = await api.get(`/api/relatorios/${nome}?${periodo}`, 'master');
    expect(r.status).toBe(200);
    return r.body.data.totais;
  };

  it('has every version trigger after the migrations (a table rebuilt by a later migration would lose them)', async () => {
    const expected = versionTriggers(kind === 'mysql' ? 'mysql' : 'sqlite').map((t) => t.name).sort();
    expect(expected).toHaveLength(Object.keys(VERSIONED_TABLES).length * 3);
    expect(await existingVersionTriggers(db, db.options.type)).toEqual(expected);
  });

  it('bumps a table on insert, on an update of a listed column and on delete, not on other columns', async () => {
    const v0 = await versions.of(['registros']);
    const id = await novoRegistro();
    const v1 = await versions.of(['registros']);
    expect(v1).not.toBe(v0);
    // A registro's response shows every column but this one (the list's answers are kept by the version).
    await db.query('UPDATE registros SET pausaExigencia = 1 - pausaExigencia WHERE id = ?', [id]);
    await db.query('UPDATE registros SET status = status WHERE id = ?', [id]);
    expect(await versions.of(['registros'])).toBe(v1);
    await db.query("UPDATE registros SET juntaUf = 'RJ' WHERE id = ?", [id]);
    const junta = await versions.of(['registros']);
    expect(junta).not.toBe(v1);
    await db.query('UPDATE registros SET descricao = ? WHERE id = ?', ['Outra descrição', id]);
    const v2 = await versions.of(['registros']);
    expect(v2).not.toBe(junta);
    const others = await versions.of(['cobrancas', 'clientes', 'tipos_cliente', 'users', 'registro_exigencias']);
    await db.query('DELETE FROM registros WHERE id = ?', [id]);
    expect(await versions.of(['registros'])).not.toBe(v2);
    expect(await versions.of(['cobrancas', 'clientes', 'tipos_cliente', 'users', 'registro_exigencias'])).toBe(others);

    const u0 = await versions.of(['users']);
    await db.query('UPDATE users SET updatedAt = updatedAt WHERE id = ?', [staff.associado._id]);
    expect(await versions.of(['users'])).toBe(u0);
    await db.query('UPDATE users SET nomeCompleto = ? WHERE id = ?', ['Associada Renomeada', staff.associado._id]);
    expect(await versions.of(['users'])).not.toBe(u0);
  });

  it('does not bump for a write that rolls back', async () => {
    const id = await novoRegistro();
    const v = await versions.of(['registros']);
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query("UPDATE registros SET status = 'cancelado' WHERE id = ?", [id]);
      // Seen inside the transaction, not by a report reading committed data.
      expect(await versions.of(['registros'])).toBe(v);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await versions.of(['registros'])).toBe(v);
  });

  if (kind === 'mysql') {
    it('bumps the row of the writing connection (CONNECTION_ID() % slots): two writers do not share one', async () => {
      const runner = db.createQueryRunner();
      try {
        const [{ cid }] = await runner.query('SELECT CONNECTION_ID() AS cid');
        const slot = Number(cid) % VERSION_SLOTS;
        const read = async () => Number((await runner.query("SELECT versao FROM data_versions WHERE tabela = 'clientes' AND slot = ?", [slot]))[0].versao);
        const before = await read();
        await runner.query('UPDATE clientes SET tipoClienteId = NULL WHERE id = ?', [cliente._id]);
        await runner.query("UPDATE clientes SET inativadoEm = '2026-01-01 00:00:00' WHERE id = ?", [cliente._id]);
        await runner.query('UPDATE clientes SET inativadoEm = NULL WHERE id = ?', [cliente._id]);
        expect(await read()).toBe(before + 2);
        expect(Number((await runner.query("SELECT COUNT(*) AS n FROM data_versions WHERE tabela = 'clientes'"))[0].n)).toBe(VERSION_SLOTS);
      } finally {
        await runner.release();
      }
    });
  }

  it('recreates a missing trigger at start-up (a restore or a table rebuild that dropped it)', async () => {
    const upd = versionTriggers(kind === 'mysql' ? 'mysql' : 'sqlite').find((t) => t.name.startsWith('dv_registros_upd_'))!;
    await db.query(`DROP TRIGGER ${upd.name}`);
    expect(await existingVersionTriggers(db, db.options.type)).not.toContain(upd.name);
    await versions.onApplicationBootstrap();
    expect(await existingVersionTriggers(db, db.options.type)).toContain(upd.name);
    const id = await novoRegistro();
    const v = await versions.of(['registros']);
    await db.query("UPDATE registros SET status = 'cancelado' WHERE id = ?", [id]);
    expect(await versions.of(['registros'])).not.toBe(v);
  });

  it("gives a table versioned after the migration ran its counter rows at start-up (else its version never moves)", async () => {
    // As a database migrated before mail_messages was versioned: no rows for it.
    await db.query("DELETE FROM data_versions WHERE tabela = 'mail_messages'");
    await versions.onApplicationBootstrap();
    const [{ n }] = await db.query("SELECT COUNT(*) AS n FROM data_versions WHERE tabela = 'mail_messages'");
    expect(Number(n)).toBe(kind === 'mysql' ? 32 : 1);
    const v = await versions.of(['mail_messages']);
    await db.query("UPDATE mail_messages SET starred = NOT starred");
    await db.query(
      "INSERT INTO mail_messages (id, createdAt, updatedAt, ownerId, folder, fromAddress, fromName, toList, ccList, bccList, subject, date, bodyFile, preview, searchText) " +
        "SELECT ?, createdAt, updatedAt, id, 'inbox', 'a@exemplo.com.br', 'A', '[]', '[]', '[]', 'Versão', createdAt, '', '', 'versao' FROM users LIMIT 1",
      ['01a00000-0000-7000-8000-00000000abcd'],
    );
    expect(await versions.of(['mail_messages'])).not.toBe(v);
  });

  it('replaces a trigger of an older definition at start-up (its name carries a hash of what it does)', async () => {
    // An old definition that counts nothing but a change of descricao.
    const old = versionTriggers(kind === 'mysql' ? 'mysql' : 'sqlite').find((t) => t.name.startsWith('dv_registros_upd_'))!;
    await db.query(`DROP TRIGGER ${old.name}`);
    await db.query(
      kind === 'mysql'
        ? "CREATE TRIGGER dv_registros_upd_00000000 AFTER UPDATE ON registros FOR EACH ROW BEGIN IF NOT (NEW.descricao <=> OLD.descricao) THEN UPDATE data_versions SET versao = versao + 1 WHERE tabela = 'registros' AND slot = CONNECTION_ID() % 32; END IF; END"
        : "CREATE TRIGGER dv_registros_upd_00000000 AFTER UPDATE ON registros FOR EACH ROW WHEN NOT (NEW.descricao IS OLD.descricao) BEGIN UPDATE data_versions SET versao = versao + 1 WHERE tabela = 'registros' AND slot = 0; END",
    );
    await versions.onApplicationBootstrap();
    const now = await existingVersionTriggers(db, db.options.type);
    expect(now).toContain(old.name);
    expect(now).not.toContain('dv_registros_upd_00000000');
    const id = await novoRegistro();
    const v = await versions.of(['registros']);
    await db.query("UPDATE registros SET status = 'cancelado' WHERE id = ?", [id]);
    expect(await versions.of(['registros'])).not.toBe(v);
  });

  it('keeps a report until a write changes its tables, then computes it again', async () => {
    const before = await total('registros-por-status');
    const computed = relatorios.cache.computed;
    expect(await total('registros-por-status')).toEqual(before);
    expect(relatorios.cache.computed).toBe(computed);

    await novoRegistro();
    const after = await total('registros-por-status');
    expect(after.quantidade).toBe(before.quantidade + 1);
    expect(relatorios.cache.computed).toBe(computed + 1);

    // A payment changes the money reports, not this one.
    await db.query('UPDATE data_versions SET versao = versao + 1 WHERE tabela = ?', ['cobrancas']);
    expect(await total('registros-por-status')).toEqual(after);
    expect(relatorios.cache.computed).toBe(computed + 1);
  });

  it('computes once for many callers at the same time', async () => {
    await novoRegistro();
    const computed = relatorios.cache.computed;
    const all = await Promise.all(Array.from({ length: 12 }, () => total('registros-por-mes')));
    expect(new Set(all.map((t) => JSON.stringify(t))).size).toBe(1);
    expect(relatorios.cache.computed).toBe(computed + 1);
  });

  it('shows a renamed person in produtividade once the name changes', async () => {
    const id = await novoRegistro();
    await db.query('UPDATE registros SET responsavelId = ? WHERE id = ?', [staff.diretoria._id, id]);
    const nomes = async () => (await api.get(`/api/relatorios/produtividade-equipe?${periodo}`, 'master')).body.data.linhas.map((l: any) => l.responsavel);
    expect(await nomes()).toContain(staff.diretoria.nomeCompleto);
    await db.query('UPDATE users SET nomeCompleto = ? WHERE id = ?', ['Diretora Com Novo Nome', staff.diretoria._id]);
    expect(await nomes()).toContain('Diretora Com Novo Nome');
  });

  describe("a GET's versions, read with its sign-in check", () => {
    const every = Object.keys(VERSIONED_TABLES) as VersionedTable[];
    const lista: VersionedTable[] = ['registros', 'clientes', 'users'];
    const noted = async () => (await db.query(`SELECT ${allVersionsColumn(db.options.type)} AS v`))[0].v;

    it('are the same text `of` and `sumOf` read by themselves (else every kept answer would be missed)', async () => {
      await novoRegistro();
      const [direct, sum, one] = [await versions.of(every), await versions.sumOf(lista), await versions.sumOf(['clientes'])];
      const value = await noted();
      await runInContext({}, async () => {
        versions.noteRequestVersions(value);
        expect(currentContext()?.versoes?.porTabela.size).toBe(every.length);
        expect(await versions.of(every)).toBe(direct);
        expect(await versions.sumOf(lista)).toBe(sum);
        expect(await versions.sumOf(['clientes'])).toBe(one);
      });
    });

    it('stop standing once the request writes, or once they are old', async () => {
      const value = await noted();
      const before = await versions.of(['registros']);
      await runInContext({}, async () => {
        versions.noteRequestVersions(value);
        await withTransaction(db, (m) => m.query('UPDATE registros SET descricao = ? WHERE id = (SELECT id FROM (SELECT id FROM registros LIMIT 1) r)', [`Escrita ${Date.now()}`]));
        expect(currentContext()?.versoes).toBeUndefined();
        expect(await versions.of(['registros'])).not.toBe(before);
      });
      await db.query("UPDATE data_versions SET versao = versao + 1 WHERE tabela = 'clientes'");
      const stale = await versions.sumOf(['clientes']);
      await runInContext({}, async () => {
        versions.noteRequestVersions(value);
        currentContext()!.versoes!.em -= REQUEST_VERSIONS_MS + 1;
        expect(await versions.sumOf(['clientes'])).toBe(stale);
        expect(currentContext()?.versoes).toBeUndefined();
      });
    });

    it('serve a kept list page with one statement (the sign-in check), and a write is seen by the next GET', async () => {
      const pool = api.app.get(ReadPool);
      const registros = api.app.get(RegistrosQueryService);
      const point = jest.spyOn(pool, 'point');
      const read = jest.spyOn(pool, 'read');
      const byKey = jest.spyOn(pool, 'pointByKey');
      try {
        const list = async () => {
          const r = await api.get('/api/registros?range=[0,9]&sort=["createdAt","DESC"]', 'master');
          expect(r.status).toBe(200);
          return r.body.data.map((x: any) => x._id) as string[];
        };
        await novoRegistro(); // an empty page carries no version, and is not kept
        await list();
        await list();
        const made = registros.lista.made;
        point.mockClear();
        read.mockClear();
        byKey.mockClear();
        const batched = pool.batches.statements;
        const first = await list();
        // Given again (not made), with no statement but the sign-in check's, which read the versions too.
        expect(registros.lista.made).toBe(made);
        // (The sign-in check's read by key is a point read on SQLite, one batch of its own on MariaDB: the
        // same statement is seen by the spies it goes through.)
        const statements = new Set([...point.mock.calls.map(([sql]) => sql), ...read.mock.calls.map(([sql]) => sql), ...byKey.mock.calls.map(([head]) => `${head}?)`)]);
        expect([...statements]).toEqual([expect.stringMatching(/data_versions.* FROM .users. WHERE .id. IN \(\?\)$/)]);
        expect(pool.batches.statements - batched).toBe(kind === 'mysql' ? 1 : 0);
        const id = await novoRegistro();
        const after = await list();
        expect(after[0]).toBe(id);
        expect(after).not.toEqual(first);
      } finally {
        point.mockRestore();
        read.mockRestore();
        byKey.mockRestore();
      }
    });
  });
});

describe.each(databaseKinds())('with DATA_VERSIONS off on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await TestApi.start(kind, { DATA_VERSIONS: 'false' });
    await api.withStaff();
  }, 120_000);
  afterAll(() => api.stop());

  it('keeps the triggers but nothing under them: every list request reads its page and count again', async () => {
    const db = api.app.get(DataSource);
    expect(api.app.get(DataVersions).enabled).toBe(false);
    expect(await existingVersionTriggers(db, db.options.type)).toEqual(versionTriggers(kind === 'mysql' ? 'mysql' : 'sqlite').map((t) => t.name).sort());
    const clientes = api.app.get(ClientesService);
    const pages = jest.spyOn(clientes.lista, 'pageWithCount');
    try {
      for (let i = 0; i < 3; i++) expect((await api.get('/api/clientes', 'master')).status).toBe(200);
      // With versions on, the second and third answers are the first one kept (clientes-paginas.e2e-spec.ts).
      expect(pages).toHaveBeenCalledTimes(3);
      expect(clientes.lista.counts.size).toBe(0);
    } finally {
      pages.mockRestore();
    }
  });
});
