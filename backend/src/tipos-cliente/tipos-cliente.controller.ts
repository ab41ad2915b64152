import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../platform/request';
import { ApiListQuery, ListQueryParams, listResponse, parseListQuery } from '../platform/read-side';
import { uuidParam } from '../platform/http';
import { CreateTipoClienteDto, TipoClienteResponseDto, UpdateTipoClienteDto } from './dto/tipo-cliente.dto';
import { toTipoClienteResponse } from './tipo-cliente.mapper';
import { TIPO_NOT_FOUND, TiposClienteService } from './tipos-cliente.service';

const uuid = uuidParam(TIPO_NOT_FOUND);

/** Swagger: `{ data: tipo, message }`, the §7 answer that "may carry message" shown in an alert. */
const withMessage = (description: string, example: string) => ({
  description,
  schema: {
    type: 'object',
    properties: { data: { $ref: getSchemaPath(TipoClienteResponseDto) }, message: { type: 'string', example } },
  },
});

@ApiTags('tipos-cliente')
@ApiExtraModels(TipoClienteResponseDto)
@Controller('tipos-cliente')
export class TiposClienteController {
  constructor(private readonly tipos: TiposClienteService) {}

  @Get()
  @Allow('tiposCliente.read')
  @ApiListQuery('q (nome, sem diferenciar maiúsculas e acentos), status (todos, ativos, inativos), id (lista de ids). Ordenáveis: nome, ativo, createdAt, updatedAt; padrão nome ASC')
  @ApiOkResponse({
    description: '{ data: tipos[], total } e cabeçalho Content-Range; cada tipo com seus serviços na ordem cadastrada.',
    schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: getSchemaPath(TipoClienteResponseDto) } }, total: { type: 'integer' } } },
  })
  @ApiBadRequestResponse({ description: 'Parâmetros sort, range ou filter inválidos.' })
  async listTipos(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, {
      sortable: { _id: 't.id', nome: 't.nome', ativo: 't.ativo', createdAt: 't.createdAt', updatedAt: 't.updatedAt' },
      filters: ['q', 'status', 'id', '_id'],
      defaultSort: ['nome', 'ASC'],
    });
    const [rows, total] = await this.tipos.listTipos(req);
    return listResponse(res, 'tipos-cliente', req, rows.map(toTipoClienteResponse), total);
  }

  @Get(':id')
  @Allow('tiposCliente.read')
  @ApiOkResponse({ description: '{ data: tipo }', schema: { type: 'object', properties: { data: { $ref: getSchemaPath(TipoClienteResponseDto) } } } })
  @ApiNotFoundResponse({ description: 'Tipo de cliente não encontrado.' })
  async getTipo(@Param('id', uuid) id: string) {
    return { data: toTipoClienteResponse(await this.tipos.getTipo(id)) };
  }

  @Post()
  @Allow('tiposCliente.write')
  @ApiCreatedResponse(withMessage('{ data: tipo, message }', 'Tipo de cliente cadastrado com sucesso!'))
  @ApiBadRequestResponse({ description: "Regras do formulário (§5): 'Por favor, preencha o nome do tipo de cliente.', 'Por favor, preencha o nome de todos os serviços.', 'O valor do serviço não pode ser negativo.', valor com mais de duas casas decimais." })
  @ApiConflictResponse({ description: 'Já existe um tipo de cliente com este nome (sem diferenciar maiúsculas e acentos).' })
  async createTipo(@Body() dto: CreateTipoClienteDto) {
    return { data: toTipoClienteResponse(await this.tipos.createTipo(dto)), message: 'Tipo de cliente cadastrado com sucesso!' };
  }

  @Put(':id')
  @Allow('tiposCliente.write')
  @ApiOkResponse(withMessage('{ data: tipo, message }. Campos ausentes mantêm o valor; servicos, quando enviado, substitui a lista.', 'Tipo de cliente atualizado com sucesso!'))
  @ApiBadRequestResponse({ description: 'Regras do formulário (§5), como no cadastro.' })
  @ApiNotFoundResponse({ description: 'Tipo de cliente não encontrado.' })
  @ApiConflictResponse({ description: 'Já existe um tipo de cliente com este nome.' })
  async updateTipo(@Param('id', uuid) id: string, @Body() dto: UpdateTipoClienteDto) {
    return { data: toTipoClienteResponse(await this.tipos.updateTipo(id, dto)), message: 'Tipo de cliente atualizado com sucesso!' };
  }

  @Put(':id/toggle-status')
  @Allow('tiposCliente.write')
  @ApiOkResponse(withMessage('{ data: tipo, message }: ativo invertido.', 'Tipo de cliente ativado com sucesso!'))
  @ApiNotFoundResponse({ description: 'Tipo de cliente não encontrado.' })
  async toggleStatus(@Param('id', uuid) id: string) {
    const tipo = await this.tipos.toggleStatus(id);
    return { data: toTipoClienteResponse(tipo), message: `Tipo de cliente ${tipo.ativo ? 'ativado' : 'inativado'} com sucesso!` };
  }

  @Delete(':id')
  @HttpCode(200)
  @Allow('tiposCliente.delete')
  @ApiOkResponse(withMessage('{ data: tipo excluído, message }', 'Tipo de cliente excluído com sucesso!'))
  @ApiNotFoundResponse({ description: 'Tipo de cliente não encontrado.' })
  @ApiConflictResponse({ description: 'O tipo está atribuído a clientes (a mensagem diz a quantos): retire-o deles antes, ou apenas inative-o.' })
  async deleteTipo(@Param('id', uuid) id: string) {
    return { data: toTipoClienteResponse(await this.tipos.deleteTipo(id)), message: 'Tipo de cliente excluído com sucesso!' };
  }
}
