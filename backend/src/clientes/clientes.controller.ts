import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  getSchemaPath,
  ApiProduces,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CLIENTES_CSV, membroOf } from '@veritas/common';
import { exportFilename, streamCsv, uuidParam } from '../platform/http';
import { Allow, type AuthPrincipal, CurrentPrincipal, Public } from '../platform/request';
import { RateLimit } from '../platform/limits';
import { ApiExportQuery, ApiListQuery, keptJson, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { ApiCnpjLookup, CnpjLookupService } from '../lookup';
import { toClienteResponse, toMembroResponse } from './cliente.mapper';
import { CLIENTE_NOT_FOUND, ClientesService, SEM_CNPJ } from './clientes.service';
import { ClienteResponseDto } from './dto/cliente-response.dto';
import { CreateClienteDto, RegisterClienteDto, UpdateClienteDto } from './dto/cliente.dto';

const CLIENTES_LIST_SPEC: ListSpec = {
  sortable: {
    _id: 'c.id',
    razaoSocial: 'c.razaoSocial',
    nomeFantasia: 'c.nomeFantasia',
    email: 'c.email',
    cnpj: 'c.cnpj',
    status: 'c.status',
    createdAt: 'c.createdAt',
  },
  filters: ['q', 'status', 'tipoClienteId', 'id', '_id'],
  defaultSort: ['createdAt', 'DESC'],
};

const uuid = uuidParam(CLIENTE_NOT_FOUND);
const one = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  schema: { type: 'object', properties: { data: { $ref: getSchemaPath(ClienteResponseDto) }, ...extra } },
});
const FORM_RULES =
  "Regras do formulário da equipe (§5), em português: 'Razão Social é obrigatória', 'CNPJ é obrigatório', 'Formato de CNPJ inválido', " +
  "'CNPJ inválido (dígitos verificadores incorretos)', 'E-mail é obrigatório', 'E-mail inválido', a política de senha, " +
  "'CEP inválido (deve conter 8 dígitos)', telefones, estado, cargo, datas; tipo de cliente inexistente ou inativo; campos desconhecidos.";

@ApiTags('clientes')
@ApiExtraModels(ClienteResponseDto)
@Controller('clientes')
export class ClientesController {
  constructor(
    private readonly clientes: ClientesService,
    private readonly cnpj: CnpjLookupService,
  ) {}

  @Post('register')
  @Public('Cadastro público de uma empresa cliente. Limitado por IP.')
  @ApiCreatedResponse(one('{ data: cliente } (status ativo).'))
  @ApiConflictResponse({ description: 'CNPJ ou e-mail já cadastrado.' })
  @RateLimit('cadastro')
  async registerCliente(@Body() dto: RegisterClienteDto) {
    return { data: toClienteResponse(await this.clientes.registerCliente(dto)) };
  }

  @Get('me')
  @Allow('cliente')
  @ApiOkResponse(one('{ data: cliente } com tipoCliente (serviços e valores do seu tipo).'))
  async me(@CurrentPrincipal() principal: AuthPrincipal) {
    const cliente = await this.clientes.getCliente(principal.id);
    const proprio = membroOf(principal);
    const membro = proprio ? await this.clientes.membro(proprio.id) : null;
    return { data: { ...toClienteResponse(cliente, await this.clientes.tipoOf(cliente)), ...(membro ? { membro: toMembroResponse(membro) } : {}) } };
  }

  // ---- The staff panel (§2.12, §7)

