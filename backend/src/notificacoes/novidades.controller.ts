import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { uuidParam } from '../platform/http';
import { ApiListQuery, type ListQueryParams, listResponse, type ListSpec, parseListQuery } from '../platform/read-side';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { NOVIDADE_NOT_FOUND, NovidadesService } from './novidades.service';

const SPEC: ListSpec = { sortable: { createdAt: 'n.createdAt' }, filters: [], defaultSort: ['createdAt', 'DESC'] };

const SHAPE = 'Novidade: { _id, evento, titulo, link (caminho do portal, ex.: /cliente/registros/{id}), lidaEm (ISO ou null), createdAt }.';

const uuid = uuidParam(NOVIDADE_NOT_FOUND);

/** The portal's "Novidades" (issue 53, ADR 0052): the client's own notices, read and unread. */
@ApiTags('notificações')
@Controller('clientes/me/novidades')
export class NovidadesController {
  constructor(private readonly novidades: NovidadesService) {}

  @Get()
  @Allow('cliente')
  @ApiListQuery('nenhum filtro; ordenável por createdAt (padrão: as mais novas primeiro)')
  @ApiOkResponse({ description: `{ data: novidades[], total, naoLidas } e Content-Range. ${SHAPE}` })
  @ApiBadRequestResponse({ description: 'Parâmetros de lista inválidos.' })
  async listNovidades(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, SPEC);
    const { rows, total, naoLidas } = await this.novidades.list(actor.id, req);
    return { ...listResponse(res, 'novidades', req, rows, total), naoLidas };
  }

  @Post('lidas')
  @HttpCode(200)
  @Allow('cliente')
  @ApiOkResponse({ description: '{ data: { marcadas }, naoLidas: 0, message }: todas as novidades do cliente ficam lidas.' })
  async markAllNovidadesRead(@CurrentPrincipal() actor: AuthPrincipal) {
    const marcadas = await this.novidades.markAllRead(actor.id);
    return { data: { marcadas }, naoLidas: 0, message: 'Todas as novidades foram marcadas como lidas.' };
  }

  @Post(':id/lida')
  @HttpCode(200)
  @Allow('cliente')
  @ApiOkResponse({ description: `{ data: novidade, naoLidas }: a novidade fica lida (de novo: nada muda). ${SHAPE}` })
  @ApiNotFoundResponse({ description: 'Novidade não encontrada (também a de outro cliente).' })
  async markNovidadeRead(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    const data = await this.novidades.markRead(actor.id, id);
    return { data, naoLidas: await this.novidades.naoLidas(actor.id) };
  }
}
