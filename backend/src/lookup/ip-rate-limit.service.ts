import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { LOOKUP_IP_LIMIT, LookupRateLimitedException, waitSeconds } from './lookup.errors';

const WINDOW_MS = 60_000;
const MAX_TRACKED = 100_000;

/**
 * The public lookups per IP: at most LOOKUP_RATE_PER_IP calls in a fixed one-minute window (in
 * memory: one process serves the product). Keeps anonymous callers from using the server as a
 * free proxy and from draining the CNPJ provider's small quota alone.
 */
@Injectable()
export class IpRateLimitService {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  hit(ip: string): void {
    const now = Date.now();
    let w = this.windows.get(ip);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.windows.size >= MAX_TRACKED) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(ip, w);
    }
    w.count += 1;
    if (w.count > this.config.lookup.perIpPerMinute) {
      throw new LookupRateLimitedException(LOOKUP_IP_LIMIT, waitSeconds(w.start + WINDOW_MS - now));
    }
  }

  /** Bounds memory under a flood of distinct addresses. */
  private sweep(now: number): void {
    for (const [ip, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(ip);
    if (this.windows.size >= MAX_TRACKED) this.windows.clear();
  }
}
