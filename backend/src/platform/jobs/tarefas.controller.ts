import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../request';
import { ApiListQuery, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../read-side';
import { JobScheduler } from './jobs';

/** The failed runs come newest first, as the queue keeps them; there is nothing to sort or filter. */
const FALHAS_SPEC: ListSpec = { sortable: { falhouEm: 'falhouEm' }, filters: [], defaultSort: ['falhouEm', 'DESC'] };
const NAO_ENCONTRADA = 'Tarefa não encontrada.';
const FALHA_NAO_ENCONTRADA = 'Falha não encontrada (já repetida ou descartada).';

/** /api/tarefas: the background jobs for the master (issue 15): schedules, last runs, failures. */
@ApiTags('tarefas')
@Controller('tarefas')
export class TarefasController {
  constructor(private readonly jobs: JobScheduler) {}

  @Get()
  @Allow('tarefas')
  @ApiOkResponse({ description: '{ data: { modo: "redis" | "local", tarefas: [{ nome, descricao, periodoSegundos, cron, proximaExecucao, ultimaExecucao }], contagens: { aguardando, emExecucao, atrasadas, falhas } } }' })
  async estado() {
    return { data: await this.jobs.state() };
  }

  @Get('falhas')
  @Allow('tarefas')
  @ApiListQuery('sem filtros; as mais recentes primeiro')
  @ApiOkResponse({ description: '{ data: [{ _id, nome, erro, tentativas, criadaEm, falhouEm }], total } e cabeçalho Content-Range.' })
  async falhas(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, FALHAS_SPEC);
    const { rows, total } = await this.jobs.failures(req.skip, req.take);
    return listResponse(res, 'tarefas/falhas', req, rows, total);
  }

  @Post('falhas/:id/repetir')
  @HttpCode(202)
  @Allow('tarefas')
  @ApiAcceptedResponse({ description: '{ data: { ok: true } }: a tarefa volta para a fila (ou roda de novo, no modo local).' })
  @ApiNotFoundResponse({ description: FALHA_NAO_ENCONTRADA })
  async repetir(@Param('id') id: string) {
    if (!(await this.jobs.retry(id))) throw new NotFoundException(FALHA_NAO_ENCONTRADA);
    return { data: { ok: true } };
  }

  @Delete('falhas/:id')
  @Allow('tarefas')
  @ApiOkResponse({ description: '{ data: { ok: true } }: a falha sai da lista.' })
  @ApiNotFoundResponse({ description: FALHA_NAO_ENCONTRADA })
  async descartar(@Param('id') id: string) {
    if (!(await this.jobs.discard(id))) throw new NotFoundException(FALHA_NAO_ENCONTRADA);
    return { data: { ok: true } };
  }

  @Post(':nome/executar')
  @HttpCode(202)
  @Allow('tarefas')
  @ApiAcceptedResponse({ description: '{ data: { ok: true } }: uma execução agora, além das agendadas.' })
  @ApiNotFoundResponse({ description: NAO_ENCONTRADA })
  async executar(@Param('nome') nome: string) {
    if (!(await this.jobs.runNow(nome))) throw new NotFoundException(NAO_ENCONTRADA);
    return { data: { ok: true } };
  }
}
