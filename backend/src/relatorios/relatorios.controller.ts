import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Allow, type AuthPrincipal, CurrentPrincipal } from '../platform/request';
import { exportFilename } from '../platform/http';
import { relatorioCsv, streamRelatorioXlsx } from './relatorio-files';
import { RelatoriosService } from './relatorios.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('relatorios')
@Controller('relatorios')
export class RelatoriosController {
  constructor(private readonly relatorios: RelatoriosService) {}

  @Get()
  @Allow('relatorios')
  @ApiOkResponse({ description: '{ data: [{ nome, titulo, descricao, filtros, colunas, grafico, financeiro? }] }: os relatórios que quem chama pode abrir.' })
  list(@CurrentPrincipal() actor: AuthPrincipal) {
    return { data: this.relatorios.list(actor) };
  }

  @Get(':nome')
  @Allow('relatorios')
  @ApiQuery({ name: 'de', required: false, description: 'AAAA-MM-DD (padrão: o primeiro dia do mês, 12 meses atrás)' })
  @ApiQuery({ name: 'ate', required: false, description: 'AAAA-MM-DD, inclusive (padrão: hoje); no máximo 5 anos' })
  @ApiQuery({ name: 'formato', required: false, enum: ['json', 'csv', 'xlsx'] })
  @ApiProduces('application/json', 'text/csv', XLSX)
  @ApiOkResponse({ description: 'json: { data: { nome, titulo, de, ate, colunas, linhas, totais } }; csv (UTF-8 com BOM, ";") e xlsx para baixar. Filtros do relatório (servico, responsavelId, tipoClienteId) como parâmetros.' })
  @ApiBadRequestResponse({ description: 'Período, formato ou filtro inválido.' })
  @ApiForbiddenResponse({ description: 'Relatório financeiro para quem não vê Finanças, ou o contrário.' })
  @ApiNotFoundResponse({ description: 'Relatório não encontrado.' })
  async get(@CurrentPrincipal() actor: AuthPrincipal, @Param('nome') nome: string, @Query() query: Record<string, unknown>, @Res() res: FastifyReply) {
    const { def, periodo, filtros, formato } = this.relatorios.parse(actor, nome, query);
    const relatorio = await this.relatorios.run(def, periodo, filtros);
    res.header('Cache-Control', 'no-store');
    if (formato === 'json') {
      res.send({ data: relatorio });
      return;
    }
    const base = exportFilename(def.nome).replace(/\.csv$/, '');
    if (formato === 'csv') {
      res.header('Content-Type', 'text/csv; charset=utf-8');
      res.header('Content-Disposition', `attachment; filename="${base}.csv"`);
      res.send(relatorioCsv(relatorio));
      return;
    }
    res.header('Content-Type', XLSX);
    res.header('Content-Disposition', `attachment; filename="${base}.xlsx"`);
    const workbook = new PassThrough();
    res.send(workbook);
    await streamRelatorioXlsx(workbook, relatorio).catch((err: Error) => {
      // The headers are gone: the download is cut short, and the error logged by the filter.
      workbook.destroy(err);
      throw err;
    });
  }
}
