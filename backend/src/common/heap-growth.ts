import * as v8 from 'node:v8';

/** The old generation may grow to twice what survived the last full collection before the next one. */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The V8 flags the server sets at startup, before the app is built (V8 reads both at each collection, so
 * they take effect when set then). Each is left alone when the operator gives it, in either spelling or
 * negated, on node's own command line (`name` is its name without `--`/`--no-`).
 *
 * - `--heap-growing-percent=100` (issue 14, SMTP ingest). V8 sizes the old generation's next limit from
 *   what survived the last full collection, times a factor it picks from its own speed estimates; in a
 *   burst of mail it picked ~1.1 on this server's ~72 MB of live heap, and collected it in full every
 *   ~300 ms, each reclaiming ~7 MB: from the third round of bench/mail-listener.mjs's 100 KB attachments
 *   on, the listener's CPU a message doubled and its 250s fell towards half the bare smtp-server's rate.
 *   With the factor fixed at 2: 2.1–2.4 ms a message (medians) against 3.8–4.3, 0.86× the bare server
 *   against 0.66–0.75× (docs/decisions.md). The cost is memory: up to one more live heap's worth (tens of
 *   MB here) between full collections.
 * - `--no-allocation-site-pretenuring` (issue 14, the signed-in requests' tail). V8 allocates straight
 *   into the old generation the objects of a literal whose objects it saw survive young collections. Under
 *   signed-in requests it decided that for sites of the path every request takes (express's req.ip, Node's
 *   http parser) and never went back: each of their objects, old from birth, kept its request's young
 *   objects (the request, the response, their closures) alive through the next young collections, so every
 *   request's ~15 KB reached the old generation (1.85 MB a scavenge against 0.01 without the flag, GET
 *   /api/auth/me at 50 connections), scavenges paused 3–4 ms instead of ~1 and the old generation was
 *   collected in full every ~1.4 s.
 *   Nothing this server keeps is made in bulk by literals at a rate that pretenuring would save.
 */
export const HEAP_FLAGS: readonly { name: string; flag: string }[] = [
  { name: 'heap-growing-percent', flag: `--heap-growing-percent=${HEAP_GROWING_PERCENT}` },
  { name: 'allocation-site-pretenuring', flag: '--no-allocation-site-pretenuring' },
];

/** Sets HEAP_FLAGS but those the operator gave; answers the flags set. */
export function heapFlags(execArgv: readonly string[] = process.execArgv, setFlags: (flags: string) => void = v8.setFlagsFromString): string[] {
  const given = (name: string) => {
    const spelled = new RegExp(`^--(no[-_])?${name.replace(/-/g, '[-_]')}(?![-_\\w])`);
    return execArgv.some((a) => spelled.test(a));
  };
  const set = HEAP_FLAGS.filter(({ name }) => !given(name)).map(({ flag }) => flag);
  for (const flag of set) setFlags(flag);
  return set;
}
