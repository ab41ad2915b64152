import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MAIL_MESSAGES } from '@veritas/common';
import { uuidParam } from '../platform/http';
import { ApiListQuery, type ListQueryParams, listResponse, parseListQuery } from '../platform/read-side';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { REGISTRO_NOT_FOUND } from '../registros';
import { AnexoDocumentoService } from './anexo-documento.service';
import { CorrespondenciaService } from './correspondencia.service';
import { AnexarAoRegistroDto } from './dto/anexar-ao-registro.dto';

const messageId = uuidParam(MAIL_MESSAGES.notFound);
const registroId = uuidParam(REGISTRO_NOT_FOUND);

/** Mail and work in one place (issue 56, ADR 0051): a mail attachment into a registro, and a registro's mails. */
@ApiTags('correspondencia')
@Controller()
export class CorrespondenciaController {
  constructor(
    private readonly anexos: AnexoDocumentoService,
    private readonly correspondencia: CorrespondenciaService,
  ) {}

  @Post('emails/message/:id/anexos/:indice/registro')
  @Allow('registros.work')
  @ApiParam({ name: 'indice', description: 'A posição do anexo na lista do e-mail (attachments de GET /api/emails/message/:id), a partir de 0.' })
  @ApiCreatedResponse({
    description:
      '{ data: { documento, item } }: o anexo (do próprio e-mail de quem pede) vira documento do registro, com origemEmailId; com itemId, ' +
      'é o arquivo desse item da lista de documentos, que fica "enviado" (item; sem itemId, null). As regras de POST /api/documentos valem.',
  })
  @ApiBadRequestResponse({ description: 'Corpo inválido (registroId, itemId, titulo) ou anexo vazio.' })
  @ApiNotFoundResponse({ description: 'E-mail, anexo, registro (também o que quem pede não pode ver) ou item não encontrado.' })
  @ApiConflictResponse({ description: 'Anexo que já é documento deste registro ({ message, documentoId }), item já aceito, ou registro encerrado.' })
  @ApiUnprocessableEntityResponse({ description: 'Anexo maior que DOC_MAX_BYTES, de tipo não permitido ou com conteúdo que não corresponde à extensão.' })
  async anexarAoRegistro(@CurrentPrincipal() p: AuthPrincipal, @Param('id', messageId) id: string, @Param('indice') indice: string, @Body() dto: AnexarAoRegistroDto) {
    const n = /^\d{1,4}$/.test(indice) ? Number(indice) : -1;
    return { data: await this.anexos.anexar(p, id, n, dto) };
  }

  @Get('registros/:id/correspondencia')
  @Allow('registros.read')
  @ApiListQuery('(sem filtros; sort: date ou subject)')
  @ApiOkResponse({
    description:
      '{ data: [{ _id, subject, from, fromName, date, folder, hasAttachments }], total } e Content-Range: os e-mails vinculados ao registro ' +
      'na caixa de quem pede (caixas são pessoais; fora a Lixeira), do mais novo ao mais antigo. Cada _id abre em GET /api/emails/message/:id.',
  })
  @ApiBadRequestResponse({ description: 'sort, range ou filter inválidos.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado (também quando é de outro associado).' })
  async listCorrespondencia(@CurrentPrincipal() p: AuthPrincipal, @Param('id') id: string, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    // The list contract first (a malformed sort, range or filter is 400 whatever the id), then the id (404).
    const req = parseListQuery(query, { sortable: { date: 'm.date', subject: 'm.subject' }, defaultSort: ['date', 'DESC'], filters: [] });
    const { rows, total } = await this.correspondencia.list(p, await registroId.transform(id, { type: 'param', data: 'id' }), req);
    return listResponse(res, 'correspondencia', req, rows, total);
  }
}
