import { Controller, Get, HttpStatus, Inject, Logger, Res, ServiceUnavailableException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckResult, HealthCheckService, HealthIndicatorFunction } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config';
import { Public } from '../request';
import { HealthIndicators } from './health.indicators';
import { readOutgoingMail } from './outgoing-mail';

/** degradado: the replica serves, but a part works only in part (outgoing mail: not configured, or the latest sends failed). */
export type CheckResult = 'ok' | 'falhou' | 'encerrando' | 'degradado';

/** What /api/health answers when a part failed, the most telling first. */
const UNSOUND: ReadonlyArray<[string, string]> = [
  ['prototipos', 'Serviço em estado inconsistente; ele precisa ser reiniciado.'],
  ['database', 'Banco de dados inacessível.'],
  ['dados', 'Serviço com falha no acesso aos dados.'],
];

@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    private readonly terminus: HealthCheckService,
    private readonly indicators: HealthIndicators,
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('live')
  @Public('Acesso público. Saúde (vivacidade) para o balanceador de carga: 200 enquanto o processo responde (nada além dele é consultado).')
  @ApiOkResponse({ description: '{ status: "ok" }' })
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public(
    'Acesso público. Saúde (prontidão) para o balanceador de carga: 200 quando o banco de dados e as partes compartilhadas configuradas (Redis com REDIS_URL) respondem; ' +
      '503 quando alguma falha ou o processo está encerrando, com o nome de cada parte e o resultado. ' +
      'O envio de e-mails (email) não tira a réplica do ar: "degradado" (ainda 200) quando SMTP_URL não está configurada ou os últimos envios falharam.',
  )
  @ApiOkResponse({ description: '{ status: "ok", checks: { database: "ok", redis: "ok", email: "ok" | "degradado" } }' })
  @ApiServiceUnavailableResponse({ description: '{ status: "indisponivel", checks: { database: "ok", redis: "falhou" } }' })
  async ready(@Res({ passthrough: true }) res: FastifyReply) {
    const result = await this.run(this.indicators.readiness());
    const checks: Record<string, CheckResult> = {};
    for (const [name, { status }] of Object.entries(result.details)) checks[name] = name === 'processo' ? 'encerrando' : status === 'up' ? 'ok' : 'falhou';
    if (result.status === 'shutting_down') checks.processo = 'encerrando';
    const ready = result.status === 'ok';
    if (ready) checks.email = await this.outgoingMail();
    res.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    res.header('Cache-Control', 'no-store');
    return { status: ready ? 'ok' : 'indisponivel', checks };
  }

  @Get()
  @Public('Saúde do serviço: 200 quando o processo está íntegro e uma consulta real ao banco de dados funciona, 503 quando não.')
  @ApiOkResponse({ description: '{ status: "ok", database: "ok" }' })
  @ApiServiceUnavailableResponse({ description: 'Banco de dados inacessível, ou processo em estado inconsistente (precisa ser reiniciado).' })
  async health() {
    const result = await this.run(this.indicators.soundness());
    const failed = UNSOUND.find(([name]) => result.details[name]?.status !== 'up');
    if (failed) throw new ServiceUnavailableException(failed[1]);
    return { status: 'ok', database: 'ok' };
  }

  /** Degraded, never down: a replica that cannot send mail still serves every screen. */
  private async outgoingMail(): Promise<CheckResult> {
    try {
      return (await readOutgoingMail(this.db, this.config.mail.relayUrl !== null)).degradado ? 'degradado' : 'ok';
    } catch (err) {
      this.logger.warn(`Fila de saída ilegível na verificação de prontidão: ${(err as Error).message}`);
      return 'degradado';
    }
  }

  /** Terminus answers a failed check with a 503 carrying its result; here the result is read either way. */
  private async run(indicators: HealthIndicatorFunction[]): Promise<HealthCheckResult> {
    try {
      return await this.terminus.check(indicators);
    } catch (err) {
      if (err instanceof ServiceUnavailableException) return err.getResponse() as HealthCheckResult;
      throw err;
    }
  }
}
