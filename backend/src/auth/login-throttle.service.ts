import { Inject, Injectable } from '@nestjs/common';
import { InjectRateLimitStore, RateLimitStore, releaseHit, retryAfterSeconds, takeHit, TooManyRequestsException } from '../common/rate-limit-store';
import { APP_CONFIG, AppConfig } from '../config/config';

/** "Aguarde 8 segundos" / "Aguarde 3 minutos": the honest wait, in words. */
export function loginThrottledMessage(seconds: number): string {
  const text =
    seconds < 120 ? `${seconds} segundo${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutos`;
  return `Muitas tentativas de login. Aguarde ${text} e tente novamente.`;
}

interface EmailState {
  /** Attempts that did not end in a success, including those still being checked. */
  failures: number;
  /** Before this moment (ms) the e-mail takes no attempt. */
  nextAt: number;
}

/**
 * Slows password guessing without locking the rightful owner out:
 * - per e-mail, the first LOGIN_MAX_FAILURES_PER_EMAIL failures are free; after that each further
 *   attempt must wait a delay that doubles (LOGIN_DELAY_BASE_SECONDS, 2×, 4×…), capped at
 *   LOGIN_MAX_DELAY_SECONDS — so a stranger's guesses cost the owner at most that wait, never a
 *   fixed lock-out;
 * - per IP, at most LOGIN_MAX_FAILURES_PER_IP failures in LOGIN_WINDOW_MINUTES, whatever e-mails.
 * The attempt is reserved (counted as a failure) before the slow password hash, atomically in the
 * rate-limit store, so simultaneous guesses cannot all pass the check; a success gives the IP's
 * reservation back and clears the e-mail's record.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRateLimitStore() private readonly store: RateLimitStore,
  ) {}

  /** Takes one attempt for the IP and the e-mail, or throws a 429 that says how long to wait. */
  async reserve(ip: string, email: string): Promise<void> {
    const { maxFailuresPerIp, windowMs } = this.config.login;
    const byIp = await takeHit(this.store, ipKey(ip), windowMs, maxFailuresPerIp);
    if (!byIp.allowed) throw new TooManyRequestsException(loginThrottledMessage(retryAfterSeconds(byIp.retryAfterMs)), retryAfterSeconds(byIp.retryAfterMs));
    const wait = await this.store.update<EmailState, number>(emailKey(email), this.emailTtlMs(), (s, now) => {
      if (s && now < s.nextAt) return { next: s, result: s.nextAt - now };
      const failures = (s?.failures ?? 0) + 1;
      return { next: { failures, nextAt: now + this.delayAfter(failures) }, result: 0 };
    });
    if (wait > 0) {
      await releaseHit(this.store, ipKey(ip), windowMs);
      throw new TooManyRequestsException(loginThrottledMessage(retryAfterSeconds(wait)), retryAfterSeconds(wait));
    }
  }

  /** The password was right: this attempt was no guess. */
  async succeeded(ip: string, email: string): Promise<void> {
    await releaseHit(this.store, ipKey(ip), this.config.login.windowMs);
    await this.store.update(emailKey(email), this.emailTtlMs(), () => ({ next: null, result: undefined }));
  }

  /** The wait imposed after the e-mail's `failures`-th failure. */
  private delayAfter(failures: number): number {
    const { maxFailuresPerEmail, delayBaseMs, maxDelayMs } = this.config.login;
    if (failures < maxFailuresPerEmail) return 0;
    return Math.min(maxDelayMs, delayBaseMs * 2 ** Math.min(30, failures - maxFailuresPerEmail));
  }

  /** An e-mail's failures are forgotten after a quiet window. */
  private emailTtlMs(): number {
    return Math.max(this.config.login.windowMs, this.config.login.maxDelayMs);
  }
}

const ipKey = (ip: string) => `login:ip:${ip}`;
const emailKey = (email: string) => `login:email:${email}`;
