import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { KeptByVersion } from './kept-by-version';
import { APP_CONFIG, type AppConfig } from '../config';
import { currentContext } from '../request';
import { ReadPool } from './read-pool';

/**
 * The tables whose changes some derived figure must see (issue 14: the reports, the registros list's
 * noted deep pages, its whole answers), and the columns an update must change for it to count. Inserts
 * and deletes always count. Kept to what is derived or shown: an update of another column (a user's last
 * sign-in, a client's password) leaves the figures as they are.
 */
export const VERSIONED_TABLES = {
  // Every column a registro's response shows (the staff list's answers are kept whole under this version).
  registros: [
    'tipo', 'servico', 'status', 'createdAt', 'encerradoEm', 'prazo', 'responsavelId', 'juntaUf', 'clienteId', 'exigenciaPrazo', 'etapaAtual',
    'numero', 'descricao', 'valor', 'slaDiasUteis', 'pausadoEm', 'diasUteisRestantes', 'etapaDesde', 'updatedAt',
  ],
  registro_exigencias: ['registroId'],
  cobrancas: ['status', 'vencimento', 'totalCentavos', 'pagoCentavos', 'registroId', 'clienteId'],
  // Every column a client's response shows, too (the clients list's answers are kept whole under this version).
  clientes: [
    'createdAt', 'inativadoEm', 'tipoClienteId', 'busca', 'cnpj', 'status', 'razaoSocial',
    'nomeFantasia', 'cnes', 'nire', 'email', 'emailRF', 'telefone', 'celularWhatsApp', 'telefoneResponsavel', 'celularWhatsAppResponsavel',
    'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'estado', 'pais', 'nomeCompletoResponsavel', 'cargo', 'dataNascimento',
    'nomeCompletoAssinanteDBE', 'cargoAssinanteDBE', 'dataNascimentoAssinanteDBE', 'updatedAt',
  ],
  tipos_cliente: ['nome'],
  users: ['nomeCompleto'],
  // Every column a message's summary shows or a folder is sorted by, too (the folders' answers are kept whole).
  mail_messages: [
    'ownerId', 'folder', 'read', 'starred', 'hasAttachments', 'date', 'searchText',
    'fromAddress', 'fromName', 'toList', 'ccList', 'subject', 'important', 'preview', 'size',
  ],
} as const satisfies Record<string, readonly string[]>;

export type VersionedTable = keyof typeof VERSIONED_TABLES;

/**
 * Counter rows per table on MySQL/MariaDB: a trigger bumps the row of its connection
 * (CONNECTION_ID() % VERSION_SLOTS), so that two transactions writing registros on two connections
 * do not wait for each other on one hot row (nor deadlock on two of them taken in different orders).
 * A table's version is the sum of its rows, which only grows. SQLite has one writer: one row (slot 0).
 */
export const VERSION_SLOTS = 32;

type Kind = 'mysql' | 'sqlite';
/** A query runner or a data source: whatever runs SQL. */
type Runs = { query(sql: string, params?: unknown[]): Promise<any> };

const kindOf = (type: string): Kind => (type === 'mysql' ? 'mysql' : 'sqlite');

/**
 * The current version of tables as a column of a query (an uncorrelated subquery, evaluated once): read
 * in the same statement as the rows, so it is the version those rows are at (one snapshot, both
 * databases). Of several tables, the sum: it grows whenever any of them changes.
 */
export function versionColumn(tables: VersionedTable | readonly VersionedTable[]): string {
  const list = (typeof tables === 'string' ? [tables] : tables).map((t) => `'${t}'`).join(', ');
  return `(SELECT SUM(versao) FROM data_versions WHERE tabela IN (${list}))`;
}

/**
 * Every table's version as one text column, `tabela:versao` separated by spaces (an uncorrelated
 * subquery over data_versions' few rows): read beside the token's person in a GET's sign-in check, so
 * that the request's caches need no statement of their own to read versions (DataVersions.noteRequestVersions).
 * Each version is the text the driver gives for SUM(versao), so it compares equal with `of`'s and `sumOf`'s.
 */
