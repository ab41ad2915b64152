import type { DataSource } from 'typeorm';
import { withTransaction } from '../platform/database';
import { auditKeyId, auditKeyringOf, auditMac } from '../platform/audit-chain';
import { appendAudit } from './audit-log';
import { Auditoria } from './auditoria.entity';

/** Which key signs an entry: its id, and the key when the keyring holds it. */
export type KeyFor = (seq: number) => { id: string; key: string | null };

/** The key change an entry records (`auditoria.chave` written by a rotation), or null. */
function rotationOf(a: Auditoria): { from: string; to: string } | null {
  try {
    const chave = (JSON.parse(a.diff ?? '{}') as { chave?: unknown }).chave;
    return Array.isArray(chave) && typeof chave[0] === 'string' && typeof chave[1] === 'string' ? { from: chave[0], to: chave[1] } : null;
  } catch {
    return null;
  }
}

/**
 * The chain's key segments (ADR 0009, rotation): a rotation's entry is signed with the new key and
 * starts its segment; the entries before the first rotation are signed with the key it names as
 * the previous one. A rotation entry whose MAC does not hold under the key it names is no rotation
 * (the walk then reports the entries after it). Without a rotation every entry is under the current key.
 */
export async function keySegments(ds: DataSource): Promise<KeyFor> {
  const ring = auditKeyringOf(ds);
  const chaves = await ds.getRepository(Auditoria).createQueryBuilder('a').where('a.acao = :acao', { acao: 'auditoria.chave' }).orderBy('a.seq', 'ASC').getMany();
  const rotations: { seq: number; from: string; to: string }[] = [];
  for (const a of chaves) {
    const r = rotationOf(a);
    const key = r && ring.byId.get(r.to);
    if (r && key && auditMac(key, a) === a.hash) rotations.push({ seq: Number(a.seq), ...r });
  }
  return (seq) => {
    let id = rotations.length ? rotations[0].from : auditKeyId(ring.current);
    for (const r of rotations) if (seq >= r.seq) id = r.to;
    return { id, key: ring.byId.get(id) ?? null };
  };
}

/**
 * At start-up, after a rotation (`npm run audit:rotate-key`, or AUDIT_KEY changed with the old one
 * in AUDIT_KEYRING): when the chain's last entry holds under a retired key of the keyring and not
 * under the current one, appends `auditoria.chave` under the new key, linked to that last entry:
 * the old segment is sealed (a retired key that leaks cannot rewrite it without the new one). Under
 * the head's lock, so replicas starting together rotate once. Answers the entry, or null.
 */
export function rotateAuditKeyIfNeeded(ds: DataSource): Promise<Auditoria | null> {
  return withTransaction(ds, async (m) => {
    await m.query('UPDATE auditoria_cadeia SET seq = seq WHERE id = 1');
    const [last] = await m.getRepository(Auditoria).find({ order: { seq: 'DESC' }, take: 1 });
    if (!last) return null;
    const ring = auditKeyringOf(ds);
    if (auditMac(ring.current, last) === last.hash) return null;
    const from = [...ring.byId].find(([, key]) => auditMac(key, last) === last.hash)?.[0];
    // Under no key of the keyring: a rewritten entry, which the verification reports; nothing to seal.
    if (!from) return null;
    const { s: first } = (await m.getRepository(Auditoria).createQueryBuilder('a').select('MIN(a.seq)', 's').getRawOne<{ s: unknown }>()) ?? { s: null };
    return appendAudit(m, {
      acao: 'auditoria.chave',
      entidade: 'auditoria',
      ator: { kind: 'sistema', id: null },
      diff: { chave: [from, auditKeyId(ring.current)], ultimaDaChaveAnterior: [null, Number(last.seq)], primeiraMantida: [null, Number(first)] },
    });
  });
}
