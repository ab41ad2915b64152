// The public surface of platform/limits: other folders import from here, never one of its files (architecture.spec.ts).
export { Limits, LimitsModule } from './limits.module';
export { RateLimit, TooManyRequestsException, retryAfterSeconds } from './limits';
export { Limiter, RateLimiters } from './rate-limiters';
