import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ReceivedFiles, type StoredFile, uuidParam } from '../platform/http';
import { ApiListQuery, type ListQueryParams, listResponse, type ListSpec, parseListQuery } from '../platform/read-side';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { REGISTRO_NOT_FOUND } from '../registros';
import { NovaMensagemBody, NovaMensagemDto } from './dto/mensagem.dto';
import { MensagemUploadInterceptor } from './mensagem-upload.interceptor';
import { MensagensService } from './mensagens.service';

const registroId = uuidParam(REGISTRO_NOT_FOUND);

const LIST_SPEC: ListSpec = { sortable: { criadoEm: 'm.createdAt', _id: 'm.id' }, filters: ['q'], defaultSort: ['criadoEm', 'DESC'] };

const SHAPE =
  'Mensagem: { _id, registroId, lado ("cliente"|"equipe"), autorNome (o nome de quem escreveu, quando escreveu), texto, criadoEm, ' +
  'lidaEm (quando o outro lado a leu; null: não lida), arquivos: [{ _id, titulo, nomeArquivo, tipo, tamanho }] (documentos do registro: ' +
  'GET /api/documentos/:_id/download) }.';

/**
 * A registro's conversation between its client and the firm (issue 56, ADR 0057). One set of routes for both
 * sides, as the registro's own: the client on its registros, staff on those they see; any other is 404.
 */
@ApiTags('mensagens')
@Controller('registros/:id/mensagens')
export class MensagensController {
  constructor(private readonly mensagens: MensagensService) {}

  @Get()
  @Allow('registros.read', 'cliente')
  @ApiListQuery('q (palavras do texto); sort: criadoEm (padrão, do mais novo ao mais antigo)')
  @ApiOkResponse({ description: `{ data: mensagens[], total, naoLidas } e Content-Range; naoLidas: as do outro lado que quem chama ainda não leu. ${SHAPE}` })
  @ApiBadRequestResponse({ description: 'sort, range ou filter inválidos.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado (também o de outro cliente, ou o de outro associado).' })
  async listMensagens(@CurrentPrincipal() p: AuthPrincipal, @Param('id') id: string, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    // The list contract first (a malformed sort, range or filter is 400 whatever the id), then the id (404).
    const req = parseListQuery(query, LIST_SPEC);
    const { rows, total, naoLidas } = await this.mensagens.list(p, await registroId.transform(id, { type: 'param', data: 'id' }), req);
    return { ...listResponse(res, 'mensagens', req, rows, total), total, naoLidas };
  }

  @Post()
  @Allow('registros.work', 'cliente')
  @UseInterceptors(MensagemUploadInterceptor)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: NovaMensagemBody })
  @ApiCreatedResponse({
    description:
      `{ data: mensagem }. O texto no campo "texto"; até 5 arquivos no campo "arquivo" (as regras de POST /api/documentos valem para cada um). ` +
      `A mensagem do cliente vai para o sino do responsável (sem responsável: Diretoria e Master); a da equipe, por e-mail ao cliente (preferência "Mensagens"). ${SHAPE}`,
  })
  @ApiBadRequestResponse({ description: 'Texto ausente, vazio ou com mais de 5.000 caracteres; arquivos demais; arquivo vazio.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado (também o de outro cliente, ou o de outro associado).' })
  @ApiPayloadTooLargeResponse({ description: 'Um arquivo maior que DOC_MAX_BYTES.' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Tipo não permitido, ou conteúdo que não corresponde à extensão.' })
  async postMensagem(@CurrentPrincipal() p: AuthPrincipal, @Param('id', registroId) id: string, @Body() dto: NovaMensagemDto, @ReceivedFiles() files: StoredFile[]) {
    return { data: await this.mensagens.post(p, id, dto, files) };
  }

  @Post('lidas')
  @HttpCode(200)
  @Allow('registros.read', 'cliente')
  @ApiOkResponse({ description: '{ data: { marcadas } }: as mensagens do outro lado ficam lidas (recibo de leitura); de novo, nada muda.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado (também o de outro cliente, ou o de outro associado).' })
  async marcarLidas(@CurrentPrincipal() p: AuthPrincipal, @Param('id', registroId) id: string) {
    return { data: { marcadas: await this.mensagens.marcarLidas(p, id) } };
  }
}
