import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MENSAGEM_TRECHO } from '@veritas/common';
import { ApiListQuery, type ListQueryParams, listResponse, type ListSpec, parseListQuery } from '../platform/read-side';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { MensagensBuscaService } from './mensagens-busca.service';

const SPEC: ListSpec = { sortable: { criadoEm: 'm.createdAt' }, filters: ['q', 'clienteId', 'registroId'], defaultSort: ['criadoEm', 'DESC'] };

/** The staff's search of the portal conversations, beside the mailbox's (issue 56, ADR 0057). */
@ApiTags('mensagens')
@Controller('mensagens')
export class MensagensBuscaController {
  constructor(private readonly busca: MensagensBuscaService) {}

  @Get()
  @Allow('registros.read')
  @ApiListQuery('q (no texto ou no nome de quem escreveu), clienteId, registroId; sort: criadoEm (padrão, do mais novo ao mais antigo)')
  @ApiOkResponse({
    description:
      `{ data: [{ _id, registroId, registroNumero, clienteId, clienteNome, lado, autorNome, trecho (até ${MENSAGEM_TRECHO} caracteres), criadoEm }], total } ` +
      'e Content-Range: as mensagens das conversas dos registros que quem chama vê (um associado: os seus e os sem responsável).',
  })
  @ApiBadRequestResponse({ description: 'sort, range ou filter inválidos.' })
  async buscar(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, SPEC);
    const [rows, total] = await this.busca.buscar(actor, req);
    return listResponse(res, 'mensagens', req, rows, total);
  }
}
