#!/usr/bin/env node
/**
 * The query plans of the list, count and search queries of clientes and registros (issue 14), documentos and
 * cobranças (issue 57), as
 * the services build them, on a database a benchmark kept (`--keep`):
 *
 *   node bench/explain.mjs --sqlite /tmp/.../app.sqlite
 *   node bench/explain.mjs --mysql mysql://root@127.0.0.1:3306/<banco>
 *
 * Prints each query and its plan (EXPLAIN QUERY PLAN / EXPLAIN). Not a test.
 */
import { parseArgs, require } from './support.mjs';

const args = parseArgs();
const SQLITE = args.opt('sqlite', null);
const MYSQL = args.opt('mysql', null);

const cnpjRange = "(c.cnpj >= '10004242' AND c.cnpj <= '10004242ZZZZZZ')";
const QUERIES = (fts) => [
  ['clientes: página (ids), mais novos', 'SELECT c.id FROM clientes c ORDER BY c.createdAt DESC, c.id DESC LIMIT 26'],
  ['clientes: contagem sem filtro', 'SELECT COUNT(*) FROM clientes c'],
  ['clientes: página 2.000', 'SELECT c.id FROM clientes c ORDER BY c.createdAt DESC, c.id DESC LIMIT 25 OFFSET 50000'],
  ['clientes: busca comum (LIKE no índice de cobertura)', "SELECT c.id FROM clientes c WHERE (c.busca LIKE '%comercio%' ESCAPE '!') ORDER BY c.createdAt DESC, c.id DESC LIMIT 26"],
  ['clientes: contagem da busca comum', "SELECT COUNT(*) FROM clientes c WHERE (c.busca LIKE '%comercio%' ESCAPE '!')"],
  ...(fts
    ? [['clientes: busca rara (FTS5 trigram)', "SELECT c.id FROM clientes c WHERE (c.rowid IN (SELECT rowid FROM clientes_fts WHERE clientes_fts MATCH '\"contato4242@\"')) ORDER BY c.createdAt DESC, c.id DESC LIMIT 26"]]
    : [
        ['clientes: busca rara, candidatos (índice de sufixos, FULLTEXT)', "SELECT clienteId AS id FROM clientes_sufixos WHERE MATCH (sufixos) AGAINST ('+contato4242*' IN BOOLEAN MODE) LIMIT 2000"],
        ['clientes: busca rara, página dos candidatos', "SELECT c.id FROM clientes c WHERE (c.id IN ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002') AND c.busca LIKE '%contato4242@%' ESCAPE '!') ORDER BY c.createdAt DESC, c.id DESC LIMIT 26"],
      ]),
  ['clientes: CNPJ com máscara (faixa no índice único)', `SELECT c.id FROM clientes c WHERE ((c.busca LIKE '%10004242%' ESCAPE '!') OR ${cnpjRange}) ORDER BY c.createdAt DESC, c.id DESC LIMIT 26`],
  ['registros: página (ids), mais novos', 'SELECT r.id FROM registros r ORDER BY r.createdAt DESC, r.id DESC LIMIT 25'],
  ['registros: contagem sem filtro', 'SELECT COUNT(1) FROM registros r'],
  ['registros: status andamento', "SELECT r.id FROM registros r WHERE r.status IN ('andamento') ORDER BY r.createdAt DESC, r.id DESC LIMIT 25"],
  ['registros: contagem status andamento', "SELECT COUNT(1) FROM registros r WHERE r.status IN ('andamento')"],
  ['registros: protocolo exato (faixa)', "SELECT r.id FROM registros r WHERE r.numero >= '2025-100001' AND r.numero < '2025-100002' ORDER BY r.createdAt DESC, r.id DESC LIMIT 25"],
  ['registros: por nome do cliente', "SELECT r.id FROM registros r WHERE r.clienteId IN (SELECT c.id FROM clientes c WHERE (c.busca LIKE '%padaria estrela%' ESCAPE '!')) ORDER BY r.createdAt DESC, r.id DESC LIMIT 25"],
  // Issue 57 (ADR 0060): the documents' and the charges' pages, ids first.
  ['documentos: página (ids), offset 4.000', 'SELECT d.id FROM documentos d ORDER BY d.createdAt DESC, d.id DESC LIMIT 25 OFFSET 4000'],
  ['documentos: por tipo, offset 4.000', "SELECT d.id FROM documentos d WHERE d.tipo = 'PDF' ORDER BY d.createdAt DESC, d.id DESC LIMIT 25 OFFSET 4000"],
  ['documentos: contagem por tipo', "SELECT COUNT(1) FROM documentos d WHERE d.tipo = 'PDF'"],
  ['documentos: enviados pelo cliente, offset 4.000', "SELECT d.id FROM documentos d WHERE d.enviadoPor = 'cliente' ORDER BY d.createdAt DESC, d.id DESC LIMIT 25 OFFSET 4000"],
  ['cobranças: página (ids), offset 4.000', 'SELECT c.id FROM cobrancas c ORDER BY c.createdAt DESC, c.id DESC LIMIT 25 OFFSET 4000'],
  ['cobranças: status aberta, offset 4.000', "SELECT c.id FROM cobrancas c WHERE c.status IN ('aberta') ORDER BY c.createdAt DESC, c.id DESC LIMIT 25 OFFSET 4000"],
  ['cobranças: contagem status aberta', "SELECT COUNT(*) FROM cobrancas c WHERE c.status IN ('aberta')"],
  ['cobranças: vencidas, offset 1.000', "SELECT c.id FROM cobrancas c WHERE c.status = 'aberta' AND c.vencimento < '2026-12-01' ORDER BY c.createdAt DESC, c.id DESC LIMIT 25 OFFSET 1000"],
];

async function main() {
  if (SQLITE) {
    const Database = require('better-sqlite3');
    const db = new Database(SQLITE, { readonly: true, fileMustExist: true });
    for (const [name, sql] of QUERIES(true)) {
      console.log(`\n### ${name}\n${sql}`);
      for (const row of db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all()) console.log(`  ${row.detail}`);
    }
    db.close();
  } else if (MYSQL) {
    const mysql = require('mysql2/promise');
    const c = await mysql.createConnection(MYSQL);
    for (const [name, sql] of QUERIES(false)) {
      console.log(`\n### ${name}\n${sql}`);
      const [rows] = await c.query(`EXPLAIN ${sql}`);
      for (const r of rows) console.log(`  ${r.table ?? ''} type=${r.type} key=${r.key} rows=${r.rows} ${r.Extra ?? ''}`);
    }
    await c.end();
  } else {
    throw new Error('use --sqlite <arquivo> ou --mysql <url com o banco>');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
