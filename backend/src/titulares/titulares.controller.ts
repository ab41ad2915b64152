import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SOLICITACOES_TITULARES_CSV } from '@veritas/common';
import { Allow, type AuthPrincipal, Capacidade, CurrentPrincipal } from '../platform/request';
import { toClienteResponse } from '../clientes';
import { exportFilename, sandboxedDownload, streamCsv, uuidParam } from '../platform/http';
import { ApiExportQuery, ApiListQuery, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { AprovarDto, ContatoClienteDto, CorrecaoDto, EliminacaoDto, RecusarDto } from './dto/titulares.dto';
import { SOLICITACAO_NOT_FOUND, TitularesService } from './titulares.service';

const uuid = uuidParam(SOLICITACAO_NOT_FOUND);

const SHAPE =
  'Solicitação: { _id, tipo (exportacao|correcao|eliminacao), tipoLabel, status (processando|pronta|falhou|pendente|aprovada|recusada), ' +
  'statusLabel, clienteId, clienteNome (equipe), motivo, dados ({ razaoSocial?, cnpj? } da correção), resposta, respondidaEm, ' +
  'respondidaPorNome, respostaEnviadaEm, prazo (criação + 15 dias, art. 19 II), expiraEm, tamanho, download, createdAt }.';

const LIST_SPEC: ListSpec = {
  sortable: { _id: 's.id', createdAt: 's.createdAt', tipo: 's.tipo', status: 's.status', prazo: 's.createdAt', respondidaEm: 's.respondidaEm' },
  filters: ['tipo', 'status', 'clienteId', 'atrasadas'],
  defaultSort: ['createdAt', 'ASC'],
};

/** The client's side (the portal's "Meus dados"): its own data and requests only. */
@ApiTags('titulares (LGPD)')
@Controller('clientes/me')
export class MeusDadosController {
  constructor(private readonly titulares: TitularesService) {}

  @Get('solicitacoes')
  @Allow('cliente')
  @Capacidade('membros')
  @ApiOkResponse({ description: `{ data: solicitações[] } do próprio cliente, mais recentes primeiro. ${SHAPE}` })
  async listMinhasSolicitacoes(@CurrentPrincipal() actor: AuthPrincipal) {
    return { data: await this.titulares.listMine(actor.id) };
  }

  @Post('exportacao')
  @HttpCode(202)
  @Allow('cliente')
  @Capacidade('membros')
  @ApiAcceptedResponse({
    description: `{ data: solicitação } com status processando: o ZIP é gerado em segundo plano; consulte GET /api/clientes/me/exportacao/:id. Enquanto uma cópia está em preparação, pedir de novo devolve a mesma. ${SHAPE}`,
  })
  @ApiTooManyRequestsResponse({ description: 'Uma cópia por cliente a cada 24 horas: message diz quando pedir a próxima; retryAfterSeconds e cabeçalho Retry-After.' })
  async requestExportacao(@CurrentPrincipal() actor: AuthPrincipal) {
    return { data: await this.titulares.requestExport(actor.id) };
  }

  @Get('exportacao/:id')
  @Allow('cliente')
  @Capacidade('membros')
  @ApiOkResponse({ description: `{ data: solicitação }; quando pronta e dentro da validade (7 dias), download traz o endereço do ZIP. ${SHAPE}` })
  @ApiNotFoundResponse({ description: 'Solicitação não encontrada (também a de outro cliente).' })
  async getExportacao(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.titulares.getMine(actor.id, id) };
  }

  @Get('exportacao/:id/arquivo')
  @Allow('cliente')
  @Capacidade('membros')
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'O ZIP com os dados do cliente em JSON e os arquivos dos seus documentos (lidos dos arquivos atuais durante o envio, sem Content-Length).' })
  @ApiNotFoundResponse({ description: 'Solicitação não encontrada (também a de outro cliente).' })
  @ApiConflictResponse({ description: 'A cópia ainda não está pronta (ou falhou).' })
  @ApiGoneResponse({ description: 'O link expirou (7 dias): peça uma nova cópia.' })
  async downloadExportacao(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const { stream, createdAt } = await this.titulares.openExport(actor.id, id);
    return sandboxedDownload(res, stream, { type: 'application/zip', fileName: `meus-dados-${createdAt.toISOString().slice(0, 10)}.zip` });
  }

  @Put('contato')
  @Allow('cliente')
  @Capacidade('membros')
  @ApiOkResponse({ description: '{ data: cliente, message }: os campos de contato (nome fantasia, telefones, e-mail do responsável, endereço, responsável) corrigidos pelo próprio cliente; campos ausentes mantêm o valor.' })
  @ApiBadRequestResponse({ description: 'Campos inválidos, ou que o cliente não altera sozinho (razão social, CNPJ, e-mail de acesso: peça a correção).' })
  async updateMeuContato(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: ContatoClienteDto) {
    return { data: toClienteResponse(await this.titulares.updateContato(actor.id, dto)), message: 'Dados atualizados com sucesso!' };
  }

  @Post('correcao')
  @Allow('cliente')
  @Capacidade('membros')
  @ApiCreatedResponse({ description: `{ data: solicitação } pendente: razão social e/ou CNPJ, com o motivo, para a equipe aprovar. ${SHAPE}` })
  @ApiBadRequestResponse({ description: 'Sem motivo, CNPJ inválido, ou nada diferente do cadastro atual.' })
  async requestCorrecao(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: CorrecaoDto) {
    return { data: await this.titulares.requestCorrecao(actor.id, dto) };
  }

  @Post('eliminacao')
  @Allow('cliente')
  @Capacidade('membros')
  @ApiCreatedResponse({ description: `{ data: solicitação } pendente: a eliminação dos dados pessoais, respondida pela equipe em até 15 dias. ${SHAPE}` })
  @ApiConflictResponse({ description: 'Já existe um pedido de eliminação aguardando resposta.' })
  async requestEliminacao(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: EliminacaoDto) {
    return { data: await this.titulares.requestEliminacao(actor.id, dto.motivo ?? null) };
  }
}