export function allVersionsColumn(type: string): string {
  const each = '(SELECT tabela, SUM(versao) AS v FROM data_versions GROUP BY tabela) t';
  return kindOf(type) === 'mysql'
    ? `(SELECT GROUP_CONCAT(t.tabela, ':', t.v SEPARATOR ' ') FROM ${each})`
    : `(SELECT group_concat(t.tabela || ':' || t.v, ' ') FROM ${each})`;
}

/** allVersionsColumn's text as table → version (null when it is not such a text). */
export function parseAllVersions(text: unknown): Map<string, string> | null {
  if (typeof text !== 'string') return null;
  const out = new Map<string, string>();
  for (const part of text.split(' ')) {
    const m = /^([a-z_]+):(\d+)$/.exec(part);
    if (!m) return null;
    out.set(m[1], m[2]);
  }
  return out;
}

/**
 * How long versions read with a request's sign-in check stand for it: a request answers as of when
 * it came in, but one that is still running after this (a slow report, a job it left behind in its
 * context) reads them again.
 */
export const REQUEST_VERSIONS_MS = 1_000;

/**
 * The triggers that keep data_versions, as CREATE ... IF NOT EXISTS statements (SQLite, MariaDB ≥ 10.1.4,
 * MySQL ≥ 8.0.29). Each name ends in a hash of its definition: a change to VERSIONED_TABLES gives new
 * names, so the next start creates the new triggers and drops the old ones (ensureVersionTriggers).
 */
export function versionTriggers(kind: Kind): { name: string; sql: string }[] {
  const out: { name: string; sql: string }[] = [];
  const slot = kind === 'mysql' ? `CONNECTION_ID() % ${VERSION_SLOTS}` : '0';
  const q = (id: string) => (kind === 'mysql' ? `\`${id}\`` : `"${id}"`);
  for (const [table, columns] of Object.entries(VERSIONED_TABLES)) {
    const bump = `UPDATE data_versions SET versao = versao + 1 WHERE tabela = '${table}' AND slot = ${slot}`;
    const same = columns.map((c) => (kind === 'mysql' ? `NEW.${q(c)} <=> OLD.${q(c)}` : `NEW.${q(c)} IS OLD.${q(c)}`)).join(' AND ');
    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      const on = `AFTER ${event} ON ${q(table)} FOR EACH ROW`;
      let body: string;
      if (kind === 'mysql') body = event === 'UPDATE' ? `${on} BEGIN IF NOT (${same}) THEN ${bump}; END IF; END` : `${on} ${bump}`;
      else body = `${on}${event === 'UPDATE' ? ` WHEN NOT (${same})` : ''} BEGIN ${bump}; END`;
      const name = `dv_${table}_${event.slice(0, 3).toLowerCase()}_${createHash('sha256').update(body).digest('hex').slice(0, 8)}`;
      out.push({ name, sql: `CREATE TRIGGER IF NOT EXISTS ${name} ${body}` });
    }
  }
  return out;
}

/** The names of the version triggers the database has (tests; the start-up check). */
export async function existingVersionTriggers(runner: Runs, type: string): Promise<string[]> {
  const rows: { name: string }[] =
    kindOf(type) === 'mysql'
      ? await runner.query("SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE 'dv\\_%'")
      : await runner.query("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'dv\\_%' ESCAPE '\\'");
  return rows.map((r) => r.name).sort();
}

/**
 * MySQL/MariaDB refusing a trigger to this user: binary logging on without SUPER (1419), or no TRIGGER
 * privilege (1142, 1227). The product then runs without versions (DataVersions.enabled false).
 */
export function triggersRefused(err: unknown): boolean {
  const e = err as { errno?: number; driverError?: { errno?: number } };
  const errno = e?.driverError?.errno ?? e?.errno;
  return errno === 1419 || errno === 1142 || errno === 1227;
}

export const TRIGGERS_REFUSED =
  'O usuário do banco não pode criar gatilhos (log binário ligado sem SUPER: defina log_bin_trust_function_creators = 1, ' +
  'ou conceda TRIGGER): relatórios e contagens das listas serão calculados a cada pedido até a próxima inicialização.';

