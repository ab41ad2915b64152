import { Body, Controller, Get, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow, type AuthPrincipal, Capacidade, CurrentPrincipal } from '../platform/request';
import { attachmentDisposition, uuidParam } from '../platform/http';
import { ApiListQuery, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { CancelarCobrancaDto, CreateCobrancaDto, PagamentoDto, UpdateCobrancaDto } from './dto/cobranca.dto';
import { CobrancaDocumentosService } from './cobranca-documentos.service';
import { COBRANCA_NOT_FOUND, PAGAMENTO_NOT_FOUND } from './cobranca-messages';
import { CobrancasCommandsService } from './cobrancas-commands.service';
import { CobrancasQueryService, FILTER_HELP } from './cobrancas-query.service';
import { PagamentosService } from './pagamentos.service';

const uuid = uuidParam(COBRANCA_NOT_FOUND);
const pagamentoUuid = uuidParam(PAGAMENTO_NOT_FOUND);

const LIST_SPEC: ListSpec = {
  sortable: {
    _id: 'c.id',
    vencimento: 'c.vencimento',
    createdAt: 'c.createdAt',
    updatedAt: 'c.updatedAt',
    status: 'c.status',
    total: 'c.totalCentavos',
    pago: 'c.pagoCentavos',
    saldo: '(c.totalCentavos - c.pagoCentavos)',
    clienteNome: '(SELECT cl.razaoSocial FROM clientes cl WHERE cl.id = c.clienteId)',
  },
  filters: ['status', 'clienteId', 'registroId', 'vencimentoDe', 'vencimentoAte', 'vencidas', 'q', 'id', '_id'],
  defaultSort: ['createdAt', 'DESC'],
};

/** The client's own list: open charges first, then by due date. */
const OWN_SPEC: ListSpec = {
  sortable: { ...LIST_SPEC.sortable, abertasPrimeiro: "(CASE WHEN c.status = 'aberta' THEN 0 ELSE 1 END)" },
  filters: ['status'],
  defaultSort: ['abertasPrimeiro', 'ASC'],
};

const SHAPE =
  'Cobrança: { _id, clienteId, clienteNome, clienteCnpj, registroId, registroNumero, status (aberta|paga|cancelada), vencida ' +
  '(aberta e vencimento < hoje), statusLabel, vencimento "AAAA-MM-DD", total, honorarios, taxas, pago, saldo (BRL), txid, ' +
  'motivoCancelamento, criadoPorNome, linhas [{ descricao, tipo honorario|taxa, valor }], createdAt, updatedAt }.';
const DETALHE = ' Detalhe: mais pagamentos [{ _id, data, valor, forma, formaLabel, nota, extratoTransacaoId, registradoPorNome }] e historico.';

@ApiTags('financas')
@Controller('cobrancas')
export class CobrancasController {
  constructor(
    private readonly cobrancas: CobrancasQueryService,
    private readonly commands: CobrancasCommandsService,
    private readonly pagamentos: PagamentosService,
    private readonly documentos: CobrancaDocumentosService,
  ) {}

  @Get()
  @Allow('financas.read')
  @ApiListQuery(FILTER_HELP)
  @ApiOkResponse({ description: `{ data: cobrancas[], total } e Content-Range. Ordenável por vencimento, createdAt, status, total, pago, saldo, clienteNome. ${SHAPE}` })
  @ApiBadRequestResponse({ description: 'Parâmetros de lista ou filtros inválidos.' })
  async listCobrancas(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, LIST_SPEC);
    const [rows, total] = await this.cobrancas.listCobrancas(req);
    return listResponse(res, 'cobrancas', req, rows, total);
  }

  @Get('me')
  @Allow('cliente')
  @Capacidade('cobrancas')
  @ApiListQuery('status (aberta, paga, cancelada, vencida)')
  @ApiOkResponse({ description: `{ data, total } as cobranças do próprio cliente, abertas primeiro (depois por vencimento), com pagamentos. ${SHAPE}` })
  async listMine(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, OWN_SPEC);
    const [rows, total] = await this.cobrancas.listMine(actor.id, req);
    return listResponse(res, 'cobrancas', req, rows, total);
  }

  @Get(':id')
  @Allow('financas.read')
  @ApiOkResponse({ description: `{ data: cobrança com pagamentos e histórico }. ${SHAPE}${DETALHE}` })
  @ApiNotFoundResponse({ description: 'Cobrança não encontrada.' })
  async getCobranca(@Param('id', uuid) id: string) {
    return { data: await this.cobrancas.getDetalhe(id) };
  }

  @Post()
  @Allow('financas.write')
  @ApiCreatedResponse({ description: `Cobrança avulsa: { clienteId, registroId?, vencimento?, linhas: [{ descricao, tipo, valor }] } → { data }. ${SHAPE}` })
  @ApiBadRequestResponse({ description: 'Linhas ou datas inválidas.' })
  @ApiNotFoundResponse({ description: 'Cliente não encontrado.' })
  @ApiUnprocessableEntityResponse({ description: 'Registro inexistente ou de outro cliente.' })
  async createCobranca(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: CreateCobrancaDto) {
    return { data: await this.commands.createCobranca(actor, dto) };
  }

  @Put(':id')
  @Allow('financas.write')
  @ApiOkResponse({ description: 'Altera vencimento e/ou linhas de uma cobrança aberta e sem pagamentos → { data }.' })
  @ApiConflictResponse({ description: 'Cobrança paga, cancelada, com pagamentos, ou alterada enquanto isso.' })
  @ApiNotFoundResponse({ description: 'Cobrança não encontrada.' })
  async updateCobranca(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: UpdateCobrancaDto) {
    return { data: await this.commands.updateCobranca(actor, id, dto) };
  }

  @Put(':id/cancelar')
  @Allow('financas.write')
  @ApiOkResponse({ description: '{ motivo } → { data }: a cobrança aberta fica cancelada (nunca é apagada).' })
  @ApiConflictResponse({ description: 'Já paga ou já cancelada.' })
  @ApiNotFoundResponse({ description: 'Cobrança não encontrada.' })
  async cancelarCobranca(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: CancelarCobrancaDto) {
    return { data: await this.commands.cancelar(actor, id, dto.motivo) };
  }

  @Post(':id/pagamentos')
  @Allow('financas.write')
  @ApiCreatedResponse({ description: '{ data?, valor, forma, nota? } → { data: cobrança }. Pagamentos parciais; quitada quando o saldo chega a zero.' })
  @ApiConflictResponse({ description: 'Cobrança paga ou cancelada.' })
  @ApiUnprocessableEntityResponse({ description: 'Valor acima do saldo, zero, ou data futura.' })
  @ApiNotFoundResponse({ description: 'Cobrança não encontrada.' })
  async registrarPagamento(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: PagamentoDto) {
    return { data: await this.pagamentos.registrarPagamento(actor, id, dto) };
  }

  @Get(':id/pix')
  @Allow('financas.read', 'cliente')
  @Capacidade('cobrancas')
  @ApiOkResponse({ description: '{ data: { payload ("PIX copia e cola", BR Code estático com o saldo e o txid da cobrança), qrSvg } }.' })
  @ApiConflictResponse({ description: 'Cobrança sem saldo em aberto.' })
  @ApiNotFoundResponse({ description: 'Cobrança não encontrada (também a de outro cliente).' })
  async pix(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.documentos.pix(actor, id) };
  }

  @Get(':id/pagamentos/:pid/recibo')
  @Allow('financas.read', 'cliente')
  @Capacidade('cobrancas')
  @ApiOkResponse({ description: 'O recibo do pagamento em PDF (valor por extenso).' })
  @ApiNotFoundResponse({ description: 'Cobrança ou pagamento não encontrado (também de outro cliente).' })
  async recibo(
    @CurrentPrincipal() actor: AuthPrincipal,
    @Param('id', uuid) id: string,
    @Param('pid', pagamentoUuid) pid: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const { pdf, fileName } = await this.documentos.recibo(actor, id, pid);
    res.header('Cache-Control', 'private, no-store');
    res.header('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length, disposition: attachmentDisposition(fileName) });
  }
}
