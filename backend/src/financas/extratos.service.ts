import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import {
  centavosToReais,
  formatBRL,
  type ExtratoCandidata as Candidata,
  type ExtratoConfirmadoResponse,
  type ExtratoResponse,
  type ExtratoTransacaoResponse as TransacaoResponse,
} from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { Cliente } from '../clientes';
import { newId, toIso, withTransaction } from '../platform/database';
import { isUniqueViolation } from '../platform/database';
import { type ClienteConhecido, type CobrancaAberta, documentosNoMemo, propor } from './conciliacao';
import { autorDe } from './cobranca-escrita';
import { Cobranca, CobrancaPagamento, Extrato, ExtratoTransacao } from './entities/cobranca.entity';
import { readOfx } from './ofx';
import { PagamentosService } from './pagamentos.service';
import { FinancasNotifier } from './financas-notifier';

export const EXTRATO_NOT_FOUND = 'Extrato não encontrado.';
export const EXTRATO_JA_IMPORTADO = 'Este arquivo de extrato já foi importado; abra-o na lista de extratos.';
export const EXTRATO_SEM_NOVIDADE = 'Todos os créditos deste extrato já foram importados antes; nada novo a conciliar.';

/**
 * Bank statement reconciliation (issue 12). Importing stores the file's credits (unique per
 * account and FITID, so the same statement twice stores nothing twice) and proposes matches;
 * nothing is paid until staff confirm, and a credit pays at most one charge, once.
 */
