import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { exportFilename, ReceivedFile, sandboxedDownload, type StoredFile, streamCsv, uuidParam } from '../platform/http';
import { DOCUMENTOS_CSV } from '@veritas/common';
import { Allow, type AuthPrincipal, Capacidade, CurrentPrincipal } from '../platform/request';
import { ApiExportQuery, ApiListQuery, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { DOCUMENTO_NOT_FOUND, DocumentosQueries, LIST_FILTER_HELP_STAFF } from './documentos-queries.service';
import { DocumentosService } from './documentos.service';
import { UploadDocumentoBody, UploadDocumentoDto } from './dto/documento.dto';
import { UploadInterceptor } from './upload.interceptor';

const uuid = uuidParam(DOCUMENTO_NOT_FOUND);

const OWN_LIST_SPEC: ListSpec = {
  sortable: { _id: 'd.id', data: 'd.createdAt', createdAt: 'd.createdAt', titulo: 'd.titulo', tipo: 'd.tipo', tamanho: 'd.tamanho' },
  filters: ['registroId', 'enviadoPor', 'tipo', 'baixado', 'q'],
  defaultSort: ['createdAt', 'DESC'],
};
const STAFF_LIST_SPEC: ListSpec = { ...OWN_LIST_SPEC, filters: [...OWN_LIST_SPEC.filters, 'clienteId', 'id', '_id'] };

const SHAPE =
  'Documento: { _id, titulo, tipo ("PDF", "Imagem", "Word", "Excel", "PowerPoint", "OpenDocument", "XML", "ZIP"), data, tamanho ' +
  '(bytes), nomeArquivo, mime, clienteId, clienteNome, registroId, registroNumero, enviadoPor ("cliente"|"equipe"), ' +
  'enviadoPorNome, baixadoClienteEm (primeiro download pelo cliente), lidoEquipeEm (primeiro download pela equipe de um envio do cliente) }.';

@ApiTags('documentos')
@Controller('documentos')
export class DocumentosController {
  constructor(
    private readonly documentos: DocumentosService,
    private readonly queries: DocumentosQueries,
  ) {}

  @Get()
  @Allow('documentos.read')
  @ApiListQuery(LIST_FILTER_HELP_STAFF)
  @ApiOkResponse({
    description:
      `{ data: documentos[], total } e Content-Range; de todos os clientes, menos os dos registros que quem chama não vê ` +
      `(um associado: registros de outro associado). ${SHAPE}`,
  })
  async listDocumentos(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, STAFF_LIST_SPEC);
    const [rows, total] = await this.queries.listDocumentos(actor, req);
    return listResponse(res, 'documentos', req, rows, total);
  }

  @Get('exportar')
  @Allow('documentos.read')
  @ApiExportQuery(LIST_FILTER_HELP_STAFF)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'A lista filtrada e ordenada inteira, em CSV pt-BR (UTF-8 com BOM, ";"), enviada aos poucos.' })
  async exportDocumentos(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res() res: FastifyReply) {
    const req = parseListQuery(query, STAFF_LIST_SPEC);
    await streamCsv(res, { filename: exportFilename('documentos'), columns: DOCUMENTOS_CSV, req, fetchPage: (r) => this.queries.listDocumentos(actor, r) });
  }

  @Get('me')
  @Allow('cliente')
  @Capacidade('ver_documentos')
  @ApiListQuery('registroId (ou null: sem registro), enviadoPor, tipo, baixado, q (título ou nome do arquivo)')
  @ApiOkResponse({ description: `{ data: documentos[], total } do próprio cliente, mais recentes primeiro; Content-Range. ${SHAPE}` })
  async listMine(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, OWN_LIST_SPEC);
    const [rows, total] = await this.queries.listDocumentos(actor, req);
    return listResponse(res, 'documentos', req, rows, total);
  }

  @Post()
  @Allow('cliente', 'documentos.upload')
  @Capacidade('enviar_documentos')
  @UseInterceptors(UploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadDocumentoBody })
  @ApiCreatedResponse({
    description:
      `'Enviar Documento': { data: documento }. Um arquivo no campo "arquivo"; o tipo é verificado pelo conteúdo e deve ` +
      `corresponder à extensão. Equipe: clienteId ou registroId obrigatório. ${SHAPE}`,
  })
  @ApiBadRequestResponse({ description: 'Sem arquivo, arquivo vazio, campos inválidos.' })
  @ApiNotFoundResponse({ description: 'Cliente ou registro não encontrado (registro de outro cliente também).' })
  @ApiPayloadTooLargeResponse({ description: 'Maior que DOC_MAX_BYTES (padrão 20 MB).' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Tipo não permitido, ou conteúdo que não corresponde à extensão.' })
  async uploadDocumento(@CurrentPrincipal() actor: AuthPrincipal, @ReceivedFile() file: StoredFile | undefined, @Body() dto: UploadDocumentoDto) {
    const doc = await this.documentos.upload(actor, file, dto);
    return { data: await this.queries.getDocumento(actor, doc.id) };
  }

  @Get(':id')
  @Allow('documentos.read', 'cliente')
  @Capacidade('ver_documentos')
  @ApiOkResponse({ description: `{ data: documento }. ${SHAPE}` })
  @ApiNotFoundResponse({ description: 'Documento não encontrado (também quando é de outro cliente, ou de um registro de outro associado).' })
  async getDocumento(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.queries.getDocumento(actor, id) };
  }

  @Get(':id/download')
  @Allow('documentos.read', 'cliente')
  @Capacidade('ver_documentos')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description:
      'O arquivo, como anexo (Content-Disposition com o nome original). O primeiro download pelo cliente fica registrado em ' +
      'baixadoClienteEm (comprovante de entrega); o primeiro pela equipe de um envio do cliente, em lidoEquipeEm.',
  })
  @ApiNotFoundResponse({ description: 'Documento não encontrado (também quando é de outro cliente, ou de um registro de outro associado).' })
  async downloadDocumento(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const { doc, stream } = await this.documentos.openDownload(actor, id);
    return sandboxedDownload(res, stream, { type: doc.mime, length: doc.tamanho, fileName: doc.nomeArquivo });
  }

  @Delete(':id')
  @HttpCode(200)
  @Allow('documentos.read', 'cliente')
  @Capacidade('enviar_documentos')
  @ApiOkResponse({
    description:
      '{ data: documento excluído }. Master e Diretoria excluem qualquer um; quem enviou, só antes de o outro lado abri-lo ' +
      '(o envio de um cliente até a equipe abri-lo; o da equipe até o cliente baixá-lo, o comprovante de entrega).',
  })
  @ApiForbiddenResponse({ description: 'Documento enviado por outra pessoa.' })
  @ApiConflictResponse({ description: 'O outro lado já abriu o documento (a equipe, ou o cliente: comprovante de entrega).' })
  @ApiNotFoundResponse({ description: 'Documento não encontrado.' })
  async deleteDocumento(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.documentos.deleteDocumento(actor, id) };
  }
}
