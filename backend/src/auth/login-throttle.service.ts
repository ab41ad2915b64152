import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';

export const LOGIN_THROTTLED_MESSAGE = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';

/**
 * Counts failed sign-ins per e-mail and per IP in a sliding window (in memory: one process serves
 * the product). A success clears the e-mail's count, so the login page's "staff first, then client"
 * order never locks out a client; the IP count only expires, so many accounts cannot be probed.
 */
@Injectable()
export class LoginThrottleService {
  private readonly failures = new Map<string, number[]>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  assertAllowed(ip: string, email: string): void {
    const { maxFailuresPerEmail, maxFailuresPerIp } = this.config.login;
    if (this.count(`ip:${ip}`) >= maxFailuresPerIp || this.count(`email:${email}`) >= maxFailuresPerEmail) {
      throw new HttpException(LOGIN_THROTTLED_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  recordFailure(ip: string, email: string): void {
    this.push(`ip:${ip}`);
    this.push(`email:${email}`);
  }

  recordSuccess(email: string): void {
    this.failures.delete(`email:${email}`);
  }

  private count(key: string): number {
    const since = Date.now() - this.config.login.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list.length;
  }

  private push(key: string): void {
    const list = this.failures.get(key) ?? [];
    list.push(Date.now());
    this.failures.set(key, list);
    if (this.failures.size > 100_000) this.sweep();
  }

  /** Bounds memory under a flood of distinct keys. */
  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.count(key);
  }
}