@Injectable()
export class ExtratosService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly pagamentos: PagamentosService,
    private readonly notifier: FinancasNotifier,
  ) {}

  /**
   * Stores the file's new credits and proposes matches. The same file (its SHA-256) is imported once: a
   * second import, even one racing the first, answers 409; so does a file whose every credit was imported
   * before. Credits are deduped on the bank's identity (normalised account + FITID), across files.
   */
  async importar(actor: AuthPrincipal, file: { buffer: Buffer; originalname: string }): Promise<ExtratoResponse> {
    const ofx = await readOfx(file.buffer);
    const hash = createHash('sha256').update(file.buffer).digest('hex');
    const autor = await autorDe(this.ds.manager, actor);
    const gravar = () =>
      withTransaction(this.ds, async (m) => {
        if (await m.exists(Extrato, { where: { hash } })) throw new ConflictException(EXTRATO_JA_IMPORTADO);
        const existing = ofx.creditos.length
          ? await m.find(ExtratoTransacao, { where: { conta: ofx.conta, fitid: In(ofx.creditos.map((c) => c.fitid)) }, select: { id: true, fitid: true } })
          : [];
        const seen = new Set(existing.map((e) => e.fitid));
        const novas = ofx.creditos.filter((c) => !seen.has(c.fitid));
        if (ofx.creditos.length && !novas.length) throw new ConflictException(EXTRATO_SEM_NOVIDADE);
        const extratoId = newId();
        await m.insert(
          Extrato,
          m.create(Extrato, {
            id: extratoId,
            nomeArquivo: (file.originalname || 'extrato.ofx').slice(0, 200),
            conta: ofx.conta,
            importadoPorNome: autor.nome,
            repetidas: ofx.creditos.length - novas.length + ofx.repetidasNoArquivo,
            hash,
          }),
        );
        for (const c of novas) await m.insert(ExtratoTransacao, m.create(ExtratoTransacao, { id: newId(), extratoId, conta: ofx.conta, ...c }));
        return extratoId;
      });
    let id: string;
    try {
      id = await gravar();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another import of the same file, or of an overlapping statement, committed first: read again
      // what it stored (this answers 409 when nothing of this file is new any more).
      id = await gravar().catch((again: unknown) => {
        throw isUniqueViolation(again) ? new ConflictException(EXTRATO_SEM_NOVIDADE) : again;
      });
    }
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
   * Records the confirmed matches as PIX payments dated as the credit, in one transaction. Any open
   * charge may be chosen (a hand match), not only a proposed one. A credit already applied is skipped
   * (the unique extratoTransacaoId guards it too). A credit above the charge's balance pays the balance
   * and the excess is recorded on the payment's note and flagged on the credit (to refund or to credit);
   * a bad pair is a 400 or the payment's own 409/422, and then nothing of the confirmation is saved.
   */
  async confirmar(actor: AuthPrincipal, id: string, matches: unknown[]): Promise<ExtratoConfirmadoResponse> {
    if (!(await this.ds.getRepository(Extrato).exists({ where: { id } }))) throw new NotFoundException(EXTRATO_NOT_FOUND);
    const pairs = matches.map((x, i) => {
      const o = (x ?? {}) as Record<string, unknown>;
      if (typeof o.transacaoId !== 'string' || typeof o.cobrancaId !== 'string') {
        throw new BadRequestException(`matches[${i}]: informe { transacaoId, cobrancaId }.`);
      }
      return { transacaoId: o.transacaoId, cobrancaId: o.cobrancaId };
    });
    if (new Set(pairs.map((p) => p.transacaoId)).size !== pairs.length) throw new BadRequestException('Cada transação pode pagar uma única cobrança.');
    const autor = await autorDe(this.ds.manager, actor);
    let registrados = 0;
    let pagos: { cobrancaId: string; valorCentavos: number; data: string }[] = [];
    await withTransaction(this.ds, async (m) => {
      registrados = 0;
      pagos = [];
      for (const [i, p] of pairs.entries()) {
        const t = await m.findOne(ExtratoTransacao, { where: { id: p.transacaoId, extratoId: id } });
        if (!t) throw new BadRequestException(`matches[${i}]: a transação não é deste extrato.`);
        if (await m.exists(CobrancaPagamento, { where: { extratoTransacaoId: t.id } })) continue;
        const c = await m.findOne(Cobranca, { where: { id: p.cobrancaId }, select: { id: true, totalCentavos: true, pagoCentavos: true } });
        if (!c) throw new BadRequestException(`matches[${i}]: cobrança não encontrada.`);
        const saldo = c.totalCentavos - c.pagoCentavos;
        const excedente = saldo > 0 && t.valorCentavos > saldo ? t.valorCentavos - saldo : 0;
        const aviso = excedente ? `Excedente de ${formatBRL(centavosToReais(excedente))} sobre o saldo da cobrança: devolver ao cliente ou abater.` : '';
        await this.pagamentos.pay(
          m,
          p.cobrancaId,
          {
            data: t.data,
            valorCentavos: t.valorCentavos - excedente,
            forma: 'pix',
            nota: [`Extrato ${t.conta}, FITID ${t.fitid}${t.memo ? ` — ${t.memo}` : ''}`, aviso].filter(Boolean).join(' ').slice(0, 1000),
            extratoTransacaoId: t.id,
          },
          autor,
        );
        if (aviso) await m.update(ExtratoTransacao, { id: t.id }, { alerta: aviso.slice(0, 200) });
        registrados++;
        pagos.push({ cobrancaId: p.cobrancaId, valorCentavos: t.valorCentavos - excedente, data: t.data });
      }
    });
    // Each client hears of its payment, as when staff register one by hand (issue 53).
    for (const p of pagos) await this.notifier.pagamentoRecebido(p.cobrancaId, p.valorCentavos, p.data);
    return { ...(await this.getExtrato(id)), registrados };
  }

  /** The proposed match of each credit, from the open charges as they are now. */
  private async propose(trs: ExtratoTransacao[]): Promise<TransacaoResponse[]> {
    if (!trs.length) return [];
    const applied = await this.ds.getRepository(CobrancaPagamento).find({ where: { extratoTransacaoId: In(trs.map((t) => t.id)) }, select: { id: true, cobrancaId: true, extratoTransacaoId: true } });
    const paidBy = new Map(applied.map((p) => [p.extratoTransacaoId, p.cobrancaId]));
    const abertas = await this.candidatas(trs.filter((t) => !paidBy.has(t.id)));
    const clientes = await this.clientes(abertas);
    const cand = (c: CobrancaAberta, evidencia: Candidata['evidencia'], diferencaCentavos: number): Candidata => ({
      cobrancaId: c.id,
      clienteNome: clientes.get(c.clienteId)?.razaoSocial ?? null,
      vencimento: c.vencimento,
      saldo: centavosToReais(c.saldoCentavos),
      txid: c.txid,
      evidencia,
      diferenca: centavosToReais(diferencaCentavos),
    });
    return trs.map((t) => {
      const base = { _id: t.id, fitid: t.fitid, data: t.data, valor: centavosToReais(t.valorCentavos), memo: t.memo, alerta: t.alerta ?? null };
      const pagou = paidBy.get(t.id);
      if (pagou) return { ...base, situacao: 'conciliada', cobrancaId: pagou, preSelecionada: false, candidatas: [] };
      const p = propor(t, abertas, clientes);
      return {
        ...base,
        situacao: p.situacao,
        cobrancaId: p.cobrancaId,
        preSelecionada: p.preSelecionada,
        candidatas: p.candidatos.slice(0, 10).map((c) => cand(c.cobranca, c.evidencia, c.diferencaCentavos)),
      };
    });
  }

  /**
   * The open charges a credit may pay: those whose balance is one of the credits' amounts, those whose
   * txid a memo carries, and every open charge of a client whose CNPJ a memo carries (a partial or
   * over-payment of an identified payer). Read in three indexed queries, not the whole ledger.
   */
  private async candidatas(trs: ExtratoTransacao[]): Promise<CobrancaAberta[]> {
    if (!trs.length) return [];
    const repo = this.ds.getRepository(Cobranca);
    const found = new Map<string, Cobranca>();
    const add = (cs: Cobranca[]) => cs.forEach((c) => c.status === 'aberta' && found.set(c.id, c));
    add(
      await repo
        .createQueryBuilder('c')
        .where("c.status = 'aberta'")
        .andWhere('(c.totalCentavos - c.pagoCentavos) IN (:...valores)', { valores: [...new Set(trs.map((t) => t.valorCentavos))] })
        .getMany(),
    );
    const txids = new Set<string>();
    for (const t of trs) for (const m of t.memo.toUpperCase().replace(/[^0-9A-Z]/g, '').matchAll(/VRT[0-9A-Z]{22}/g)) txids.add(m[0]);
    if (txids.size) add(await repo.find({ where: { txid: In([...txids]) } }));
    const docs = [...new Set(trs.flatMap((t) => documentosNoMemo(t.memo)))];
    if (docs.length) {
      const ids = (await this.ds.getRepository(Cliente).find({ where: { cnpj: In(docs) }, select: { id: true } })).map((c) => c.id);
      if (ids.length) add(await repo.find({ where: { clienteId: In(ids), status: 'aberta' }, take: 500 }));
    }
    return [...found.values()].map((c) => ({ id: c.id, clienteId: c.clienteId, txid: c.txid, vencimento: c.vencimento, saldoCentavos: c.totalCentavos - c.pagoCentavos }));
  }

  private async clientes(cs: CobrancaAberta[]): Promise<Map<string, ClienteConhecido>> {
    const ids = [...new Set(cs.map((c) => c.clienteId))];
    if (!ids.length) return new Map();
    const rows = await this.ds.getRepository(Cliente).find({ where: { id: In(ids) }, select: { id: true, razaoSocial: true, nomeFantasia: true, cnpj: true } });
    return new Map(rows.map((r) => [r.id, { id: r.id, razaoSocial: r.razaoSocial, nomeFantasia: r.nomeFantasia, cnpj: r.cnpj }]));
  }
}
