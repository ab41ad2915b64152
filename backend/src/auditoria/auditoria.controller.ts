import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AUDITORIA_CSV, isUserType } from '@veritas/common';
import { Allow } from '../platform/request';
import { exportFilename, streamCsv } from '../platform/http';
import { ApiExportQuery, ApiListQuery, ListQueryParams, listResponse, ListSpec, parseListQuery } from '../platform/read-side';
import { DataSource } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import { recordAudit } from './audit-log';
import { AuditoriaService, toAuditoriaResponse } from './auditoria.service';

const AUDITORIA_LIST_SPEC: ListSpec = {
  sortable: { _id: 'a.seq', seq: 'a.seq', em: 'a.seq', atorNome: 'a.atorNome', acao: 'a.acao', entidade: 'a.entidade' },
  filters: ['atorId', 'atorTipo', 'entidade', 'entidadeId', 'clienteId', 'registroId', 'acao', 'de', 'ate'],
  defaultSort: ['em', 'DESC'],
};

const FILTER_HELP =
  'atorId (quem), atorTipo (user, cliente, sistema), entidade (clientes, registros...), entidadeId, clienteId e registroId (a trilha de um cliente ou registro, com seus documentos, cobranças, exigências e checklist), acao (exata, ou o prefixo: "registro" acha registro.status...), de e ate (AAAA-MM-DD, dias de São Paulo). Ordenáveis: em (padrão, mais recentes primeiro), atorNome, acao, entidade';

/** /api/auditoria: the audit trail (issue 16). Read-only: there is no route that deletes an entry. */
@ApiTags('auditoria')
@Controller('auditoria')
export class AuditoriaController {
  constructor(
    private readonly auditoria: AuditoriaService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  @Get('exportar')
  @Allow('auditoria.read')
  @ApiExportQuery(FILTER_HELP)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'As entradas filtradas e ordenadas, em CSV pt-BR (UTF-8 com BOM, ";"), enviadas aos poucos.' })
  async exportAuditoria(@Query() query: ListQueryParams, @Res() res: FastifyReply) {
    const req = parseListQuery(query, AUDITORIA_LIST_SPEC);
    await streamCsv(res, {
      filename: exportFilename('auditoria'),
      columns: AUDITORIA_CSV,
      req,
      fetchPage: async (r) => {
        const [rows, total] = await this.auditoria.list(r);
        return [rows.map(toAuditoriaResponse), total];
      },
    });
  }

  @Get('verificar')
  @Allow('auditoria.verify')
  @ApiOkResponse({ description: '{ data: { ok, checked, firstBroken: { id, seq, reason } | null } }: percorre a cadeia de hashes, a partir da entrada mais antiga mantida.' })
  async verifyAuditoria() {
    return { data: await this.auditoria.verify() };
  }

  @Post('simulacao')
  @HttpCode(200)
  @Allow('simulate')
  @ApiOkResponse({ description: '{ data: { ok: true } }. O painel avisa o início ({ tipo: "associado" | "diretoria" | "master" }) e o fim ({ tipo: null }) da simulação de outro tipo de usuário; fica na trilha.' })
  @ApiBadRequestResponse({ description: 'Tipo de usuário inválido.' })
  async recordSimulacao(@Body() body: { tipo?: unknown }) {
    const tipo = body?.tipo ?? null;
    if (tipo !== null && !isUserType(tipo)) throw new BadRequestException('Tipo de usuário inválido: use associado, diretoria, master ou null.');
    await recordAudit(this.ds, { acao: tipo ? 'simulacao.inicio' : 'simulacao.fim', entidade: 'sessao', diff: tipo ? { tipo: [null, tipo] } : null });
    return { data: { ok: true } };
  }

  @Get()
  @Allow('auditoria.read')
  @ApiListQuery(FILTER_HELP)
  @ApiOkResponse({ description: '{ data: entradas[], total } e cabeçalho Content-Range.' })
  @ApiBadRequestResponse({ description: 'Parâmetros sort, range ou filter inválidos.' })
  async listAuditoria(@Query() query: ListQueryParams, @Res({ passthrough: true }) res: FastifyReply) {
    const req = parseListQuery(query, AUDITORIA_LIST_SPEC);
    const [rows, total] = await this.auditoria.list(req);
    return listResponse(res, 'auditoria', req, rows.map(toAuditoriaResponse), total);
  }
}
