import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../platform/request';
import { ApiListQuery, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { CANCELADA, FilaSaidaService, JA_ENVIADA, MENSAGEM_NAO_ENCONTRADA } from './fila-saida.service';

const SHAPE =
  'Mensagem: { _id, para, assunto, evento, eventoLabel, estado (aguardando|enviado|falhou|cancelado), estadoLabel, tentativas, ultimoErro, ' +
  'proximaTentativa (ISO; null fora da fila ou enquanto aguarda o envio ser configurado), clienteId, createdAt, updatedAt }.';

const LIST_SPEC: ListSpec = {
  sortable: { createdAt: 'o.createdAt', updatedAt: 'o.updatedAt', tentativas: 'o.attempts', estado: 'o.status', evento: 'o.evento' },
  filters: ['estado', 'clienteId', 'q'],
  defaultSort: ['createdAt', 'DESC'],
};

/** /api/fila-saida: the system messages (issue 53) for the board: Configurações → Fila de saída, and the banner. */
@ApiTags('fila de saída')
@Controller('fila-saida')
export class FilaSaidaController {
  constructor(private readonly fila: FilaSaidaService) {}

  @Get()
  @Allow('filaSaida')
  @ApiListQuery('filtros estado (aguardando|enviado|falhou|cancelado, um ou vários), clienteId, q (destinatário ou assunto); as mais recentes primeiro')
  @ApiOkResponse({ description: `{ data: mensagens[], total } e cabeçalho Content-Range. ${SHAPE}` })
  async listFilaSaida(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, LIST_SPEC);
    const [rows, total] = await this.fila.list(req);
    return listResponse(res, 'fila-saida', req, rows, total);
  }

  @Get('resumo')
  @Allow('filaSaida')
  @ApiOkResponse({ description: '{ data: { configurado, ultimosEnviosFalharam, degradado, aguardando, falharam } }: o aviso do painel quando o e-mail não sai.' })
  async resumoFilaSaida() {
    return { data: await this.fila.resumo() };
  }

  @Post(':id/reenviar')
  @HttpCode(200)
  @Allow('filaSaida')
  @ApiOkResponse({ description: `{ data: mensagem }: volta para a fila (aguardando) com as tentativas zeradas e é tentada agora. ${SHAPE}` })
  @ApiNotFoundResponse({ description: MENSAGEM_NAO_ENCONTRADA })
  @ApiConflictResponse({ description: `${JA_ENVIADA} / ${CANCELADA}` })
  async reenviarMensagem(@Param('id') id: string) {
    return { data: await this.fila.reenviar(id) };
  }

  @Post(':id/cancelar')
  @HttpCode(200)
  @Allow('filaSaida')
  @ApiOkResponse({ description: `{ data: mensagem }: cancelada (não sai mais) e o seu conteúdo removido. ${SHAPE}` })
  @ApiNotFoundResponse({ description: MENSAGEM_NAO_ENCONTRADA })
  @ApiConflictResponse({ description: JA_ENVIADA })
  async cancelarMensagem(@Param('id') id: string) {
    return { data: await this.fila.cancelar(id) };
  }
}
