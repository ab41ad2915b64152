import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseInsert, scanMysqlDump } from './mysql-dump-scan';

describe('parseInsert (a mysqldump INSERT statement)', () => {
  it.each([
    ["INSERT INTO `t` (`a`, `b`) VALUES (1,'x');", 1, ['x']],
    ["INSERT INTO `t` (`a`, `b`) VALUES (1,'a,b'),(2,'c)d'),(3,NULL);", 3, ['a,b', 'c)d']],
    ["INSERT INTO `t` (`a`, `b`) VALUES (1,'it\\'s'),(2,'dois''quotes'),(3,'linha\\nnova');", 3, ["it's", "dois'quotes", 'linha\nnova']],
    ["INSERT INTO `t` (`a`, `b`) VALUES (0x00FF,'(x),(y);'),\n(2,'z');", 2, ['(x),(y);', 'z']],
  ])('%s', (line, rows, values) => {
    expect(parseInsert(line as string, { t: ['b'] })).toEqual({ table: 't', rows, values: { b: values } });
  });

  it('refuses a dump without column names when a column is wanted', () => {
    expect(() => parseInsert("INSERT INTO `t` VALUES (1,'x');", { t: ['b'] })).toThrow(/--complete-insert/);
  });
});

describe('scanMysqlDump', () => {
  it('counts the rows of each table, also when MariaDB puts each tuple on its own line, and tables with no rows', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scan-')), 'd.sql');
    fs.writeFileSync(
      file,
      [
        'CREATE TABLE `vazia` (',
        '  `id` int',
        ');',
        'CREATE TABLE `docs` (`id` int, `storageKey` varchar(200));',
        "INSERT INTO `docs` (`id`, `storageKey`) VALUES (1,'documentos/a/1'),",
        "(2,'documentos/a/2'),",
        "(3,'documentos/b/3');",
        "INSERT INTO `docs` (`id`, `storageKey`) VALUES (4,'documentos/b/4');",
      ].join('\n'),
    );
    const scan = await scanMysqlDump(file, { docs: ['storageKey'] });
    expect(scan.tables).toEqual({ vazia: 0, docs: 4 });
    expect(scan.values.docs.storageKey).toEqual(['documentos/a/1', 'documentos/a/2', 'documentos/b/3', 'documentos/b/4']);
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
