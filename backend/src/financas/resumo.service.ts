import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { addCalendarDays, AGING_FAIXAS, centavosToReais, FinancasResumoGrupo as ResumoGrupo, FinancasResumoResponse, todayInSaoPaulo } from '@veritas/common';
import { Periodo, PERIODO_ROTULOS, periodoRange } from '../dashboard';

export const FAIXAS = AGING_FAIXAS;

type Row = Record<string, string | number | null>;
const n = (v: unknown) => Number(v ?? 0);

/** GET /api/financas/resumo: every figure a grouped SQL sum over integer centavos. */
@Injectable()
export class ResumoService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async resumo(periodo: Periodo, now: Date = new Date()): Promise<FinancasResumoResponse> {
    const range = periodoRange(periodo, now);
    const today = todayInSaoPaulo(now);
    const de = todayInSaoPaulo(range.inicio);
    // Named parameters through the driver, which writes Dates as each database stores them.
    const q = (sql: string, params: Record<string, unknown>) => {
      const [text, values] = this.ds.driver.escapeQueryWithParameters(sql, params);
      return this.ds.query(text, values) as Promise<Row[]>;
    };

    const [abertas] = await q(
      `SELECT COALESCE(SUM(totalCentavos - pagoCentavos), 0) AS aReceber,
              COALESCE(SUM(CASE WHEN vencimento < :today THEN totalCentavos - pagoCentavos ELSE 0 END), 0) AS vencido
         FROM cobrancas WHERE status = 'aberta'`,
      { today },
    );
    const [recebido] = await q(
      `SELECT COALESCE(SUM(p.valorCentavos), 0) AS v FROM cobranca_pagamentos p WHERE p.data >= :de AND p.data <= :today`,
      { de, today },
    );
    const d30 = addCalendarDays(today, -30);
    const d60 = addCalendarDays(today, -60);
    const d90 = addCalendarDays(today, -90);
    const faixa = `CASE WHEN vencimento >= :d30 THEN '0-30' WHEN vencimento >= :d60 THEN '31-60' WHEN vencimento >= :d90 THEN '61-90' ELSE '>90' END`;
    const aging = await q(
      `SELECT ${faixa} AS faixa, SUM(totalCentavos - pagoCentavos) AS valor, COUNT(1) AS quantidade
         FROM cobrancas WHERE status = 'aberta' AND vencimento < :today GROUP BY faixa`,
      { d30, d60, d90, today },
    );
    const periodWhere = `c.status <> 'cancelada' AND c.createdAt >= :inicio AND c.createdAt < :fim`;
    const periodParams = { inicio: range.inicio, fim: range.fim };
    const sums = `COUNT(1) AS quantidade, SUM(c.totalCentavos) AS faturado, SUM(c.honorariosCentavos) AS honorarios,
                  SUM(c.pagoCentavos) AS recebido, SUM(CASE WHEN c.status = 'aberta' THEN c.totalCentavos - c.pagoCentavos ELSE 0 END) AS emAberto`;
    const porServico = await q(
      `SELECT COALESCE(r.tipo, 'Cobranças avulsas') AS nome, ${sums}
         FROM cobrancas c LEFT JOIN registros r ON r.id = c.registroId
        WHERE ${periodWhere} GROUP BY COALESCE(r.tipo, 'Cobranças avulsas') ORDER BY faturado DESC`,
      periodParams,
    );
    const porTipo = await q(
      `SELECT COALESCE(t.nome, 'Sem tipo') AS nome, ${sums}
         FROM cobrancas c LEFT JOIN clientes cl ON cl.id = c.clienteId LEFT JOIN tipos_cliente t ON t.id = cl.tipoClienteId
        WHERE ${periodWhere} GROUP BY COALESCE(t.nome, 'Sem tipo') ORDER BY faturado DESC`,
      periodParams,
    );
    const grupo = (r: Row): ResumoGrupo => ({
      nome: String(r.nome),
      quantidade: n(r.quantidade),
      faturado: centavosToReais(n(r.faturado)),
      honorarios: centavosToReais(n(r.honorarios)),
      taxas: centavosToReais(n(r.faturado) - n(r.honorarios)),
      recebido: centavosToReais(n(r.recebido)),
      emAberto: centavosToReais(n(r.emAberto)),
    });
    const servicos = porServico.map(grupo);
    return {
      periodo,
      periodoLabel: PERIODO_ROTULOS[periodo],
      de,
      ate: today,
      aReceber: centavosToReais(n(abertas?.aReceber)),
      vencido: centavosToReais(n(abertas?.vencido)),
      recebido: centavosToReais(n(recebido?.v)),
      faturado: centavosToReais(servicos.reduce((s, g) => s + Math.round(g.faturado * 100), 0)),
      aging: FAIXAS.map((faixa) => {
        const r = aging.find((a) => a.faixa === faixa);
        return { faixa, valor: centavosToReais(n(r?.valor)), quantidade: n(r?.quantidade) };
      }),
      porServico: servicos,
      porTipoCliente: porTipo.map(grupo),
    };
  }
}