  @Get()
  @Allow('clientes.read')
  @ApiListQuery(
    'q (razão social, nome fantasia, e-mail e CNPJ com ou sem máscara; sem diferenciar maiúsculas e acentos), ' +
      'status (todos, ativos, inativos — as abas), tipoClienteId, id (lista de ids). ' +
      'Ordenáveis: razaoSocial, nomeFantasia, email, cnpj, status, createdAt (padrão createdAt DESC)',
  )
  @ApiOkResponse({
    description:
      '{ data: clientes[], total } e cabeçalho Content-Range (sem tipoCliente; use GET /api/clientes/:id para o detalhe). ' +
      'Com q, a contagem para depois de 1.000 resultados: { total: 1000, totalExato: false } e Content-Range "clientes 0-24/*" ("mais de 1.000").',
    schema: {
      type: 'object',
      properties: {
        data: { type: 'array', items: { $ref: getSchemaPath(ClienteResponseDto) } },
        total: { type: 'integer' },
        totalExato: { type: 'boolean', enum: [false], description: 'Presente (false) só quando há mais de `total` resultados.' },
      },
    },
  })
  @ApiBadRequestResponse({ description: 'Parâmetros sort, range ou filter inválidos.' })
  async listClientes(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, CLIENTES_LIST_SPEC);
    const answer = await this.clientes.listClientesPagina(req);
    return keptJson(res, answer, () => listResponse(res, 'clientes', req, answer[0], answer[1]));
  }

  @Get('exportar')
  @Allow('clientes.read')
  @ApiExportQuery('os mesmos da lista')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'Os clientes filtrados e ordenados, em CSV pt-BR (UTF-8 com BOM, ";"), enviados aos poucos.' })
  @ApiBadRequestResponse({ description: 'Parâmetros sort ou filter inválidos.' })
  async exportClientes(@Query() query: ListQueryParams, @Res() res: FastifyReply) {
    const req = parseListQuery(query, CLIENTES_LIST_SPEC);
    await streamCsv(res, {
      filename: exportFilename('clientes'),
      columns: CLIENTES_CSV,
      req,
      fetchPage: async (r) => {
        const [rows, total] = await this.clientes.listClientes(r);
        return [rows.map((c) => toClienteResponse(c)), total];
      },
    });
  }

  @Get(':id')
  @Allow('clientes.read')
  @ApiOkResponse(one('{ data: cliente } com tipoCliente (serviços e valores) quando tiver um.'))
  @ApiNotFoundResponse({ description: 'Cliente não encontrado.' })
  async getCliente(@Param('id', uuid) id: string) {
    const cliente = await this.clientes.getCliente(id);
    return { data: toClienteResponse(cliente, await this.clientes.tipoOf(cliente)) };
  }

  @Get(':id/cnpj-info')
  @Allow('clientes.read')
  @ApiQuery({ name: 'refresh', required: false, enum: ['true', 'false'], description: 'true: consulta o provedor agora, mesmo com cache válido (respeitando o limite por minuto).' })
  @ApiCnpjLookup()
  async getCnpjInfo(@Param('id', uuid) id: string, @Query('refresh') refresh?: string) {
    const cliente = await this.clientes.getCliente(id);
    if (!cliente.cnpj) throw new NotFoundException(SEM_CNPJ);
    return this.cnpj.lookup(cliente.cnpj, { refresh: refresh === 'true' || refresh === '1', caller: 'staff' });
  }

  @Post()
  @Allow('clientes.write')
  @ApiCreatedResponse(one('{ data: cliente, message }', { message: { type: 'string', example: 'Cliente cadastrado com sucesso!' } }))
  @ApiBadRequestResponse({ description: `${FORM_RULES} A senha é obrigatória no cadastro.` })
  @ApiConflictResponse({ description: 'Já existe um cliente cadastrado com este CNPJ. / Este e-mail já está cadastrado.' })
  async createCliente(@Body() dto: CreateClienteDto) {
    return { data: toClienteResponse(await this.clientes.createCliente(dto)), message: 'Cliente cadastrado com sucesso!' };
  }

  @Put(':id')
  @Allow('clientes.write')
  @ApiOkResponse(one('{ data: cliente, message }. Campos ausentes mantêm o valor; senha em branco mantém a atual; status ativo/inativo.', { message: { type: 'string', example: 'Cliente atualizado com sucesso!' } }))
  @ApiBadRequestResponse({ description: `${FORM_RULES} A senha é opcional na edição.` })
  @ApiNotFoundResponse({ description: 'Cliente não encontrado.' })
  @ApiConflictResponse({ description: 'CNPJ ou e-mail já usado por outro cliente.' })
  @ApiForbiddenResponse({
    description:
      'Alterar o e-mail de acesso ou a senha: apenas Master e Diretoria (os demais enviam ao cliente um link de redefinição: ' +
      'POST /api/clientes/:id/enviar-redefinicao-senha). Nada é alterado.',
  })
  async updateCliente(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: UpdateClienteDto) {
    const cliente = await this.clientes.updateCliente(actor, id, dto);
    return { data: toClienteResponse(cliente, await this.clientes.tipoOf(cliente)), message: 'Cliente atualizado com sucesso!' };
  }

  @Delete(':id')
  @HttpCode(200)
  @Allow('clientes.delete')
  @ApiOkResponse(
    one('{ data: cliente excluído, removidos: { registros, documentos, ... }, message }', {
      removidos: { type: 'object', additionalProperties: { type: 'integer' }, example: { registros: 0, documentos: 0 } },
      message: { type: 'string', example: 'Cliente excluído com sucesso!' },
    }),
  )
  @ApiNotFoundResponse({ description: 'Cliente não encontrado.' })
  @ApiConflictResponse({
    description:
      'O cliente está ativo e tem registros ou documentos: inative-o antes (PUT com status inativo). Excluir um cliente inativo ' +
      'remove junto, numa só transação, os registros e documentos dele.',
  })
  async deleteCliente(@Param('id', uuid) id: string) {
    const { cliente, removidos } = await this.clientes.deleteCliente(id);
    return { data: toClienteResponse(cliente), removidos, message: 'Cliente excluído com sucesso!' };
  }
}
