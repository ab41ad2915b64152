import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { addCalendarDays, centavosToReais } from '@veritas/common';
import type { AuthPrincipal } from '../auth/principal';
import { Cliente } from '../clientes/entities/cliente.entity';
import { toIso } from '../common/entity-base';
import { withTransaction } from '../common/transaction';
import { CobrancasService } from './cobrancas.service';
import { Cobranca, CobrancaPagamento, Extrato, ExtratoTransacao } from './entities/cobranca.entity';
import { readOfx } from './ofx';
import { newId } from '../common/ids';

export const EXTRATO_NOT_FOUND = 'Extrato não encontrado.';
/** A credit matches a charge by amount when it is dated within this many days of the due date. */
export const JANELA_DIAS = 5;

export type Situacao = 'conciliada' | 'txid' | 'valor' | 'ambigua' | 'sem-correspondencia';

export interface Candidata {
  cobrancaId: string;
  clienteNome: string | null;
  vencimento: string;
  saldo: number;
  txid: string;
}

export interface TransacaoResponse {
  _id: string;
  fitid: string;
  data: string;
  valor: number;
  memo: string;
  /**
   * conciliada: already paid a charge; txid: its memo names a charge; valor: one open charge with
   * this balance due within ±5 days; ambigua: several such charges; sem-correspondencia: none.
   */
  situacao: Situacao;
  /** The proposed charge (txid or valor), or the one it paid (conciliada). */
  cobrancaId: string | null;
  candidatas: Candidata[];
}

export interface ExtratoResponse {
  _id: string;
  nomeArquivo: string;
  conta: string;
  importadoPorNome: string;
  createdAt: string;
  /** Credits of the file already imported with an earlier statement: not listed again. */
  repetidas: number;
  transacoes: TransacaoResponse[];
}

/**
 * Bank statement reconciliation (issue 12). Importing stores the file's credits (unique per
 * account and FITID, so the same statement twice stores nothing twice) and proposes matches;
 * nothing is paid until staff confirm, and a credit pays at most one charge, once.
 */
