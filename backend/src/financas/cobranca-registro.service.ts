import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { addCalendarDays, todayInSaoPaulo } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { selectIn } from '../platform/read-side';
import type { Registro } from '../registros';
import { Autor, insertCobrancas } from './cobranca-escrita';
import { FinancasNotifier } from './financas-notifier';

/**
 * The charge of a registro, made automatically from its price inside the registro's own transaction
 * (issue 12): the one job of Finanças the registros module calls.
 */
@Injectable()
export class CobrancaRegistroService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifier: FinancasNotifier,
  ) {}

  /**
   * Its charge, when the board's setting says this is the moment (FINANCAS_COBRAR_EM) and the
   * registro has a price. One per registro.
   */
  async chargeRegistro(m: EntityManager, registro: Registro, momento: 'abertura' | 'conclusao', autor: Autor): Promise<void> {
    await this.chargeRegistros(m, [registro], momento, autor);
  }

  /**
   * chargeRegistro for many registros at once (the bulk path: registros opened in a batch), with
   * one read of the charges they already have and multi-row inserts (audited as each insert is).
   * `emitidaEm` says when each charge was issued (the registro opened or concluded in the past):
   * its due date counts from that day, as it would have then; without it, from today.
   */
  async chargeRegistros(
    m: EntityManager,
    registros: readonly Registro[],
    momento: 'abertura' | 'conclusao',
    autor: Autor,
    emitidaEm?: (registro: Registro) => Date,
  ): Promise<void> {
    if (this.config.financas.cobrarEm !== momento) return;
    const priced = registros.flatMap((r) => {
      const centavos = r.valor === null || r.valor === undefined ? null : Math.round(r.valor * 100);
      return centavos && centavos > 0 ? [{ r, centavos }] : [];
    });
    if (!priced.length) return;
    const existentes = await selectIn<{ registroId: string }>(m, priced.map((p) => p.r.id), (ids) => `SELECT registroId FROM cobrancas WHERE registroId IN (${ids})`);
    const charged = new Set(existentes.map((row) => row.registroId));
    const hoje = todayInSaoPaulo();
    const novas = priced
      .filter((p) => !charged.has(p.r.id))
      .map(({ r, centavos }) => {
        const em = emitidaEm?.(r);
        return {
          clienteId: r.clienteId,
          registroId: r.id,
          vencimento: addCalendarDays(em ? todayInSaoPaulo(em) : hoje, this.config.financas.vencimentoDias),
          linhas: [{ descricao: `${r.tipo} — protocolo ${r.numero}`.slice(0, 200), tipo: 'honorario' as const, valorCentavos: centavos }],
          autor,
          origem: `automática (registro ${r.numero} ${momento === 'abertura' ? 'aberto' : 'concluído'})`,
          emitidaEm: em,
        };
      });
    const ids = await insertCobrancas(m, novas);
    // The client hears of a charge issued now (issue 53), in the same transaction; a past one
    // (a demo firm's history, `emitidaEm`) was never news.
    await this.notifier.cobrancasEmitidasIn(m, ids.filter((_, i) => !novas[i].emitidaEm));
  }
}
