import { Controller, Get, HttpStatus, Logger, Res, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorator';
import { pollutedPrototypes, probeDataPath } from './readiness';
import { ReadinessProbe } from './readiness-probe';

@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    private readonly db: DataSource,
    private readonly readiness: ReadinessProbe,
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
      '503 quando alguma falha ou o processo está encerrando, com o nome de cada parte e o resultado.',
  )
  @ApiOkResponse({ description: '{ status: "ok", checks: { database: "ok", redis: "ok" } }' })
  @ApiServiceUnavailableResponse({ description: '{ status: "indisponivel", checks: { database: "ok", redis: "falhou" } }' })
  async ready(@Res({ passthrough: true }) res: Response) {
    const { ready, checks } = await this.readiness.check();
    res.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    res.setHeader('Cache-Control', 'no-store');
    return { status: ready ? 'ok' : 'indisponivel', checks };
  }

  @Get()
  @Public('Saúde do serviço: 200 quando o processo está íntegro e uma consulta real ao banco de dados funciona, 503 quando não.')
  @ApiOkResponse({ description: '{ status: "ok", database: "ok" }' })
  @ApiServiceUnavailableResponse({ description: 'Banco de dados inacessível, ou processo em estado inconsistente (precisa ser reiniciado).' })
  async health() {
    const polluted = pollutedPrototypes();
    if (polluted.length) {
      this.logger.error(`Protótipos alterados desde a inicialização (${polluted.join(', ')}): o processo precisa ser reiniciado.`);
      throw new ServiceUnavailableException('Serviço em estado inconsistente; ele precisa ser reiniciado.');
    }
    try {
      await this.db.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('Banco de dados inacessível.');
    }
    try {
      await probeDataPath(this.db);
    } catch (err) {
      this.logger.error(`Consulta de verificação falhou: ${err instanceof Error ? err.message : String(err)}`);
      throw new ServiceUnavailableException('Serviço com falha no acesso aos dados.');
    }
    return { status: 'ok', database: 'ok' };
  }
}
