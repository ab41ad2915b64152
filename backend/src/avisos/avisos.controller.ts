import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AvisosResposta } from '@veritas/common';
import { uuidParam } from '../platform/http';
import { ApiListQuery, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { AVISO_NAO_ENCONTRADO, AvisosService } from './avisos.service';

const SHAPE = 'Aviso: { id, tipo, tipoLabel, titulo, link (caminho /painel que o leitor pode abrir), lidoEm (ISO; null se não lido), createdAt }.';

const LIST_SPEC: ListSpec = {
  sortable: { createdAt: 'a.createdAt' },
  filters: ['lido'],
  defaultSort: ['createdAt', 'DESC'],
};

/** /api/avisos: the panel's bell (issue 53, ADR 0053). Any staff member, always their own notices. */
@ApiTags('avisos')
@Controller('avisos')
export class AvisosController {
  constructor(private readonly avisos: AvisosService) {}

  @Get()
  @Allow('avisos')
  @ApiListQuery('filtro lido (false: só os não lidos); os mais recentes primeiro')
  @ApiOkResponse({ description: `{ data: avisos[], total, naoLidos } e cabeçalho Content-Range: os avisos de quem chama. ${SHAPE}` })
  async listAvisos(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply): Promise<AvisosResposta> {
    const req = parseListQuery(query, LIST_SPEC);
    const { rows, total, naoLidos } = await this.avisos.list(actor.id, req);
    return { ...listResponse(res, 'avisos', req, rows, total), total, naoLidos };
  }

  @Post('lidos')
  @HttpCode(200)
  @Allow('avisos')
  @ApiOkResponse({ description: '{ data: { marcados }, naoLidos: 0 }: todos os avisos de quem chama ficam lidos.' })
  async marcarAvisosLidos(@CurrentPrincipal() actor: AuthPrincipal) {
    return { data: { marcados: await this.avisos.marcarTodos(actor.id) }, naoLidos: 0 };
  }

  @Post(':id/lido')
  @HttpCode(200)
  @Allow('avisos')
  @ApiOkResponse({ description: `{ data: aviso, naoLidos }: o aviso fica lido (de novo: nada muda). ${SHAPE}` })
  @ApiNotFoundResponse({ description: `${AVISO_NAO_ENCONTRADO} (também o aviso de outra pessoa)` })
  async marcarAvisoLido(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuidParam(AVISO_NAO_ENCONTRADO)) id: string) {
    const data = await this.avisos.marcarLido(actor.id, id);
    return { data, naoLidos: await this.avisos.naoLidos(actor.id) };
  }
}
