import { Body, Controller, Get, Ip, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiProduces,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { exportFilename, streamCsv, uuidParam } from '../platform/http';
import { CONTACT_MESSAGES, MENSAGENS_CSV } from '@veritas/common';
import { Allow, ApiRateLimited, type AuthPrincipal, CurrentPrincipal, Public } from '../platform/request';
import { ApiExportQuery, ApiListQuery, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { toContatoResponse } from './contato.mapper';
import { CONTATO_NOT_FOUND, ContatoService } from './contato.service';
import { CreateContatoDto, ResponderContatoDto, UpdateContatoDto } from './dto/contato.dto';

const uuid = uuidParam(CONTATO_NOT_FOUND);

const CONTATO_LIST_SPEC: ListSpec = {
  sortable: { _id: 'c.id', lida: 'c.lida', createdAt: 'c.createdAt', nome: 'c.nome', assunto: 'c.assunto', tratada: 'c.tratada' },
  filters: ['q', 'status'],
  defaultSort: ['lida', 'ASC'],
};

@ApiTags('contato')
@Controller('contato')
export class ContatoController {
  constructor(private readonly contato: ContatoService) {}

  @Post()
  @Public('Acesso público. O formulário de contato do site: guarda a mensagem (com o momento do aceite dos termos) e a entrega na caixa CONTACT_INBOX. Limitado por IP.')
  @ApiCreatedResponse({ description: `{ message: '${CONTACT_MESSAGES.success}' }` })
  @ApiBadRequestResponse({
    description: "As regras do formulário (§5): 'Nome é obrigatório', 'Email é obrigatório', 'Email inválido', 'Telefone é obrigatório', 'Telefone inválido', 'Selecione um assunto', 'Mensagem é obrigatória', 'Você deve aceitar os termos', tamanhos máximos.",
  })
  @ApiRateLimited()
  async sendContato(@Body() dto: CreateContatoDto, @Ip() ip: string) {
    await this.contato.receive(dto, ip);
    return { message: CONTACT_MESSAGES.success };
  }

  @Get('exportar')
  @Allow('contato')
  @ApiExportQuery('os mesmos da lista')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'As mensagens filtradas e ordenadas, em CSV pt-BR (UTF-8 com BOM, ";"), enviadas aos poucos.' })
  async exportContatos(@Query() query: ListQueryParams, @Res() res: FastifyReply) {
    const req = parseListQuery(query, CONTATO_LIST_SPEC);
    await streamCsv(res, {
      filename: exportFilename('mensagens'),
      columns: MENSAGENS_CSV,
      req,
      fetchPage: async (r) => {
        const [rows, total] = await this.contato.list(r);
        return [rows.map(toContatoResponse), total];
      },
    });
  }

  @Get()
  @Allow('contato')
  @ApiListQuery('q (nome, e-mail, empresa, telefone, assunto e texto; sem diferenciar maiúsculas e acentos), status (todas, nao-lidas, pendentes, tratadas). Ordenáveis: lida (padrão: não lidas primeiro, depois as mais novas), createdAt, nome, assunto, tratada')
  @ApiOkResponse({ description: '{ data: mensagens[], total } e cabeçalho Content-Range.' })
  @ApiBadRequestResponse({ description: 'Parâmetros sort, range ou filter inválidos.' })
  async listContatos(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, CONTATO_LIST_SPEC);
    const [rows, total] = await this.contato.list(req);
    return listResponse(res, 'contato', req, rows.map(toContatoResponse), total);
  }

  @Get(':id')
  @Allow('contato')
  @ApiOkResponse({ description: '{ data: mensagem }. Abrir a mensagem a marca como lida.' })
  @ApiNotFoundResponse({ description: CONTATO_NOT_FOUND })
  async openContato(@Param('id', uuid) id: string) {
    return { data: toContatoResponse(await this.contato.open(id)) };
  }

  @Put(':id')
  @Allow('contato')
  @ApiOkResponse({ description: '{ data: mensagem }. tratada: true guarda quem e quando; false volta a pendente.' })
  @ApiBadRequestResponse({ description: 'Nem lida nem tratada informadas, ou valores que não são booleanos.' })
  @ApiNotFoundResponse({ description: CONTATO_NOT_FOUND })
  async updateContato(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: UpdateContatoDto) {
    return { data: toContatoResponse(await this.contato.update(actor, id, dto)) };
  }

  @Post(':id/resposta')
  @Allow('contato')
  @ApiCreatedResponse({ description: "{ data: mensagem, message: 'Resposta enviada com sucesso!' }. A resposta sai do e-mail de quem responde e fica nos Enviados dele; a mensagem passa a tratada." })
  @ApiBadRequestResponse({ description: 'Resposta vazia ou longa demais.' })
  @ApiNotFoundResponse({ description: CONTATO_NOT_FOUND })
  @ApiServiceUnavailableResponse({ description: 'Sem SMTP_URL configurada: e-mails para fora não podem ser enviados.' })
  @ApiBadGatewayResponse({ description: 'O servidor SMTP recusou a mensagem.' })
  async replyContato(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: ResponderContatoDto) {
    return { data: toContatoResponse(await this.contato.reply(actor, id, dto)), message: 'Resposta enviada com sucesso!' };
  }
}
