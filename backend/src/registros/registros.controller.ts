import { BadRequestException, Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiProduces,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { REGISTROS_CSV } from '@veritas/common';
import { exportFilename, streamCsv, uuidParam } from '../platform/http';
import { Allow, type AuthPrincipal, Capacidade, CurrentPrincipal } from '../platform/request';
import { ApiExportQuery, ApiListQuery, keptJson, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { clienteOf } from '@veritas/common';
import { AssignDto, CreateRegistroDto, UpdateStatusDto } from './dto/registro.dto';
import { RegistroAssignmentService } from './registro-assignment.service';
import { RegistroCreateService } from './registro-create.service';
import { CLIENTE_NOT_FOUND, REGISTRO_NOT_FOUND } from './registro-messages';
import { RegistroStatusService } from './registro-status.service';
import { STAFF_FILTER_HELP } from './registros-filtros';
import { RegistrosQueryService } from './registros-query.service';
import { ServicosService } from './servicos.service';

const uuid = uuidParam(REGISTRO_NOT_FOUND);
const clienteUuid = uuidParam(CLIENTE_NOT_FOUND);

const OWN_LIST_SPEC: ListSpec = {
  sortable: {
    _id: 'r.id',
    numero: 'r.numero',
    data: 'r.createdAt',
    createdAt: 'r.createdAt',
    updatedAt: 'r.updatedAt',
    tipo: 'r.tipo',
    status: 'r.status',
    prazo: 'r.prazo',
    // The panel's Cliente and Responsável columns sort by the names shown (a correlated lookup by primary key).
    clienteNome: '(SELECT c.razaoSocial FROM clientes c WHERE c.id = r.clienteId)',
    responsavelNome: '(SELECT u.nomeCompleto FROM users u WHERE u.id = r.responsavelId)',
  },
  filters: ['status', 'q'],
  defaultSort: ['createdAt', 'DESC'],
};
const STAFF_LIST_SPEC: ListSpec = {
  ...OWN_LIST_SPEC,
  filters: [...OWN_LIST_SPEC.filters, 'id', '_id', 'responsavelId', 'clienteId', 'servico', 'tipo', 'aberto', 'vencido', 'overdue', 'venceEmDiasUteis', 'junta', 'etapa', 'emExigencia'],
};

const REGISTRO_SHAPE =
  'Registro: { _id, numero (protocolo "2026-000123"), data, tipo, status, statusLabel, servico, descricao, valor, clienteId, ' +
  'clienteNome, responsavelId, responsavelNome, slaDiasUteis, prazo ("AAAA-MM-DD"; null com o relógio parado), prazoPausado, ' +
  'diasUteisRestantes, vencido, encerradoEm, createdAt, updatedAt, juntaUf (UF da Junta Comercial; o prazo conta no calendário dela), ' +
  'etapaAtual (nome da etapa atual ou null), etapaDesde (desde quando ela é a atual), emExigencia (exigência aberta: o prazo fica parado), ' +
  'exigenciaPrazo (o prazo mais próximo das exigências abertas) }.';

const HISTORICO_SHAPE =
  'historico: [{ _id, data, evento ("criacao", "status", "responsavel", "etapa", "junta"), de, para, deLabel, paraLabel, autorTipo ("cliente"|"equipe"), ' +
  'autorNome, nota, notaVisivelCliente (só para a equipe) }] em ordem. O cliente vê só a criação e as mudanças de status, e ' +
  'apenas as observações marcadas como visíveis.';

@ApiTags('registros')
@Controller('registros')
export class RegistrosController {
  constructor(
    private readonly registros: RegistrosQueryService,
    private readonly abertura: RegistroCreateService,
    private readonly status: RegistroStatusService,
    private readonly assignment: RegistroAssignmentService,
    private readonly servicos: ServicosService,
  ) {}

  @Get()
  @Allow('registros.read')
  @ApiListQuery(STAFF_FILTER_HELP)
  @ApiOkResponse({
    description:
      `{ data: registros[], total } e cabeçalho Content-Range. Master, Diretoria, Financeiro e Suporte veem todos; um associado ` +
      `vê os seus e os sem responsável (a mesma regra do detalhe, do por cliente e dos documentos). Ordenável por numero, data, tipo, status, prazo, clienteNome, responsavelNome, updatedAt. ` +
      `Com q, a contagem para depois de 1.000 resultados: { total: 1000, totalExato: false } e Content-Range "registros 0-24/*". ${REGISTRO_SHAPE}`,
  })
  @ApiBadRequestResponse({ description: 'Parâmetros de lista ou filtros inválidos.' })
  async listRegistros(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, STAFF_LIST_SPEC);
    const answer = await this.registros.listRegistros(actor, req, 'limitada');
    return keptJson(res, answer, () => listResponse(res, 'registros', req, answer[0], answer[1]));
  }

  @Get('exportar')
  @Allow('registros.read')
  @ApiExportQuery(STAFF_FILTER_HELP)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'A lista filtrada e ordenada inteira, em CSV pt-BR (UTF-8 com BOM, ";"), enviada aos poucos.' })
  @ApiBadRequestResponse({ description: 'Parâmetros de lista ou filtros inválidos.' })
  async exportRegistros(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res() res: FastifyReply) {
    const req = parseListQuery(query, STAFF_LIST_SPEC);
    await streamCsv(res, {
      filename: exportFilename('registros'),
      columns: REGISTROS_CSV,
      req,
      fetchPage: async (r) => {
        const [rows, contagem] = await this.registros.listRegistros(actor, r);
        return [rows, contagem.total];
      },
    });
  }

  @Get('me')
  @Allow('cliente')
  @ApiListQuery('status (um ou lista), q (protocolo, serviço ou descrição)')
  @ApiOkResponse({ description: `{ data: registros[], total } do próprio cliente, mais recentes primeiro; Content-Range. ${REGISTRO_SHAPE}` })
  async listMine(@CurrentPrincipal() actor: AuthPrincipal, @Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, OWN_LIST_SPEC);
    const [rows, total] = await this.registros.listMine(actor.id, req);
    return listResponse(res, 'registros', req, rows, total);
  }

  @Get('servicos')
  @Allow('cliente', 'staff')
  @ApiQuery({ name: 'clienteId', required: false, description: 'Equipe: os serviços (e preços) para este cliente. Cliente: ignorado.' })
  @ApiOkResponse({
    description:
      '{ data: [{ codigo, nome, valor, slaDiasUteis, origem }] }: o catálogo da empresa (§1) e os serviços do tipo de cliente ativo ' +
      'do cliente, com o preço (BRL) do tipo quando houver (valor null quando não há). Envie `codigo` como `servico` em POST /api/registros.',
  })
  async listServicos(@CurrentPrincipal() actor: AuthPrincipal, @Query('clienteId') clienteId?: string) {
    const own = clienteOf(actor);
    if (own) return { data: await this.servicos.listServicos(own) };
    if (clienteId !== undefined && !/^[0-9a-f-]{36}$/i.test(clienteId)) throw new BadRequestException('clienteId inválido.');
    return { data: await this.servicos.listServicos(clienteId ?? null) };
  }

  @Get('cliente/:id')
  @Allow('registros.read', 'cliente')
  @ApiOkResponse({
    description:
      `§7: { data: registros[] } de um cliente que quem chama pode ver (um associado: os seus e os sem responsável), mais ` +
      `recentes primeiro (sem paginação). ${REGISTRO_SHAPE}`,
  })
  @ApiNotFoundResponse({ description: 'Cliente não encontrado (um cliente só consulta o próprio id).' })
  async listByCliente(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', clienteUuid) id: string) {
    return { data: await this.registros.listByCliente(actor, id) };
  }

  @Post()
  @Allow('cliente', 'registros.work')
  @Capacidade('solicitar')
  @ApiCreatedResponse({
    description:
      `'Nova Solicitação': { data: registro com historico }, status pendente, protocolo novo e prazo em dias úteis a partir de hoje. ` +
      `Cliente: { servico ou tipo, descricao }. Equipe: também clienteId (obrigatório), responsavelId e juntaUf (opcionais); o histórico diz "Aberto por <pessoa> em nome de <cliente>". ` +
      `Anexos: depois, POST /api/documentos com registroId. ${REGISTRO_SHAPE}`,
  })
  @ApiBadRequestResponse({ description: 'Serviço não disponível, descrição ausente, cliente não informado (equipe).' })
  @ApiNotFoundResponse({ description: 'Cliente não encontrado.' })
  async createRegistro(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: CreateRegistroDto) {
    const r = await this.abertura.createRegistro(actor, dto);
    return { data: await this.registros.getDetalhe(actor, r.id) };
  }

  @Get(':id')
  @Allow('registros.read', 'cliente')
  @ApiOkResponse({ description: `{ data: registro com historico }. ${REGISTRO_SHAPE} ${HISTORICO_SHAPE}` })
  @ApiNotFoundResponse({ description: 'Registro não encontrado (também quando é de outro cliente, ou de outro associado).' })
  async getRegistro(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.registros.getDetalhe(actor, id) };
  }

  @Put(':id/status')
  @Allow('registros.work', 'cliente')
  @ApiOkResponse({
    description:
      '{ data: registro com historico }. Transições: pendente → andamento | recusado | cancelado; andamento → concluido | ' +
      'cancelado | pendente (aguardando o cliente: o prazo para de contar e volta a contar, com os dias úteis que restavam, ' +
      'ao voltar para andamento). Concluído, Cancelado e Recusado são finais. O cliente recebe um e-mail a cada mudança.',
  })
  @ApiForbiddenResponse({
    description: 'Associado que não é o responsável; cliente pedindo outro status que não cancelado.',
  })
  @ApiConflictResponse({ description: 'Transição não permitida (mensagem diz quais são), ou o registro mudou enquanto isso.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado.' })
  async changeStatus(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: UpdateStatusDto) {
    return { data: await this.status.changeStatus(actor, id, dto) };
  }

  @Put(':id/responsavel')
  @Allow('registros.work')
  @ApiOkResponse({
    description:
      '{ data: registro com historico }. Master e Diretoria atribuem a qualquer usuário da equipe (ou null). Um associado só ' +
      'assume um registro sem responsável (responsavelId = o próprio id) ou deixa um que é seu (null).',
  })
  @ApiBadRequestResponse({ description: 'Usuário responsável não encontrado.' })
  @ApiForbiddenResponse({ description: 'Associado tentando atribuir a outra pessoa.' })
  @ApiConflictResponse({ description: 'Já tem responsável, está encerrado, ou mudou enquanto isso.' })
  @ApiNotFoundResponse({ description: 'Registro não encontrado.' })
  async assign(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: AssignDto) {
    return { data: await this.assignment.assign(actor, id, dto.responsavelId) };
  }
}
