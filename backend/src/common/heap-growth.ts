import * as v8 from 'node:v8';

/** The old generation may grow to twice what survived the last full collection before the next one. */
export const HEAP_GROWING_PERCENT = 100;

/**
 * V8's heap growth, fixed (issue 14, SMTP ingest). V8 sizes the old generation's next limit from
 * what survived the last full collection, times a factor it picks from its own speed estimates; in a
 * burst of mail it picked ~1.1 on this server's ~72 MB of live heap, and collected it in full every
 * ~300 ms, each reclaiming ~7 MB: from the third round of bench/mail-listener.mjs's 100 KB
 * attachments on, the listener's CPU a message doubled and its 250s fell towards half the bare
 * smtp-server's rate. With the factor fixed at 2: 2.1–2.4 ms a message (medians) against 3.8–4.3,
 * 0.86× the bare server against 0.66–0.75× (docs/decisions.md). The cost is memory:
 * up to one more live heap's worth (tens of MB here) between full collections. An operator's own
 * `node --heap-growing-percent=N` wins. Read by V8 at each collection, so it takes effect when set
 * at startup, before the app is built.
 */
export function steadyHeapGrowth(execArgv: readonly string[] = process.execArgv, setFlags: (flags: string) => void = v8.setFlagsFromString): boolean {
  if (execArgv.some((a) => /^--heap[-_]growing[-_]percent\b/.test(a))) return false;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
