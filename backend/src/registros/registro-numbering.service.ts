import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatProtocolo } from '@veritas/common';
import { isUniqueViolation, withTransaction } from '../platform/database';

/**
 * Protocol numbers ("2026-000123"): one counter row per year in registro_sequencias, taken one at
 * a time inside a registro's transaction, or many at once for the bulk path.
 */
@Injectable()
export class RegistroNumberingService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Makes sure the year's counter row exists (outside the transaction, so a race only costs a retry). */
  async ensureSequence(ano: number): Promise<void> {
    const rows = await this.ds.query('SELECT ano FROM registro_sequencias WHERE ano = ?', [ano]);
    if (rows.length) return;
    try {
      await this.ds.query('INSERT INTO registro_sequencias (ano, ultimo) VALUES (?, 0)', [ano]);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // someone else created it: fine
    }
  }

  /**
   * The next protocol of the year (its counter made by ensureSequence). The UPDATE takes the counter
   * row's lock (MySQL/MariaDB: a row lock until commit; SQLite: the database write lock, and our
   * transactions run one at a time), so two concurrent requests can never read the same value; the
   * unique index on numero is a last guard.
   */
  async nextProtocolo(m: EntityManager, ano: number): Promise<string> {
    await m.query('UPDATE registro_sequencias SET ultimo = ultimo + 1 WHERE ano = ?', [ano]);
    const rows: { ultimo: number | string }[] = await m.query('SELECT ultimo FROM registro_sequencias WHERE ano = ?', [ano]);
    if (!rows.length) throw new Error(`Contador de protocolos de ${ano} ausente.`);
    return formatProtocolo(ano, Number(rows[0].ultimo));
  }

  /**
   * `porAno`'s count of numbers taken from each year's counter (created if missing), in a transaction of
   * their own; the last number before them, by year.
   */
  async reserve(porAno: ReadonlyMap<number, number>): Promise<Map<number, number>> {
    for (const ano of porAno.keys()) await this.ensureSequence(ano);
    return withTransaction(this.ds, async (m) => {
      const ultimos = new Map<number, number>();
      for (const [ano, n] of porAno) {
        await m.query('UPDATE registro_sequencias SET ultimo = ultimo + ? WHERE ano = ?', [n, ano]);
        const [seq]: { ultimo: number | string }[] = await m.query('SELECT ultimo FROM registro_sequencias WHERE ano = ?', [ano]);
        ultimos.set(ano, Number(seq.ultimo) - n);
      }
      return ultimos;
    });
  }
}
