const MAX_TRACKED = 100_000;

/**
 * Counts events per key in fixed windows, in memory (one process serves the product). `hit`
 * counts one and says how long to wait when the key is past its limit; the count keeps growing
 * while refused, so hammering does not shorten the wait.
 */
export class RateWindow {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly max: () => number,
  ) {}

  /** 0 when allowed; otherwise the milliseconds until the key's window ends. */
  hit(key: string, now = Date.now()): number {
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size >= MAX_TRACKED) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count > this.max() ? w.start + this.windowMs - now : 0;
  }

  /** Bounds memory under a flood of distinct keys. */
  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
    if (this.windows.size >= MAX_TRACKED) this.windows.clear();
  }
}

/** Whole minutes, at least 1, for a pt-BR "aguarde N minutos". */
export function waitMinutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
