import { Inject, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { Limiter, RateLimiters, retryAfterSeconds, TooManyRequestsException } from '../platform/limits';

/** "Aguarde 8 segundos" / "Aguarde 3 minutos": the honest wait, in words. */
export function loginThrottledMessage(seconds: number): string {
  const text =
    seconds < 120 ? `${seconds} segundo${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutos`;
  return `Muitas tentativas de login. Aguarde ${text} e tente novamente.`;
}

const throttled = (waitMs: number) => new TooManyRequestsException(loginThrottledMessage(retryAfterSeconds(waitMs)), retryAfterSeconds(waitMs));

/**
 * Slows password guessing without locking the rightful owner out:
 * - per e-mail, the first LOGIN_MAX_FAILURES_PER_EMAIL failures are free; after that each further
 *   attempt must wait a delay that doubles (LOGIN_DELAY_BASE_SECONDS, 2×, 4×…), capped at
 *   LOGIN_MAX_DELAY_SECONDS — so a stranger's guesses cost the owner at most that wait, never a
 *   fixed lock-out;
 * - per IP, at most LOGIN_MAX_FAILURES_PER_IP failures in LOGIN_WINDOW_MINUTES, whatever e-mails —
 *   failures only: a correct password gives its reservation back at once, so an office behind one
 *   address signs in as often as it likes (issue 54); the default (100) is well above an office's typos;
 * - the owner of a delayed account opens it with a password-reset link (`forgive`).
 *
 * Three rate-limiter-flexible counters (in Redis across the replicas when REDIS_URL is set), each
 * hit one atomic increment: the IP's failures; the e-mail's failures (kept for the longer of the
 * window and the longest delay, from the first one); and the e-mail's wait, a counter of one point
 * whose window is the delay — the one attempt that opens it goes on, any other inside it is refused.
 * The attempt is reserved (counted as a failure) before the slow password hash, so simultaneous
 * guesses cannot all pass; a refused attempt gives its counts back; a success gives the IP's back
 * and clears the e-mail's failures and wait.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byIp: Limiter;
  private readonly failures: Limiter;
  private readonly waits: Limiter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    limiters: RateLimiters,
  ) {
    const { maxFailuresPerIp, windowMs, maxDelayMs } = config.login;
    this.byIp = limiters.create('login-ip', { points: maxFailuresPerIp, durationMs: windowMs });
    this.failures = limiters.create('login-email', { points: Number.MAX_SAFE_INTEGER, durationMs: Math.max(windowMs, maxDelayMs) });
    this.waits = limiters.create('login-wait', { points: 1, durationMs: maxDelayMs });
  }

  /** Takes one attempt for the IP and the e-mail, or throws a 429 that says how long to wait. */
  async reserve(ip: string, email: string): Promise<void> {
    const ipKey = normalizeIp(ip);
    const byIp = await this.byIp.take(ipKey);
    if (!byIp.allowed) {
      await this.byIp.give(ipKey);
      throw throttled(byIp.retryAfterMs);
    }
    const failure = await this.failures.take(email);
    const delayMs = this.delayAfter(failure.count);
    // A free attempt still waits out a delay that outlived the failures' window.
    const wait = delayMs > 0 ? await this.waits.take(email, 1, delayMs) : await this.waits.peek(email);
    if (!wait || wait.allowed) return;
    await Promise.all([this.failures.give(email), this.byIp.give(ipKey)]);
    throw throttled(wait.retryAfterMs);
  }

  /** The password was right: this attempt was no guess. */
  async succeeded(ip: string, email: string): Promise<void> {
    await Promise.all([this.byIp.give(normalizeIp(ip)), this.failures.forget(email), this.waits.forget(email)]);
  }

  /** The account was opened by its owner (a reset link): its failures and wait are forgotten. */
  async forgive(email: string): Promise<void> {
    await Promise.all([this.failures.forget(email), this.waits.forget(email)]);
  }

  /** The wait imposed after the e-mail's `failures`-th failure. */
  private delayAfter(failures: number): number {
    const { maxFailuresPerEmail, delayBaseMs, maxDelayMs } = this.config.login;
    if (failures < maxFailuresPerEmail) return 0;
    return Math.min(maxDelayMs, delayBaseMs * 2 ** Math.min(30, failures - maxFailuresPerEmail));
  }
}
