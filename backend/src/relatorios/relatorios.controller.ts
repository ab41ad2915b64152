import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Allow, CurrentPrincipal } from '../auth/access.decorator';
import type { AuthPrincipal } from '../auth/principal';
import { exportFilename } from '../common/csv-export';
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
  async get(@CurrentPrincipal() actor: AuthPrincipal, @Param('nome') nome: string, @Query() query: Record<string, unknown>, @Res() res: Response) {
    const { def, periodo, filtros, formato } = this.relatorios.parse(actor, nome, query);
    const relatorio = await this.relatorios.run(def, periodo, filtros);
    res.setHeader('Cache-Control', 'no-store');
    if (formato === 'json') {
      res.json({ data: relatorio });
      return;
    }
    const base = exportFilename(def.nome).replace(/\.csv$/, '');
    if (formato === 'csv') {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${base}.csv"`);
      res.send(relatorioCsv(relatorio));
      return;
    }
    res.setHeader('Content-Type', XLSX);
    res.setHeader('Content-Disposition', `attachment; filename="${base}.xlsx"`);
    await streamRelatorioXlsx(res, relatorio);
  }
}
