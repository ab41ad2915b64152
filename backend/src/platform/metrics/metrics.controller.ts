import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../request';
import { APP_CONFIG, AppConfig } from '../config';
import { MetricsService } from './metrics.service';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  @Get()
  @Public(
    'Acesso público com token próprio. Métricas no formato Prometheus (requisições por rota e status, latência, fila de e-mails, logins recusados). ' +
      'Sem sessão: exige `Authorization: Bearer <METRICS_TOKEN>`; 404 quando METRICS_TOKEN não está configurado.',
  )
  @ApiOkResponse({ description: 'Texto no formato de exposição do Prometheus.' })
  @ApiUnauthorizedResponse({ description: 'Token de métricas ausente ou errado.' })
  @ApiNotFoundResponse({ description: 'Métricas desativadas (METRICS_TOKEN não configurado).' })
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: FastifyReply): Promise<void> {
    const token = this.config.scale.metricsToken;
    if (!token) throw new NotFoundException('Recurso não encontrado.');
    const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
    if (!sameSecret(given, token)) throw new UnauthorizedException('Token de métricas inválido.');
    const text = await this.metrics.text();
    res.header('Cache-Control', 'no-store');
    // As prom-client names it.
    res.header('Content-Type', this.metrics.registry.contentType);
    res.send(text);
  }
}
