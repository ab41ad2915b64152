import { DataSource } from 'typeorm';
import { loadConfig } from '../../backend/src/platform/config/config';
import { dataSourceOptions } from '../../backend/src/data-source';
import { DataVersions, existingVersionTriggers, VersionedCache, versionTriggers } from '../../backend/src/platform/read-side/data-versions';
import type { ReadPool } from '../../backend/src/platform/read-side/read-pool';
import { PrivateMariaDb } from '../support/private-mariadb';

/**
 * The database as a managed MySQL/MariaDB often is: binary logging on and the app's own user (all privileges on
 * its database, not SUPER). Such a server refuses triggers (ER 1419) unless `log_bin_trust_function_creators`
 * is on (docker-compose.yml sets it). Without it the app must still start and answer right: the migrations
 * pass without the reports' change triggers and nothing is kept by version; once the option is set, the next
 * start creates them and a write bumps its connection's counter.
 */
const maybe = process.env.TEST_MYSQL_URL ? describe : describe.skip;

maybe('MariaDB with binary logging, as a user without SUPER', () => {
  let mariadb: PrivateMariaDb;
  let ds: DataSource;
  const reads = () => ({ manager: ds.manager, read: (sql: string, params: unknown[]) => ds.query(sql, params) }) as unknown as ReadPool;
  const versao = async () => Number((await ds.query("SELECT SUM(versao) AS v FROM data_versions WHERE tabela = 'tipos_cliente'"))[0].v);
  const novoTipo = (nome: string) => ds.query('INSERT INTO tipos_cliente (id, nome, busca, createdAt, updatedAt) VALUES (UUID(), ?, ?, NOW(), NOW())', [nome, nome.toLowerCase()]);

  beforeAll(async () => {
    if (!PrivateMariaDb.available()) throw new Error('mariadbd/mariadb-install-db não encontrados (apt-get install -y mariadb-server).');
    mariadb = await PrivateMariaDb.create(['--log-bin=binlog']);
    await mariadb.createDatabase('veritas');
    await mariadb.query('veritas', "CREATE USER 'veritas'@'127.0.0.1' IDENTIFIED BY 'senha-do-app'");
    await mariadb.query('veritas', "GRANT ALL PRIVILEGES ON veritas.* TO 'veritas'@'127.0.0.1'");
    const config = loadConfig({ DATABASE_URL: `mysql://veritas:senha-do-app@127.0.0.1:${mariadb.port}/veritas`, DATA_DIR: '/tmp/veritas-binlog-unused' });
    ds = new DataSource(dataSourceOptions(config));
    await ds.initialize();
  }, 120_000);
  afterAll(async () => {
    await ds?.destroy();
    await mariadb?.destroy();
  });

  it('without the option the migrations pass without triggers, and nothing is kept by version', async () => {
    expect((await mariadb.query('veritas', "SHOW VARIABLES LIKE 'log_bin'"))[0].Value).toBe('ON');
    expect(await existingVersionTriggers(ds, 'mysql')).toEqual([]);
    const versions = new DataVersions(ds, reads());
    await versions.onApplicationBootstrap();
    expect(versions.enabled).toBe(false);
    const cache = new VersionedCache<number>(versions);
    let n = 0;
    expect(await cache.get('k', ['tipos_cliente'], async () => ++n)).toBe(1);
    expect(await cache.get('k', ['tipos_cliente'], async () => ++n)).toBe(2);
  });

  it('once the option is on, the next start creates every trigger and a write bumps its counter', async () => {
    await mariadb.query('veritas', 'SET GLOBAL log_bin_trust_function_creators = 1');
    const versions = new DataVersions(ds, reads());
    await versions.onApplicationBootstrap();
    expect(versions.enabled).toBe(true);
    expect(await existingVersionTriggers(ds, 'mysql')).toEqual(versionTriggers('mysql').map((t) => t.name).sort());
    const before = await versao();
    await novoTipo('Tipo do teste');
    expect(await versao()).toBe(before + 1);
  });
});
