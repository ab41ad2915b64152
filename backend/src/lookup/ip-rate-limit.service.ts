import { Inject, Injectable } from '@nestjs/common';
import { InjectRateLimitStore, type RateLimitStore, takeHit } from '../common/rate-limit-store';
import { APP_CONFIG, AppConfig } from '../config/config';
import { LOOKUP_IP_LIMIT, LookupRateLimitedException, waitSeconds } from './lookup.errors';

const WINDOW_MS = 60_000;

/**
 * The public lookups per IP: at most LOOKUP_RATE_PER_IP calls in a fixed one-minute window, counted
 * in the rate-limit store (in memory, or in Redis across every replica). Keeps anonymous callers
 * from using the server as a free proxy and from draining the CNPJ provider's small quota alone.
 */
@Injectable()
export class IpRateLimitService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRateLimitStore() private readonly store: RateLimitStore,
  ) {}

  async hit(ip: string): Promise<void> {
    const { allowed, retryAfterMs } = await takeHit(this.store, `lookup-ip:${ip}`, WINDOW_MS, this.config.lookup.perIpPerMinute);
    if (!allowed) throw new LookupRateLimitedException(LOOKUP_IP_LIMIT, waitSeconds(retryAfterMs));
  }
}