@Injectable()
export class ExtratosService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly cobrancas: CobrancasService,
  ) {}

  async importar(actor: AuthPrincipal, file: { buffer: Buffer; originalname: string }): Promise<ExtratoResponse> {
    const ofx = await readOfx(file.buffer);
    const autor = await this.cobrancas.autor(actor);
    const id = await withTransaction(this.ds, async (m) => {
      const existing = ofx.creditos.length
        ? await m.find(ExtratoTransacao, { where: { conta: ofx.conta, fitid: In(ofx.creditos.map((c) => c.fitid)) }, select: { id: true, fitid: true } })
        : [];
      const seen = new Set(existing.map((e) => e.fitid));
      const novas = ofx.creditos.filter((c) => !seen.has(c.fitid) && (seen.add(c.fitid), true));
      const extratoId = newId();
      await m.insert(
        Extrato,
        m.create(Extrato, {
          id: extratoId,
          nomeArquivo: (file.originalname || 'extrato.ofx').slice(0, 200),
          conta: ofx.conta,
          importadoPorNome: autor.nome,
          repetidas: ofx.creditos.length - novas.length,
        }),
      );
      for (const c of novas) {
        await m.insert(ExtratoTransacao, m.create(ExtratoTransacao, { id: newId(), extratoId, conta: ofx.conta, ...c }));
      }
      return extratoId;
    });
    return this.getExtrato(id);
  }

  async getExtrato(id: string): Promise<ExtratoResponse> {
    const e = await this.ds.getRepository(Extrato).findOne({ where: { id } });
    if (!e) throw new NotFoundException(EXTRATO_NOT_FOUND);
    const trs = await this.ds.getRepository(ExtratoTransacao).find({ where: { extratoId: id }, order: { data: 'ASC', fitid: 'ASC' } });
    return {
      _id: e.id,
      nomeArquivo: e.nomeArquivo,
      conta: e.conta,
      importadoPorNome: e.importadoPorNome,
      createdAt: toIso(e.createdAt) ?? '',
      repetidas: e.repetidas,
      transacoes: await this.propose(trs),
    };
  }

  /**
   * Records the confirmed matches as PIX payments dated as the credit, in one transaction. A credit
   * already applied is skipped (the unique extratoTransacaoId guards it too); a bad pair is a 400
   * or the payment's own 409/422, and then nothing of the confirmation is saved.
   */
  async confirmar(actor: AuthPrincipal, id: string, matches: unknown[]): Promise<ExtratoResponse & { registrados: number }> {
    if (!(await this.ds.getRepository(Extrato).exists({ where: { id } }))) throw new NotFoundException(EXTRATO_NOT_FOUND);
    const pairs = matches.map((x, i) => {
      const o = (x ?? {}) as Record<string, unknown>;
      if (typeof o.transacaoId !== 'string' || typeof o.cobrancaId !== 'string') {
        throw new BadRequestException(`matches[${i}]: informe { transacaoId, cobrancaId }.`);
      }
      return { transacaoId: o.transacaoId, cobrancaId: o.cobrancaId };
    });
    if (new Set(pairs.map((p) => p.transacaoId)).size !== pairs.length) throw new BadRequestException('Cada transação pode pagar uma única cobrança.');
    const autor = await this.cobrancas.autor(actor);
    let registrados = 0;
    await withTransaction(this.ds, async (m) => {
      for (const [i, p] of pairs.entries()) {
        const t = await m.findOne(ExtratoTransacao, { where: { id: p.transacaoId, extratoId: id } });
        if (!t) throw new BadRequestException(`matches[${i}]: a transação não é deste extrato.`);
        if (await m.exists(CobrancaPagamento, { where: { extratoTransacaoId: t.id } })) continue;
        if (!(await m.exists(Cobranca, { where: { id: p.cobrancaId } }))) throw new BadRequestException(`matches[${i}]: cobrança não encontrada.`);
        await this.cobrancas.pay(
          m,
          p.cobrancaId,
          { data: t.data, valorCentavos: t.valorCentavos, forma: 'pix', nota: `Extrato ${t.conta}, FITID ${t.fitid}${t.memo ? ` — ${t.memo}` : ''}`.slice(0, 1000), extratoTransacaoId: t.id },
          autor,
        );
        registrados++;
      }
    });
    return { ...(await this.getExtrato(id)), registrados };
  }

  /** The proposed match of each credit, from the open charges as they are now. */
  private async propose(trs: ExtratoTransacao[]): Promise<TransacaoResponse[]> {
    if (!trs.length) return [];
    const applied = await this.ds.getRepository(CobrancaPagamento).find({ where: { extratoTransacaoId: In(trs.map((t) => t.id)) }, select: { id: true, cobrancaId: true, extratoTransacaoId: true } });
    const paidBy = new Map(applied.map((p) => [p.extratoTransacaoId, p.cobrancaId]));
    const abertas = await this.ds
      .getRepository(Cobranca)
      .createQueryBuilder('c')
      .where("c.status = 'aberta'")
      .andWhere('(c.totalCentavos - c.pagoCentavos) IN (:...valores)', { valores: [...new Set(trs.map((t) => t.valorCentavos))] })
      .getMany();
    // The txid may be anywhere in the memo (banks add their own words around the PIX's text).
    const memos = trs.map((t) => t.memo.toUpperCase().replace(/[^0-9A-Z]/g, ''));
    const txidHits = await this.byTxid(memos);
    const nomes = await this.clienteNomes([...abertas, ...txidHits]);
    const cand = (c: Cobranca): Candidata => ({
      cobrancaId: c.id,
      clienteNome: nomes.get(c.clienteId) ?? null,
      vencimento: c.vencimento,
      saldo: centavosToReais(c.totalCentavos - c.pagoCentavos),
      txid: c.txid,
    });
    return trs.map((t, i) => {
      const base = { _id: t.id, fitid: t.fitid, data: t.data, valor: centavosToReais(t.valorCentavos), memo: t.memo };
      const pagou = paidBy.get(t.id);
      if (pagou) return { ...base, situacao: 'conciliada', cobrancaId: pagou, candidatas: [] };
      const porTxid = txidHits.find((c) => memos[i].includes(c.txid) && c.status === 'aberta');
      if (porTxid) return { ...base, situacao: 'txid', cobrancaId: porTxid.id, candidatas: [cand(porTxid)] };
      const de = addCalendarDays(t.data, -JANELA_DIAS);
      const ate = addCalendarDays(t.data, JANELA_DIAS);
      const porValor = abertas.filter((c) => c.totalCentavos - c.pagoCentavos === t.valorCentavos && c.vencimento >= de && c.vencimento <= ate);
      if (porValor.length === 1) return { ...base, situacao: 'valor', cobrancaId: porValor[0].id, candidatas: porValor.map(cand) };
      if (porValor.length > 1) return { ...base, situacao: 'ambigua', cobrancaId: null, candidatas: porValor.map(cand) };
      return { ...base, situacao: 'sem-correspondencia', cobrancaId: null, candidatas: [] };
    });
  }

  /** Open charges whose txid (VRT + 22 hex-ish characters) appears in one of the memos. */
  private async byTxid(memos: string[]): Promise<Cobranca[]> {
    const found = new Set<string>();
    for (const memo of memos) for (const m of memo.matchAll(/VRT[0-9A-Z]{22}/g)) found.add(m[0]);
    if (!found.size) return [];
    return this.ds.getRepository(Cobranca).find({ where: { txid: In([...found]) } });
  }

  private async clienteNomes(cs: Cobranca[]): Promise<Map<string, string>> {
    const ids = [...new Set(cs.map((c) => c.clienteId))];
    if (!ids.length) return new Map();
    const rows = await this.ds.getRepository(Cliente).find({ where: { id: In(ids) }, select: { id: true, razaoSocial: true } });
    return new Map(rows.map((r) => [r.id, r.razaoSocial]));
  }
}
