import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Allow, type AuthPrincipal, CurrentPrincipal, Public } from '../platform/request';
import { RateLimit } from '../platform/limits';
import { uuidParam } from '../platform/http';
import { AgendaFeedService, FEED_NOT_FOUND } from './agenda-feed.service';
import { AgendaService, EVENTO_NOT_FOUND, parseWindow } from './agenda.service';
import { EventoDto } from './dto/evento.dto';

const uuid = uuidParam(EVENTO_NOT_FOUND);

@ApiTags('agenda')
@Controller('agenda')
export class AgendaController {
  constructor(
    private readonly agenda: AgendaService,
    private readonly feeds: AgendaFeedService,
  ) {}

  @Get()
  @Allow('agenda')
  @ApiQuery({ name: 'inicio', required: true, example: '2027-03-01', description: 'Início do período (data ou data e hora ISO; datas à meia-noite de São Paulo).' })
  @ApiQuery({ name: 'fim', required: true, example: '2027-04-01', description: 'Fim do período (exclusivo); no máximo 366 dias depois do início.' })
  @ApiQuery({ name: 'responsavel', required: false, description: 'Id de uma pessoa da equipe ("me": a sua). Outra pessoa: apenas Diretoria e Master.' })
  @ApiOkResponse({
    description:
      '{ data: [{ id, kind ("evento", "prazo-registro", "feriado"...), titulo, inicio, fim, allDay, link (caminho no painel), clienteNome?, protocolo?, uid, responsavelId?, evento? }] } ' +
      'em ordem de início. Eventos recorrentes aparecem uma vez por ocorrência. Itens de dia inteiro têm datas AAAA-MM-DD (fim exclusivo). ' +
      'Cada pessoa vê os seus itens e os eventos de que participa; Diretoria e Master, os de todos.',
  })
  @ApiBadRequestResponse({ description: 'Período ausente, inválido ou maior que 366 dias.' })
  async listAgenda(@CurrentPrincipal() actor: AuthPrincipal, @Query('inicio') inicio?: string, @Query('fim') fim?: string, @Query('responsavel') responsavel?: string) {
    const window = parseWindow(inicio, fim);
    const scope = this.agenda.scopeFor(actor, typeof responsavel === 'string' && responsavel ? responsavel : undefined);
    return { data: await this.agenda.listAgenda(actor, window.inicio, window.fim, scope) };
  }

  @Get('pessoas')
  @Allow('agenda')
  @ApiOkResponse({ description: '{ data: [{ id, nome, ausente }] }: a equipe, para escolher participantes (e, na Diretoria, filtrar por pessoa); ausente = de férias, licença etc. hoje.' })
  async listPessoas() {
    return { data: await this.agenda.listPessoas() };
  }

  @Get('me')
  @Allow('cliente')
  @ApiOkResponse({ description: '{ data: [{ id, tipo, titulo, inicio, fim, allDay, local, link }] }: os próximos compromissos para os quais o cliente foi convidado (um ano).' })
  async listMyAppointments(@CurrentPrincipal() actor: AuthPrincipal) {
    return { data: await this.agenda.listForCliente(actor.id) };
  }

  @Post('eventos')
  @Allow('agenda')
  @ApiCreatedResponse({ description: '{ data: evento }. Com convidarCliente, o cliente recebe um convite .ics por e-mail.' })
  @ApiBadRequestResponse({ description: 'Campos inválidos (tipo, datas, recorrência RRULE, participantes, cliente, registro).' })
  async createEvento(@CurrentPrincipal() actor: AuthPrincipal, @Body() dto: EventoDto) {
    return { data: await this.agenda.createEvento(actor, dto) };
  }

  @Get('eventos/:id')
  @Allow('agenda')
  @ApiOkResponse({ description: '{ data: evento }, com podeEditar. Quem não o vê (não criou, não participa, fora da Diretoria) recebe 404.' })
  @ApiNotFoundResponse({ description: EVENTO_NOT_FOUND })
  async getEvento(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    const ev = await this.agenda.getEvento(actor, id);
    const resp = (await this.agenda.toResponses([ev])).get(ev.id)!;
    return { data: { ...resp, podeEditar: this.agenda.mayEdit(actor, ev) } };
  }

  @Put('eventos/:id')
  @Allow('agenda')
  @ApiOkResponse({ description: '{ data: evento } (substitui o evento inteiro).' })
  @ApiBadRequestResponse({ description: 'Campos inválidos.' })
  @ApiForbiddenResponse({ description: 'Apenas quem criou o evento, a Diretoria ou o Master.' })
  @ApiNotFoundResponse({ description: EVENTO_NOT_FOUND })
  async updateEvento(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string, @Body() dto: EventoDto) {
    return { data: await this.agenda.updateEvento(actor, id, dto) };
  }

  @Delete('eventos/:id')
  @HttpCode(200)
  @Allow('agenda')
  @ApiOkResponse({ description: '{ data: evento excluído }. Um cliente convidado recebe o cancelamento.' })
  @ApiForbiddenResponse({ description: 'Apenas quem criou o evento, a Diretoria ou o Master.' })
  @ApiNotFoundResponse({ description: EVENTO_NOT_FOUND })
  async deleteEvento(@CurrentPrincipal() actor: AuthPrincipal, @Param('id', uuid) id: string) {
    return { data: await this.agenda.deleteEvento(actor, id) };
  }

  @Post('feed/renovar')
  @Allow('agenda')
  @ApiCreatedResponse({ description: '{ data: { url } }: o novo endereço secreto da sua agenda (mostrado uma vez); o anterior deixa de funcionar.' })
  async renewFeed(@CurrentPrincipal() actor: AuthPrincipal) {
    return { data: { url: await this.feeds.renew(actor.id) } };
  }

  @Get('feed/:token.ics')
  @Public('Acesso público pelo endereço secreto (o token é a credencial). A agenda da pessoa em iCalendar (RFC 5545), de 30 dias atrás a um ano à frente. Limitado por IP.')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'text/calendar: eventos (com RRULE), prazos e feriados; fuso America/Sao_Paulo; UID estável por item; do cliente, apenas o nome e o protocolo.' })
  @ApiNotFoundResponse({ description: FEED_NOT_FOUND })
  @RateLimit('agenda-feed')
  async getFeed(@Param('token') token: string) {
    return this.feeds.feed(token);
  }
}