/** The staff's side: the "Solicitações de titulares" screen. */
@ApiTags('titulares (LGPD)')
@Controller('solicitacoes-titulares')
export class SolicitacoesTitularesController {
  constructor(private readonly titulares: TitularesService) {}

  @Get()
  @Allow('titulares')
  @ApiListQuery('tipo, status (um ou lista), clienteId, atrasadas (pendentes além dos 15 dias). Ordenáveis: createdAt (padrão, mais antigas primeiro), prazo, tipo, status, respondidaEm')
  @ApiOkResponse({ description: `{ data: solicitações[], total } e Content-Range. ${SHAPE}` })
  @ApiBadRequestResponse({ description: 'Parâmetros de lista ou filtros inválidos.' })
  async listSolicitacoes(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, LIST_SPEC);
    const [rows, total] = await this.titulares.list(req);
    return listResponse(res, 'solicitacoes-titulares', req, rows, total);
  }

  @Get('exportar')
  @Allow('titulares')
  @ApiExportQuery('os mesmos da lista')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'A lista filtrada e ordenada inteira, em CSV pt-BR (UTF-8 com BOM, ";"), enviada aos poucos.' })
  @ApiBadRequestResponse({ description: 'Parâmetros sort ou filter inválidos.' })
  async exportSolicitacoes(@Query() query: ListQueryParams, @Res() res: FastifyReply) {
    const req = parseListQuery(query, LIST_SPEC);
    await streamCsv(res, { filename: exportFilename('solicitacoes-titulares'), columns: SOLICITACOES_TITULARES_CSV, req, fetchPage: (r) => this.titulares.list(r) });
  }

  @Get(':id')
  @Allow('titulares')
  @ApiOkResponse({ description: `{ data: solicitação }. ${SHAPE}` })
  @ApiNotFoundResponse({ description: 'Solicitação não encontrada.' })
  async getSolicitacao(@Param('id', uuid) id: string) {
    return { data: await this.titulares.get(id) };
  }

  @Post(':id/aprovar')
  @HttpCode(200)
  @Allow('titulares')
  @ApiOkResponse({
    description:
      `{ data: solicitação } aprovada. Correção: a razão social e/ou o CNPJ mudam. Eliminação: os dados pessoais são anonimizados, o ` +
      `acesso é encerrado (tokens em uso deixam de valer) e registros, cobranças e documentos ficam (art. 16). A resposta vai ao cliente por e-mail. ${SHAPE}`,
  })
  @ApiNotFoundResponse({ description: 'Solicitação não encontrada.' })
  @ApiConflictResponse({ description: 'Já respondida; ou o CNPJ pedido já é de outro cliente.' })
  async approveSolicitacao(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: AprovarDto) {
    return { data: await this.titulares.approve(actor, id, dto.resposta ?? null) };
  }

  @Post(':id/recusar')
  @HttpCode(200)
  @Allow('titulares')
  @ApiOkResponse({ description: `{ data: solicitação } recusada, com o motivo enviado ao cliente por e-mail. ${SHAPE}` })
  @ApiBadRequestResponse({ description: 'Informe o motivo da recusa.' })
  @ApiNotFoundResponse({ description: 'Solicitação não encontrada.' })
  @ApiConflictResponse({ description: 'Já respondida.' })
  async refuseSolicitacao(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: RecusarDto) {
    return { data: await this.titulares.refuse(actor, id, dto.resposta) };
  }
}
