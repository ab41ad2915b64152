import { BadRequestException, ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { CobrancaDetalheResponse, FORMA_PAGAMENTO_LABELS, FormaPagamento, pagamentoProblem, reaisToCentavos, todayInSaoPaulo } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { auditUpdates, insertAudited } from '../auditoria';
import { caseById, newId, withTransaction } from '../platform/database';
import { selectIn } from '../platform/read-side';
import { Autor, autorDe } from './cobranca-escrita';
import { brl, checkDate, fmtDate } from './cobranca-linhas';
import { CHANGED_MEANWHILE, COBRANCA_NOT_FOUND, SO_ABERTA } from './cobranca-messages';
import { CobrancasQueryService } from './cobrancas-query.service';
import { PagamentoDto } from './dto/cobranca.dto';
import { Cobranca, CobrancaHistorico, CobrancaPagamento } from './entities/cobranca.entity';
import { FinancasNotifier } from './financas-notifier';

/** One payment to a charge (registrarPagamento, the bank statement's reconciliation, the seeder). */
export interface Pagamento {
  data: string;
  valorCentavos: number;
  forma: FormaPagamento;
  nota: string | null;
  extratoTransacaoId: string | null;
}

/** A payment of payMany: to which charge, and when it was registered (now unless said: the bulk path's history). */
export type PagamentoEmLote = Pagamento & { cobrancaId: string; registradoEm?: Date };

/**
 * Payments to charges (issue 12), in parts, each at most the balance; the totals live on the charge row
 * and move only in conditional updates (a concurrent payment finds 0 rows and gets a 409).
 */
@Injectable()
export class PagamentosService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly query: CobrancasQueryService,
    private readonly notifier: FinancasNotifier,
  ) {}

  async registrarPagamento(actor: AuthPrincipal, id: string, dto: PagamentoDto): Promise<CobrancaDetalheResponse> {
    const valor = reaisToCentavos(dto.valor);
    if (valor === null) throw new BadRequestException(pagamentoProblem(null, 0));
    const data = dto.data ?? todayInSaoPaulo();
    checkDate(data, 'Data');
    if (data > todayInSaoPaulo()) throw new UnprocessableEntityException('A data do pagamento não pode ser futura.');
    const autor = await autorDe(this.ds.manager, actor);
    await withTransaction(this.ds, (m) => this.pay(m, id, { data, valorCentavos: valor, forma: dto.forma, nota: dto.nota || null, extratoTransacaoId: null }, autor));
    await this.notifier.pagamentoRecebido(id, valor, data);
    return this.query.getDetalhe(id);
  }

  /**
   * A payment inside the caller's transaction: positive, at most the balance (422 otherwise), on an
   * open charge; the charge becomes paga when the balance reaches zero.
   */
  async pay(m: EntityManager, id: string, p: Pagamento, autor: Autor): Promise<void> {
    await this.payMany(m, [{ cobrancaId: id, ...p }], autor);
  }

  /**
   * pay() for payments to many charges at once (one each; the bulk path: the demo seeder), all or
   * nothing in the caller's transaction: the charges read in one query, moved by one UPDATE per
   * 500 (each row still checked against the version it was read at), their audit entries, payment
   * rows and history lines written many per INSERT. A payment's `registradoEm` (a demo firm's
   * history) dates its row, its history line and the charge's last change.
   */
  async payMany(m: EntityManager, pagamentos: readonly PagamentoEmLote[], autor: Autor): Promise<void> {
    if (!pagamentos.length) return;
    const ids = pagamentos.map((p) => p.cobrancaId);
    if (new Set(ids).size !== ids.length) throw new Error('payMany: um pagamento por cobrança.');
    const found = new Map<string, Cobranca>();
    for (let i = 0; i < ids.length; i += 500) {
      for (const c of await m.find(Cobranca, { where: { id: In(ids.slice(i, i + 500)) } })) found.set(c.id, c);
    }
    const moves = pagamentos.map((p) => {
      const c = found.get(p.cobrancaId);
      if (!c) throw new NotFoundException(COBRANCA_NOT_FOUND);
      if (c.status !== 'aberta') throw new ConflictException(SO_ABERTA);
      const saldo = c.totalCentavos - c.pagoCentavos;
      const problem = pagamentoProblem(p.valorCentavos, saldo);
      if (problem) throw new UnprocessableEntityException(problem);
      const pago = c.pagoCentavos + p.valorCentavos;
      return { p, c, saldo, pago, status: pago === c.totalCentavos ? ('paga' as const) : ('aberta' as const) };
    });
    const runner = m.queryRunner;
    if (!runner) throw new Error('payMany: dentro de uma transação.');
    const agora = new Date();
    const updatedAtColumn = m.connection.getMetadata(Cobranca).findColumnWithPropertyName('updatedAt')!;
    for (let i = 0; i < moves.length; i += 500) {
      const part = moves.slice(i, i + 500);
      const byId = (value: (x: (typeof part)[number]) => unknown) => caseById(part.map((x) => x.c.id), part.map(value));
      const pago = byId((x) => x.pago);
      const status = byId((x) => x.status);
      const versao = byId((x) => x.c.versao);
      const updatedAt = byId((x) => m.connection.driver.preparePersistentValue(x.p.registradoEm ?? agora, updatedAtColumn));
      // Each row moves only from the version it was read at (another payment meanwhile: 409).
      const { affected } = await runner.query(
        `UPDATE cobrancas SET pagoCentavos = ${pago.sql}, status = ${status.sql}, versao = versao + 1, updatedAt = ${updatedAt.sql} ` +
          `WHERE id IN (${part.map(() => '?').join(', ')}) AND status = 'aberta' AND versao = ${versao.sql}`,
        [...pago.params, ...status.params, ...updatedAt.params, ...part.map((x) => x.c.id), ...versao.params],
        true,
      );
      if (affected !== part.length) throw new ConflictException(CHANGED_MEANWHILE);
    }
    // The charges' row updates serialise payments to them, so the orders read below are stable.
    await auditUpdates(
      m,
      moves.map(({ c, pago, status }) => ({
        entry: { acao: 'cobranca.update', entidade: 'cobrancas', entidadeId: c.id, clienteId: c.clienteId, registroId: c.registroId },
        before: c,
        patch: { pagoCentavos: pago, status },
      })),
    );
    const ordens = await this.nextOrdem(m, 'cobranca_pagamentos', ids);
    await insertAudited(
      m,
      CobrancaPagamento,
      moves.map(({ p }) =>
        m.create(CobrancaPagamento, {
          id: newId(),
          cobrancaId: p.cobrancaId,
          ordem: ordens.get(p.cobrancaId)!,
          data: p.data,
          valorCentavos: p.valorCentavos,
          forma: p.forma,
          nota: p.nota,
          extratoTransacaoId: p.extratoTransacaoId,
          registradoPorNome: autor.nome,
          createdAt: p.registradoEm,
        }),
      ),
    );
    const linhas = await this.nextOrdem(m, 'cobranca_historico', ids);
    await insertAudited(
      m,
      CobrancaHistorico,
      moves.map(({ p, saldo, status }) => {
        const via = p.extratoTransacaoId ? ' (conciliado pelo extrato bancário)' : '';
        const descricao =
          `Pagamento de ${brl(p.valorCentavos)} em ${fmtDate(p.data)} por ${FORMA_PAGAMENTO_LABELS[p.forma]}${via}.` +
          (status === 'paga' ? ' Cobrança quitada.' : ` Saldo: ${brl(saldo - p.valorCentavos)}.`);
        return m.create(CobrancaHistorico, { id: newId(), cobrancaId: p.cobrancaId, ordem: linhas.get(p.cobrancaId)!, evento: 'pagamento', descricao, autorNome: autor.nome, createdAt: p.registradoEm });
      }),
    );
  }

  /** The next `ordem` of a charge's rows in `table` (payments, history), for each charge. */
  private async nextOrdem(m: EntityManager, table: 'cobranca_pagamentos' | 'cobranca_historico', ids: readonly string[]): Promise<Map<string, number>> {
    const next = new Map(ids.map((id) => [id, 1]));
    const rows = await selectIn<{ cobrancaId: string; n: number | string }>(m, ids, (list) => `SELECT cobrancaId, MAX(ordem) AS n FROM ${table} WHERE cobrancaId IN (${list}) GROUP BY cobrancaId`);
    for (const r of rows) next.set(r.cobrancaId, Number(r.n) + 1);
    return next;
  }
}
