import type { RateLimitStore } from './rate-limit-store';

/**
 * Counts events per key in fixed windows, in the process's rate-limit store (memory, or Redis
 * shared by every replica). `hit` counts one and says how long to wait when the key is past its
 * limit; the count keeps growing while refused, so hammering does not shorten the wait.
 */
export class RateWindow {
  constructor(
    private readonly store: RateLimitStore,
    /** Keeps this limit's keys apart from the others' in the shared store. */
    private readonly name: string,
    private readonly windowMs: number,
    private readonly max: () => number,
  ) {}

  /** 0 when allowed; otherwise the milliseconds until the key's window ends. */
  hit(key: string): Promise<number> {
    const max = this.max();
    return this.store.update<{ start: number; count: number }, number>(`${this.name}:${key}`, this.windowMs, (w, now) => {
      const current = w && now - w.start < this.windowMs ? w : { start: now, count: 0 };
      const next = { start: current.start, count: current.count + 1 };
      return { next, result: next.count > max ? next.start + this.windowMs - now : 0 };
    });
  }
}

/** Whole minutes, at least 1, for a pt-BR "aguarde N minutos". */
export function waitMinutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
