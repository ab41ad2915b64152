import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** What a MySQL dump holds: the rows of each table, and the values of the columns asked for. */
export interface DumpScan {
  tables: Record<string, number>;
  /** table → column → every non-null value of that column, in dump order. */
  values: Record<string, Record<string, string[]>>;
}

/**
 * Reads a dump written by mysqldump/mariadb-dump with --complete-insert (or by our Node fallback,
 * which writes the same shape): every `CREATE TABLE` names a table, every `INSERT INTO` statement
 * holds one or more row tuples (on one line with MySQL's tool, one per line with MariaDB's). Counting tuples from the dump itself gives the counts of the very
 * snapshot the dump is, with no second query racing the writers.
 */
export async function scanMysqlDump(file: string, wanted: Record<string, string[]> = {}): Promise<DumpScan> {
  const scan: DumpScan = { tables: {}, values: {} };
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let insert: string | null = null;
  for await (const line of lines) {
    if (insert === null) {
      const created = /^CREATE TABLE `((?:[^`]|``)+)`/.exec(line);
      if (created) {
        scan.tables[created[1].replace(/``/g, '`')] ??= 0;
        continue;
      }
      if (!line.startsWith('INSERT INTO `')) continue;
      insert = line;
    } else {
      insert += `\n${line}`;
    }
    // MariaDB's dump puts each tuple on a line of its own; newlines inside values are escaped
    // (\n), so a statement ends on the first line that ends with ";".
    if (!line.trimEnd().endsWith(';')) continue;
    const parsed = parseInsert(insert, wanted);
    insert = null;
    scan.tables[parsed.table] = (scan.tables[parsed.table] ?? 0) + parsed.rows;
    for (const [col, vals] of Object.entries(parsed.values)) {
      const byCol = (scan.values[parsed.table] ??= {});
      (byCol[col] ??= []).push(...vals);
    }
  }
  return scan;
}

/**
 * One `INSERT INTO `t` (`a`,`b`) VALUES (…),(…);` line: the table, its tuple count and the values
 * of the wanted columns (strings unescaped; NULL skipped).
 */
export function parseInsert(line: string, wanted: Record<string, string[]> = {}): { table: string; rows: number; values: Record<string, string[]> } {
  let i = 'INSERT INTO `'.length;
  const ident = (): string => {
    let out = '';
    for (;;) {
      const c = line[i++];
      if (c === undefined) throw new Error('INSERT incompleto no dump');
      if (c === '`') {
        if (line[i] === '`') {
          out += '`';
          i++;
          continue;
        }
        return out;
      }
      out += c;
    }
  };
  const table = ident();
  const columns: string[] = [];
  while (line[i] === ' ') i++;
  if (line[i] === '(') {
    i++;
    for (;;) {
      while (line[i] === ' ' || line[i] === ',') i++;
      if (line[i] === ')') {
        i++;
        break;
      }
      if (line[i] !== '`') throw new Error(`lista de colunas inesperada no INSERT de ${table}`);
      i++;
      columns.push(ident());
    }
  }
  const want = new Map<number, string>();
  for (const col of wanted[table] ?? []) {
    const at = columns.indexOf(col);
    if (at < 0) throw new Error(`o dump não traz a coluna ${table}.${col} (use --complete-insert)`);
    want.set(at, col);
  }
  const values: Record<string, string[]> = {};
  for (const col of want.values()) values[col] = [];
  const valuesAt = line.indexOf('VALUES', i);
  if (valuesAt < 0) throw new Error(`INSERT sem VALUES no dump (${table})`);
  i = valuesAt + 'VALUES'.length;
  let rows = 0;
  let depth = 0;
  let field = 0;
  let token = '';
  let quoted = false;
  const endField = () => {
    const col = want.get(field);
    if (col !== undefined && (quoted || token.trim().toUpperCase() !== 'NULL')) values[col].push(quoted ? token : token.trim());
    token = '';
    quoted = false;
    field++;
  };
  while (i < line.length) {
    const c = line[i];
    if (depth === 0) {
      if (c === '(') {
        depth = 1;
        rows++;
        field = 0;
        token = '';
        quoted = false;
      }
      i++;
      continue;
    }
    if (c === "'") {
      // A quoted string: backslash escapes and doubled quotes, as mysqldump writes them.
      quoted = true;
      i++;
      while (i < line.length) {
        const d = line[i];
        if (d === '\\') {
          token += UNESCAPE[line[i + 1]] ?? line[i + 1];
          i += 2;
        } else if (d === "'" && line[i + 1] === "'") {
          token += "'";
          i += 2;
        } else if (d === "'") {
          i++;
          break;
        } else {
          token += d;
          i++;
        }
      }
      continue;
    }
    if (c === ',') endField();
    else if (c === ')') {
      endField();
      depth = 0;
    } else token += c;
    i++;
  }
  if (depth !== 0) throw new Error(`INSERT cortado no dump (${table})`);
  return { table, rows, values };
}

const UNESCAPE: Record<string, string> = { '0': '\0', n: '\n', r: '\r', t: '\t', Z: '\x1a', b: '\b' };
