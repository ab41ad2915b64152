import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/** The account as the bank identifies it, frozen here as the feature wrote it then (financas/ofx.ts contaNormalizada). */
const normalizada = (conta: string) =>
  conta
    .split('/')
    .filter((p) => p.trim() !== '')
    .map((p) => p.toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/^0+(?=.)/, ''))
    .join('/')
    .slice(0, 60);

/**
 * Reconciliation a bookkeeper trusts (issue 52): a statement file is imported once (the SHA-256 of its
 * bytes, unique: the same file twice, even at the same moment, is one import and a 409); a credit may
 * carry a warning (a FITID the bank repeated with another amount, an over-payment); the accounts already
 * stored are rewritten without punctuation or leading zeros, so that "056789" and "56789" dedupe.
 */
export class ExtratoConciliacao1766700000000 implements MigrationInterface {
  name = 'ExtratoConciliacao1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('extratos', new TableColumn({ name: 'hash', type: 'varchar', length: '64', isNullable: true }));
    await q.createIndex('extratos', new TableIndex({ name: 'uq_extratos_hash', columnNames: ['hash'], isUnique: true }));
    await q.addColumn('extrato_transacoes', new TableColumn({ name: 'alerta', type: 'varchar', length: '200', isNullable: true }));
    const rows: { id: string; conta: string; fitid: string }[] = await q.query('SELECT id, conta, fitid FROM extrato_transacoes');
    const taken = new Set(rows.map((r) => `${r.conta}\u0000${r.fitid}`));
    for (const r of rows) {
      const nova = normalizada(r.conta);
      if (nova === r.conta || taken.has(`${nova}\u0000${r.fitid}`)) continue;
      await q.query('UPDATE extrato_transacoes SET conta = ? WHERE id = ?', [nova, r.id]);
      taken.add(`${nova}\u0000${r.fitid}`);
    }
    for (const e of (await q.query('SELECT id, conta FROM extratos')) as { id: string; conta: string }[]) {
      const nova = normalizada(e.conta);
      if (nova !== e.conta) await q.query('UPDATE extratos SET conta = ? WHERE id = ?', [nova, e.id]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('extrato_transacoes', 'alerta');
    await q.dropIndex('extratos', 'uq_extratos_hash');
    await q.dropColumn('extratos', 'hash');
  }
}