const VERSIONS_OFF = 'DATA_VERSIONS desligado: listas, contagens e relatórios são calculados a cada pedido.';

/**
 * Creates whichever version triggers are missing, then drops those of an older definition (created
 * first, so no write goes uncounted in between; for a moment both count, which only moves a version
 * once more). The migration and every start-up. Returns the names created, or null when the database
 * refuses triggers to this user (triggersRefused).
 */
export async function ensureVersionTriggers(runner: Runs, type: string): Promise<string[] | null> {
  // A table added to VERSIONED_TABLES after the migration ran gets its counter rows here (a trigger only
  // updates a row; without them its version would never move).
  const kind = kindOf(type);
  const rows = Object.keys(VERSIONED_TABLES).flatMap((t) => Array.from({ length: kind === 'mysql' ? VERSION_SLOTS : 1 }, (_, slot) => [t, slot]));
  await runner.query(`INSERT ${kind === 'mysql' ? 'IGNORE' : 'OR IGNORE'} INTO data_versions (tabela, slot, versao) VALUES ${rows.map(() => '(?, ?, 0)').join(', ')}`, rows.flat());
  const have = await existingVersionTriggers(runner, type);
  const wanted = versionTriggers(kind);
  const missing = wanted.filter((t) => !have.includes(t.name));
  try {
    for (const t of missing) await runner.query(t.sql);
    for (const old of have.filter((n) => !wanted.some((t) => t.name === n))) await runner.query(`DROP TRIGGER IF EXISTS ${old}`);
  } catch (err) {
    if (triggersRefused(err)) return null;
    throw err;
  }
  return missing.map((t) => t.name);
}

/**
 * How far each of VERSIONED_TABLES has changed: a number that grows in the same transaction as any
 * insert, delete or update of a listed column (triggers, so no write path can forget it: the API,
 * the demo seeder, a job, a raw UPDATE in a test). What a process derives from those tables (a
 * report) can be kept while the versions it was derived at are still the current ones, in every
 * replica at once: the versions are in the shared database, not in the process.
 *
 * Triggers are asserted at every start, not only by the migration: a later SQLite migration that
 * rebuilds a table drops its triggers, and a restore through the Node dump (no mysqldump on PATH)
 * brings tables and rows only.
 */
@Injectable()
export class DataVersions implements OnApplicationBootstrap {
  private readonly logger = new Logger(DataVersions.name);
  /**
   * Whether versions are used: the triggers are all there (if the database refused them, see triggersRefused,
   * nothing may be kept by version, as nothing would bump it) and DATA_VERSIONS is not off. Set at start-up;
   * tests build the service without it.
   */
  enabled = true;

  /** allVersionsColumn of this database, written once (it is read on every GET's sign-in check). */
  private readonly allColumn: string;

  constructor(
    private readonly db: DataSource,
    private readonly reads: ReadPool,
    /** Absent where a test builds the service by hand: versions on. */
    @Optional() @Inject(APP_CONFIG) private readonly config?: Pick<AppConfig, 'dataVersions'>,
  ) {
    this.allColumn = allVersionsColumn(db.options.type);
  }

  async onApplicationBootstrap(): Promise<void> {
    // The triggers are kept even with DATA_VERSIONS off, so that versions are exact again once it is on.
    const created = await ensureVersionTriggers(this.db, this.db.options.type);
    const wanted = this.config?.dataVersions ?? true;
    this.enabled = created !== null && wanted;
    if (!wanted) this.logger.log(VERSIONS_OFF);
    if (!created) this.logger.error(TRIGGERS_REFUSED);
    else if (created.length && created.length < versionTriggers(kindOf(this.db.options.type)).length) {
      this.logger.warn(`Gatilhos de versão recriados: ${created.join(', ')}`);
    }
  }

