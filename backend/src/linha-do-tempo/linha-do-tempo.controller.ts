import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { LINHA_DO_TEMPO_TIPOS } from '@veritas/common';
import { CLIENTE_NOT_FOUND } from '../clientes';
import { uuidParam } from '../platform/http';
import { ApiListQuery, type ListQueryParams, listResponse, type ListSpec, parseListQuery } from '../platform/read-side';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { LinhaDoTempoService } from './linha-do-tempo.service';

const clienteId = uuidParam(CLIENTE_NOT_FOUND);
const SPEC: ListSpec = { sortable: { data: 'data' }, filters: ['tipo', 'registroId'], defaultSort: ['data', 'DESC'] };

/** The client's record in the panel: one timeline of everything about the client (issue 56, ADR 0054). */
@ApiTags('clientes')
@Controller('clientes')
export class LinhaDoTempoController {
  constructor(private readonly linhas: LinhaDoTempoService) {}

  @Get(':id/linha-do-tempo')
  @Allow('clientes.read')
  @ApiListQuery(`tipo (um ou mais de: ${LINHA_DO_TEMPO_TIPOS.join(', ')}), registroId. Ordenável: data (padrão DESC, do mais novo ao mais antigo)`)
  @ApiOkResponse({
    description:
      '{ data: [{ _id, tipo, tipoLabel, data, titulo, registroId, protocolo, link }], total } e Content-Range: e-mails (só as cópias da caixa de quem pede), ' +
      'registros abertos e seus status, etapas, exigências, itens da lista de documentos enviados/aceitos/recusados, documentos, cobranças e pagamentos ' +
      '(quem tem Finanças), compromissos da agenda (os que quem pede vê), do mais novo ao mais antigo. Um associado vê as linhas dos registros que pode ver ' +
      'e as do cliente. link: o caminho /painel que abre o registro de cada linha.',
  })
  @ApiBadRequestResponse({ description: 'sort, range ou filter inválidos (tipo desconhecido, registroId que não é um id).' })
  @ApiNotFoundResponse({ description: 'Cliente não encontrado.' })
  async listLinhaDoTempo(@CurrentPrincipal() p: AuthPrincipal, @Param('id') id: string, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    // The list contract first (a malformed sort, range or filter is 400 whatever the id), then the id (404).
    const req = parseListQuery(query, SPEC);
    const { rows, total } = await this.linhas.list(p, await clienteId.transform(id, { type: 'param', data: 'id' }), req);
    return listResponse(res, 'linha-do-tempo', req, rows, total);
  }
}
