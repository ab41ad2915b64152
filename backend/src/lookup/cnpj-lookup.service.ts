import { BadRequestException, Inject, Injectable, Logger, NotFoundException, OnModuleInit, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { cleanCnpj, formatDateTimeBR, validateCnpjField } from '@veritas/common';
import { isUniqueViolation } from '../platform/database';
import { sharedCall } from '../platform/read-side';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { CnpjConsulta } from './entities/cnpj-consulta.entity';
import { CNPJ_NOT_FOUND, CNPJ_PROVIDER_DOWN, cnpjBusyMessage, LookupRateLimitedException, waitSeconds } from './lookup.errors';
import { getProviderJson } from './provider-http';
import { RateLimiters } from '../platform/limits';
import { ProviderBusyError, ProviderRateLimiter } from './provider-rate-limiter';

/** A CNPJá "office" object (§3.5): taxId, alias, company {...}, address {...}, mainActivity, ... */
export type CnpjOffice = Record<string, unknown>;

export interface CnpjLookupResult {
  data: CnpjOffice;
  meta: {
    cnpj: string;
    /** When the provider gave this answer (ISO 8601, UTC). */
    fetchedAt: string;
    /** cache: served from the database; provider: just fetched. */
    source: 'cache' | 'provider';
    /** True when a fresh answer was wanted but could not be had: this is the last stored one. */
    stale: boolean;
  };
  /** Why a stale answer is shown, in pt-BR. */
  message?: string;
}

/** Why no fresh answer could be had. */
type Failure = { kind: 'not-found' } | { kind: 'busy'; retryAfterMs: number } | { kind: 'down'; reason: string };
type ProviderOutcome = { kind: 'ok'; office: CnpjOffice } | Failure;
type Fetched = { kind: 'ok'; office: CnpjOffice; stored: CnpjConsulta } | { kind: 'cached'; stored: CnpjConsulta } | Failure;

const DAY_MS = 86_400_000;
const PROVIDER_429_PAUSE_MS = 60_000;
const PUBLIC_SHARE = 'public';

/** Who asks: the public form (anonymous, a share of the provider's budget) or the staff (the rest). */
export type LookupCaller = 'public' | 'staff';

/**
 * CNPJ lookups through a CNPJá-compatible provider, with a database cache. The provider's free
 * tier allows 5 calls a minute, so: answers are served from the cache for CNPJ_CACHE_DAYS;
 * concurrent lookups of one CNPJ share one call; calls beyond the rate wait briefly for a slot or
 * are refused politely; and whenever the provider cannot answer, the last stored answer is shown
 * with a message saying so.
 */
@Injectable()
export class CnpjLookupService implements OnModuleInit {
  private readonly logger = new Logger(CnpjLookupService.name);
  private limiter!: ProviderRateLimiter;
  /** Keyed by CNPJ and refresh flag: a refresh never settles for a plain lookup's cache hit. */
  private readonly inFlight = new Map<string, Promise<Fetched>>();

  constructor(
    @InjectRepository(CnpjConsulta) private readonly consultas: Repository<CnpjConsulta>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiters: RateLimiters,
  ) {}

  onModuleInit(): void {
    const { cnpjRatePerMinute, cnpjStaffReservedPerMinute } = this.config.lookup;
    // The anonymous public lookups use what the staff's reserve leaves (at least one a minute).
    const publicShare = Math.max(1, cnpjRatePerMinute - cnpjStaffReservedPerMinute);
    // In the shared store: every replica draws on the one quota the provider gives the firm.
    this.limiter = new ProviderRateLimiter(this.limiters.create('cnpj-provider', { points: cnpjRatePerMinute, durationMs: 60_000 }), {
      [PUBLIC_SHARE]: this.limiters.create('cnpj-provider-public', { points: publicShare, durationMs: 60_000 }),
    });
  }

  /** Invalid input is a 400 before anything else happens. */
  static validCnpj(raw: string): string {
    const { error } = validateCnpjField(raw);
    if (error) throw new BadRequestException(error);
    return cleanCnpj(raw);
  }

  async lookup(rawCnpj: string, opts: { refresh?: boolean; caller: LookupCaller }): Promise<CnpjLookupResult> {
    const cnpj = CnpjLookupService.validCnpj(rawCnpj);
    const stored = await this.consultas.findOne({ where: { cnpj } });
    if (stored && !opts.refresh && this.isFresh(stored)) return this.fromStore(stored, false);

    const fetched = await this.fetchShared(cnpj, !!opts.refresh, opts.caller);
    if (fetched.kind === 'ok') {
      return { data: fetched.office, meta: { cnpj, fetchedAt: fetched.stored.fetchedAt.toISOString(), source: 'provider', stale: false } };
    }
    if (fetched.kind === 'cached') return this.fromStore(fetched.stored, false);
    if (stored) return this.fromStore(stored, true, this.staleReason(fetched, stored));
    switch (fetched.kind) {
      case 'not-found':
        throw new NotFoundException(CNPJ_NOT_FOUND);
      case 'busy': {
        const seconds = waitSeconds(fetched.retryAfterMs);
        throw new LookupRateLimitedException(cnpjBusyMessage(seconds), seconds);
      }
      case 'down':
        throw new ServiceUnavailableException(CNPJ_PROVIDER_DOWN);
    }
  }

  private isFresh(stored: CnpjConsulta): boolean {
    return Date.now() - stored.fetchedAt.getTime() < this.config.lookup.cnpjCacheDays * DAY_MS;
  }

  private fromStore(stored: CnpjConsulta, stale: boolean, message?: string): CnpjLookupResult {
    const result: CnpjLookupResult = {
      data: JSON.parse(stored.payload) as CnpjOffice,
      meta: { cnpj: stored.cnpj, fetchedAt: stored.fetchedAt.toISOString(), source: 'cache', stale },
    };
    if (message) result.message = message;
    return result;
  }

  private staleReason(fetched: Failure, stored: CnpjConsulta): string {
    const when = `Exibindo a última consulta salva, de ${formatDateTimeBR(stored.fetchedAt)}.`;
    switch (fetched.kind) {
      case 'not-found':
        return `${CNPJ_NOT_FOUND}. ${when}`;
      case 'busy':
        return `${cnpjBusyMessage(waitSeconds(fetched.retryAfterMs))} ${when}`;
      case 'down':
        return `${CNPJ_PROVIDER_DOWN} ${when}`;
    }
  }

  /**
   * One provider call per CNPJ at a time: a second asker waits for the first one's answer (stored
   * before the promise settles). One that read the cache just before that answer was stored finds
   * it on the second look, instead of calling again.
   */
  private fetchShared(cnpj: string, refresh: boolean, caller: LookupCaller): Promise<Fetched> {
    return sharedCall(this.inFlight, `${cnpj}:${refresh}:${caller}`, () => this.fetchAndStore(cnpj, refresh, caller));
  }

  private async fetchAndStore(cnpj: string, refresh: boolean, caller: LookupCaller): Promise<Fetched> {
    if (!refresh) {
      const stored = await this.consultas.findOne({ where: { cnpj } });
      if (stored && this.isFresh(stored)) return { kind: 'cached', stored };
    }
    const fetched = await this.fetchFromProvider(cnpj, caller);
    if (fetched.kind !== 'ok') return fetched;
    return { ...fetched, stored: await this.store(cnpj, fetched.office) };
  }

  private async fetchFromProvider(cnpj: string, caller: LookupCaller): Promise<ProviderOutcome> {
    try {
      await this.limiter.acquire(this.config.lookup.cnpjQueueMs, caller === 'public' ? PUBLIC_SHARE : undefined);
    } catch (err) {
      if (err instanceof ProviderBusyError) return { kind: 'busy', retryAfterMs: err.retryAfterMs };
      throw err;
    }
    const { cnpjApiUrl, cnpjApiKey, timeoutMs } = this.config.lookup;
    const headers: Record<string, string> = cnpjApiKey ? { authorization: cnpjApiKey } : {};
    const reply = await getProviderJson(`${cnpjApiUrl}/office/${encodeURIComponent(cnpj)}`, headers, timeoutMs);
    if (reply.kind === 'unreachable') {
      this.logger.warn(`Consulta de CNPJ falhou: ${reply.reason}`);
      return { kind: 'down', reason: reply.reason };
    }
    const { status, body } = reply;
    if (status === 200 && isOffice(body)) return { kind: 'ok', office: body };
    if (status === 404) return { kind: 'not-found' };
    if (status === 429) {
      // The provider counts differently from us (other users of the same IP, a new key...): hold back.
      const pause = reply.retryAfterMs ?? PROVIDER_429_PAUSE_MS;
      await this.limiter.pauseUntil(Date.now() + pause);
      this.logger.warn(`Provedor de CNPJ pediu para aguardar (429); pausando as consultas por ${waitSeconds(pause)} s.`);
      return { kind: 'busy', retryAfterMs: pause };
    }
    this.logger.warn(`Consulta de CNPJ: resposta inesperada ${status}.`);
    return { kind: 'down', reason: `status ${status}` };
  }

  private async store(cnpj: string, office: CnpjOffice): Promise<CnpjConsulta> {
    const payload = JSON.stringify(office);
    // Whole seconds: MySQL's DATETIME keeps no fraction, and the first answer must match the cached ones.
    const fetchedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const existing = await this.consultas.findOne({ where: { cnpj } });
    if (existing) {
      await this.consultas.update({ id: existing.id }, { payload, fetchedAt, updatedAt: fetchedAt });
      return Object.assign(existing, { payload, fetchedAt });
    }
    try {
      return await this.consultas.save(this.consultas.create({ cnpj, payload, fetchedAt }));
    } catch (err) {
      // Two lookups of a new CNPJ stored at once: the other one's answer is as good as ours.
      if (!isUniqueViolation(err)) throw err;
      await this.consultas.update({ cnpj }, { payload, fetchedAt, updatedAt: fetchedAt });
      return (await this.consultas.findOne({ where: { cnpj } }))!;
    }
  }
}

/** The provider's answer for an office: an object that names its CNPJ. */
function isOffice(body: unknown): body is CnpjOffice {
  return !!body && typeof body === 'object' && !Array.isArray(body) && typeof (body as { taxId?: unknown }).taxId === 'string';
}
