import type { MigrationInterface, QueryRunner } from 'typeorm';
import { auditHash, auditMac, diffText, type AuditContent } from '../../audit-chain';
import { auditKeyOf } from '../../audit-chain';
import { newId } from '../ids';

const BATCH = 1000;

type Row = AuditContent & { id: string; hash: string };

/** A DATETIME as the driver gives it back: a Date (mysql2, timezone Z) or SQLite's UTC text. */
const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(String(v)) ? '' : 'Z'}`));

/**
 * The audit chain keyed (issue 55, ADR 0009): every kept entry's hash becomes an HMAC-SHA-256 under
 * the chain's key (AUDIT_KEY or DATA_DIR/audit-key, registered with the data source's options), from
 * the oldest kept entry on, each linked to the new MAC of the one before; then the head, and an entry
 * `auditoria.chave` recording the switch: how many entries were re-keyed, the first kept seq (the
 * start the verification holds the chain to) and whether the old SHA-256 chain still verified when
 * it was re-keyed. An empty trail is left as it is (its first entry will be keyed from the start).
 * Irreversible: the old hashes are not kept.
 */
export class AuditoriaHmac1766700055000 implements MigrationInterface {
  name = 'AuditoriaHmac1766700055000';

  async up(q: QueryRunner): Promise<void> {
    const key = auditKeyOf(q.connection);
    let prevOld: Row | null = null;
    let prevMac: string | null = null;
    let first: number | null = null;
    let count = 0;
    let anterior = 'íntegra';
    for (;;) {
      const rows: Row[] = await q.query(`SELECT * FROM auditoria WHERE seq > ? ORDER BY seq ASC LIMIT ${BATCH}`, [prevOld ? Number(prevOld.seq) : -1]);
      for (const r of rows) {
        const entry: Row = { ...r, seq: Number(r.seq), em: asDate(r.em) };
        if (anterior === 'íntegra') {
          if (prevOld && entry.seq !== Number(prevOld.seq) + 1) anterior = `quebrada na entrada ${entry.seq} (sequência interrompida)`;
          else if (prevOld && entry.prevHash !== prevOld.hash) anterior = `quebrada na entrada ${entry.seq} (hash anterior)`;
          else if (auditHash(entry) !== entry.hash) anterior = `quebrada na entrada ${entry.seq} (conteúdo)`;
        }
        first ??= entry.seq;
        // The oldest kept entry keeps its link (pruned entries are not recomputed); the rest link to the new MACs.
        const prevHash: string = prevMac ?? entry.prevHash;
        const mac = auditMac(key, { ...entry, prevHash });
        await q.query('UPDATE auditoria SET prevHash = ?, hash = ? WHERE id = ?', [prevHash, mac, entry.id]);
        prevOld = entry;
        prevMac = mac;
        count += 1;
      }
      if (rows.length < BATCH) break;
    }
    if (!prevOld || first === null) return;
    const head: { seq: number; hash: string }[] = await q.query('SELECT seq, hash FROM auditoria_cadeia WHERE id = 1');
    if (anterior === 'íntegra' && (Number(head[0]?.seq) !== Number(prevOld.seq) || head[0]?.hash !== prevOld.hash)) anterior = `quebrada no fim (a cadeia registrava a entrada ${head[0]?.seq})`;
    const em = new Date();
    em.setUTCMilliseconds(0);
    const seq = Number(prevOld.seq) + 1;
    const switchEntry: Row = {
      id: newId(),
      seq,
      em,
      atorTipo: 'sistema',
      atorId: null,
      atorEmail: null,
      atorNome: null,
      ip: null,
      requestId: null,
      acao: 'auditoria.chave',
      entidade: 'auditoria',
      entidadeId: null,
      diff: diffText({ algoritmo: ['sha256', 'hmac-sha256'], entradas: [null, count], primeiraMantida: [null, first], cadeiaAnterior: [null, anterior] }),
      prevHash: prevMac!,
      hash: '',
    };
    switchEntry.hash = auditMac(key, switchEntry);
    const cols = ['id', 'seq', 'em', 'atorTipo', 'atorId', 'atorEmail', 'atorNome', 'ip', 'requestId', 'acao', 'entidade', 'entidadeId', 'diff', 'prevHash', 'hash'] as const;
    const sqlite = q.connection.options.type === 'better-sqlite3';
    const values = cols.map((c) => (c === 'em' && sqlite ? em.toISOString().replace('T', ' ').replace('Z', '') : switchEntry[c]));
    await q.query(`INSERT INTO auditoria (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, values);
    await q.query('UPDATE auditoria_cadeia SET seq = ?, hash = ? WHERE id = 1', [seq, switchEntry.hash]);
  }

  async down(): Promise<void> {
    // The SHA-256 hashes are gone; a keyed chain stays keyed (its entries still read as before).
  }
}