  /**
   * The current versions of `tables`, as one comparable text. Read where only committed data is seen
   * (SQLite: a reader, never the writer's connection, which may be inside a transaction that bumped
   * a version and may still roll back), before the figures are read: figures read after it are at
   * least that new, so a result is never kept under a version older than what it shows.
   */
  async of(tables: readonly VersionedTable[]): Promise<string> {
    const noted = this.requestVersions();
    if (noted) return tables.map((t) => `${t}:${noted.get(t) ?? '-'}`).join(' ');
    const rows: { tabela: string; v: unknown }[] = await this.reads.read(
      `SELECT tabela, SUM(versao) AS v FROM data_versions WHERE tabela IN (${tables.map(() => '?').join(', ')}) GROUP BY tabela`,
      [...tables],
    );
    const by = new Map(rows.map((r) => [r.tabela, String(r.v)]));
    return tables.map((t) => `${t}:${by.get(t) ?? '-'}`).join(' ');
  }

  /**
   * The sum of `tables`' versions as versionColumn(tables) reads it inside a list's statement (the same SQL,
   * the same driver, so the same text): what was derived after reading it can be checked against a page's.
   * Read where only committed data is seen, as `of`.
   */
  async sumOf(tables: readonly VersionedTable[]): Promise<string> {
    const noted = this.notedSumOf(tables);
    if (noted !== null) return noted;
    const [row]: { v: unknown }[] = await this.reads.point(`SELECT ${versionColumn(tables)} AS v`, []);
    return String(row?.v);
  }

  /** sumOf from the versions noted with the request's sign-in check, without a statement; null when none are noted. */
  notedSumOf(tables: readonly VersionedTable[]): string | null {
    const noted = this.requestVersions();
    if (!noted) return null;
    const present = tables.filter((t) => noted.has(t));
    // SUM over no row is NULL, which the driver gives as null.
    return present.length ? String(present.reduce((sum, t) => sum + BigInt(noted.get(t)!), 0n)) : 'null';
  }

  /**
   * The SQL column a GET's sign-in check reads beside the person (allVersionsColumn), or null when the
   * current request is no GET or there are no versions: then nothing is noted and every cache reads its own.
   */
  requestVersionsColumn(): string | null {
    return this.enabled && currentContext()?.leitura ? this.allColumn : null;
  }

  /**
   * Notes the versions read with the sign-in check (requestVersionsColumn's value) for the rest of the
   * request: `of` and `sumOf` answer from them. They were read where only committed data is seen, before
   * anything the request reads after, so a figure read after them is at least that new (as with `of`). A
   * request that writes drops them (withTransaction): what it reads after its own write must see it.
   */
  noteRequestVersions(value: unknown): void {
    const ctx = currentContext();
    const porTabela = parseAllVersions(value);
    if (ctx && porTabela) ctx.versoes = { em: performance.now(), porTabela };
  }

  private requestVersions(): ReadonlyMap<string, string> | null {
    const ctx = currentContext();
    const noted = ctx?.versoes;
    if (!noted) return null;
    if (performance.now() - noted.em > REQUEST_VERSIONS_MS) {
      ctx.versoes = undefined;
      return null;
    }
    return noted.porTabela;
  }
}

/**
 * Results kept while the data they came from is unchanged: `get(key, tables, compute)` answers the
 * kept result when `tables`' versions are those it was computed at, else computes it once for every
 * caller that asks meanwhile (one computation, not fifty, when a screen is opened by many). At most
 * `max` keys, the least recently used dropped first. A failed computation is not kept.
 */
export class VersionedCache<T> {
  private readonly entries: KeptByVersion<Promise<T>>;
  /** How many results were computed (tests, metrics). */
  computed = 0;

  constructor(
    private readonly versions: DataVersions,
    max = 200,
  ) {
    this.entries = new KeptByVersion(max);
  }

  async get(key: string, tables: readonly VersionedTable[], compute: () => Promise<T>): Promise<T> {
    if (!this.versions.enabled) return compute();
    const version = await this.versions.of(tables);
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value;
    this.computed++;
    const value = compute();
    this.entries.set(key, version, value);
    value.catch(() => this.entries.forget(key, value));
    return value;
  }
}
