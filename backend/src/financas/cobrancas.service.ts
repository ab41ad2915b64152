import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  OnModuleInit,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import {
  addCalendarDays,
  centavosToReais,
  COBRANCA_STATUS_LABELS,
  COBRANCA_STATUSES,
  CobrancaDetalheResponse,
  CobrancaResponse,
  cobrancaTxid,
  formatBRL,
  FORMA_PAGAMENTO_LABELS,
  FormaPagamento,
  isIsoDate,
  LINHA_TIPOS,
  LinhaTipo,
  MAX_CENTAVOS,
  onlyDigits,
  reaisToCentavos,
  todayInSaoPaulo,
} from '@veritas/common';
import type { AuthPrincipal } from '../auth/principal';
import { ClienteDependentsRegistry } from '../clientes/cliente-dependents';
import { foldBusca } from '../clientes/cliente.mapper';
import { Cliente } from '../clientes/entities/cliente.entity';
import { toIso } from '../common/entity-base';
import { idsFilter, LIKE_ESCAPE, likeContains, ListRequest, searchText } from '../common/list-query';
import { withTransaction } from '../common/transaction';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Registro } from '../registros/entities/registro.entity';
import { User } from '../users/entities/user.entity';
import { CreateCobrancaDto, PagamentoDto, UpdateCobrancaDto } from './dto/cobranca.dto';
import { Cobranca, CobrancaHistorico, CobrancaLinha, CobrancaPagamento } from './entities/cobranca.entity';
import { pixCobranca, PixCobranca } from './pix';
import { auditUpdate, auditUpdates } from '../auditoria/audit-log';
import { reciboPdf } from './recibo';
import { newId } from '../common/ids';
import { insertAudited } from '../auditoria/bulk-insert';
import { selectIn } from '../database/row-by-id';
import { caseById } from '../database/insert-rows';

export const COBRANCA_NOT_FOUND = 'Cobrança não encontrada.';
export const PAGAMENTO_NOT_FOUND = 'Pagamento não encontrado.';
export const CLIENTE_NOT_FOUND = 'Cliente não encontrado.';
export const SO_ABERTA = 'Só uma cobrança aberta pode receber pagamentos ou ser alterada.';
export const COM_PAGAMENTO = 'A cobrança já tem pagamentos: linhas e vencimento não mudam mais (cancele e emita outra, se preciso).';
export const CHANGED_MEANWHILE = 'A cobrança foi alterada por outra pessoa enquanto isso. Recarregue e tente de novo.';
export const MAX_LINHAS = 50;

/** Who did it, as the history records it. */
export interface Autor {
  id: string | null;
  nome: string;
}

export const FILTER_HELP =
  'status (aberta, paga, cancelada, vencida; um ou lista), clienteId, registroId, vencimentoDe, vencimentoAte (AAAA-MM-DD), ' +
  'vencidas (true), q (nome ou CNPJ do cliente), id (lista)';

/** One payment to a charge (registrarPagamento, the bank statement's reconciliation, the seeder). */
export interface Pagamento {
  data: string;
  valorCentavos: number;
  forma: FormaPagamento;
  nota: string | null;
  extratoTransacaoId: string | null;
}

interface LinhaIn {
  descricao: string;
  tipo: LinhaTipo;
  valorCentavos: number;
}

/** A payment of payMany: to which charge, and when it was registered (now unless said: the bulk path's history). */
export type PagamentoEmLote = Pagamento & { cobrancaId: string; registradoEm?: Date };

/** An open charge to be written, with its lines; `origem` goes into its first history line. */
interface NovaCobranca {
  clienteId: string;
  registroId: string | null;
  vencimento: string;
  linhas: LinhaIn[];
  autor: Autor;
  origem: string;
  /** When it was issued, if not now (the bulk path's registros opened in the past). */
  emitidaEm?: Date;
}

/**
 * Charges (issue 12): made by hand or automatically from a registro's price, paid in parts, never
 * deleted once paid. Every amount is integer centavos; the totals live on the charge row and move
 * only in conditional updates (a concurrent change finds 0 rows and gets a 409).
 */
@Injectable()
export class CobrancasService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dependents: ClienteDependentsRegistry,
  ) {}

  /** Deleting a client takes its charges, unless money was received on one (then 409). */
  onModuleInit(): void {
    this.dependents.register({
      label: 'cobranças',
      count: (clienteId) => this.ds.getRepository(Cobranca).count({ where: { clienteId } }),
      removeAll: async (clienteId, m) => {
        const ids = (await m.find(Cobranca, { where: { clienteId }, select: { id: true } })).map((c) => c.id);
        if (!ids.length) return;
        if (await m.exists(CobrancaPagamento, { where: { cobrancaId: In(ids) } })) {
          throw new ConflictException('O cliente tem pagamentos registrados: cobranças com pagamento nunca são apagadas.');
        }
        await m.delete(Cobranca, { id: In(ids) });
      },
    });
  }

  today(): string {
    return todayInSaoPaulo();
  }

  // ---------------------------------------------------------------- automatic charges

  /**
   * Inside the registro's own transaction: its charge, when the board's setting says this is the
   * moment (FINANCAS_COBRAR_EM) and the registro has a price. One per registro.
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
    const hoje = this.today();
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
    await this.insertCobrancas(m, novas);
  }

  // ---------------------------------------------------------------- reading

  async listCobrancas(req: ListRequest): Promise<[CobrancaResponse[], number]> {
    const qb = this.ds.getRepository(Cobranca).createQueryBuilder('c');
    const f = req.filter;
    const today = this.today();
    const ids = idsFilter(f);
    if (ids) qb.andWhere(ids.length ? 'c.id IN (:...ids)' : '1 = 0', { ids });
    this.filterStatus(qb, f.status, today);
    if (f.clienteId !== undefined) qb.andWhere('c.clienteId = :clienteId', { clienteId: String(f.clienteId) });
    if (f.registroId !== undefined) qb.andWhere('c.registroId = :registroId', { registroId: String(f.registroId) });
    if (f.vencimentoDe !== undefined) qb.andWhere('c.vencimento >= :vDe', { vDe: this.dateFilter(f.vencimentoDe, 'vencimentoDe') });
    if (f.vencimentoAte !== undefined) qb.andWhere('c.vencimento <= :vAte', { vAte: this.dateFilter(f.vencimentoAte, 'vencimentoAte') });
    if (isTrue(f.vencidas)) qb.andWhere("c.status = 'aberta' AND c.vencimento < :today", { today });
    const q = searchText(f);
    if (q) {
      const sub = this.ds
        .getRepository(Cliente)
        .createQueryBuilder('cl')
        .select('cl.id')
        .where(`cl.busca LIKE :qCliente ${LIKE_ESCAPE}`, { qCliente: likeContains(foldBusca(q) || q) });
      const digits = onlyDigits(q);
      if (digits.length >= 4) sub.orWhere(`cl.cnpj LIKE :qCnpj ${LIKE_ESCAPE}`, { qCnpj: likeContains(digits) });
      qb.andWhere(`c.clienteId IN (${sub.getQuery()})`, sub.getParameters());
    }
    const total = await qb.clone().select('COUNT(*)', 'n').orderBy().getRawOne<{ n: number | string }>();
    const rows = await qb.orderBy(req.sortColumn, req.sortOrder).addOrderBy('c.id', 'ASC').offset(req.skip).limit(req.take).getMany();
    return [await this.toResponses(rows), Number(total?.n ?? 0)];
  }

  /** The client's own charges, open ones first (then by due date), each with its payments. */
  async listMine(clienteId: string, req: ListRequest): Promise<[CobrancaDetalheResponse[], number]> {
    const qb = this.ds.getRepository(Cobranca).createQueryBuilder('c').where('c.clienteId = :clienteId', { clienteId });
    this.filterStatus(qb, req.filter.status, this.today());
    const total = await qb.getCount();
    const rows = await qb
      .orderBy(req.sortColumn, req.sortOrder)
      .addOrderBy('c.vencimento', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .offset(req.skip)
      .limit(req.take)
      .getMany();
    const base = await this.toResponses(rows);
    const pagamentos = rows.length ? await this.ds.getRepository(CobrancaPagamento).find({ where: { cobrancaId: In(rows.map((r) => r.id)) }, order: { ordem: 'ASC' } }) : [];
    return [base.map((b) => ({ ...b, pagamentos: pagamentos.filter((p) => p.cobrancaId === b._id).map(toPagamentoResponse), historico: [] })), total];
  }

  async getDetalhe(id: string): Promise<CobrancaDetalheResponse> {
    const c = await this.find(id);
    const [resp] = await this.toResponses([c]);
    const [pagamentos, historico] = await Promise.all([
      this.ds.getRepository(CobrancaPagamento).find({ where: { cobrancaId: id }, order: { ordem: 'ASC' } }),
      this.ds.getRepository(CobrancaHistorico).find({ where: { cobrancaId: id }, order: { ordem: 'ASC' } }),
    ]);
    return {
      ...resp,
      pagamentos: pagamentos.map(toPagamentoResponse),
      historico: historico.map((h) => ({ _id: h.id, data: toIso(h.createdAt) ?? '', evento: h.evento, descricao: h.descricao, autorNome: h.autorNome })),
    };
  }

  /** The charge if the caller may see it: staff with Finanças any, a client only its own (else 404). */
  async findVisible(actor: AuthPrincipal, id: string): Promise<Cobranca> {
    const c = await this.find(id);
    if (actor.role === 'cliente' && c.clienteId !== actor.id) throw new NotFoundException(COBRANCA_NOT_FOUND);
    return c;
  }

  async pix(actor: AuthPrincipal, id: string): Promise<PixCobranca> {
    const c = await this.findVisible(actor, id);
    const saldo = c.totalCentavos - c.pagoCentavos;
    if (c.status !== 'aberta' || saldo <= 0) throw new ConflictException('Esta cobrança não tem saldo em aberto para pagar por PIX.');
    return pixCobranca(this.config.financas.pix, c.txid, saldo);
  }

  async recibo(actor: AuthPrincipal, id: string, pagamentoId: string): Promise<{ pdf: Buffer; fileName: string }> {
    const c = await this.findVisible(actor, id);
    const pagamentos = await this.ds.getRepository(CobrancaPagamento).find({ where: { cobrancaId: c.id }, order: { ordem: 'ASC' } });
    const p = pagamentos.find((x) => x.id === pagamentoId);
    if (!p) throw new NotFoundException(PAGAMENTO_NOT_FOUND);
    const pagoAte = pagamentos.filter((x) => x.ordem <= p.ordem).reduce((s, x) => s + x.valorCentavos, 0);
    const [cliente, linhas, registro] = await Promise.all([
      this.ds.getRepository(Cliente).findOne({ where: { id: c.clienteId }, select: { id: true, razaoSocial: true, cnpj: true } }),
      this.ds.getRepository(CobrancaLinha).find({ where: { cobrancaId: c.id }, order: { ordem: 'ASC' } }),
      c.registroId ? this.ds.getRepository(Registro).findOne({ where: { id: c.registroId }, select: { id: true, numero: true } }) : null,
    ]);
    const numero = `${c.txid}-${p.ordem}`;
    const pdf = await reciboPdf({
      firm: this.config.firm,
      numero,
      cliente: { razaoSocial: cliente?.razaoSocial ?? '—', cnpj: cliente?.cnpj ?? '' },
      linhas,
      totalCentavos: c.totalCentavos,
      pagamento: { data: p.data, valorCentavos: p.valorCentavos, forma: p.forma, nota: p.nota },
      saldoCentavos: c.totalCentavos - pagoAte,
      registroNumero: registro?.numero ?? null,
    });
    return { pdf, fileName: `recibo-${numero}.pdf` };
  }

  // ---------------------------------------------------------------- writing

  async createCobranca(actor: AuthPrincipal, dto: CreateCobrancaDto): Promise<CobrancaDetalheResponse> {
    if (!(await this.ds.getRepository(Cliente).exists({ where: { id: dto.clienteId } }))) throw new NotFoundException(CLIENTE_NOT_FOUND);
    if (dto.registroId) {
      const r = await this.ds.getRepository(Registro).findOne({ where: { id: dto.registroId }, select: { id: true, clienteId: true } });
      if (!r || r.clienteId !== dto.clienteId) throw new UnprocessableEntityException('O registro informado não existe ou não é deste cliente.');
    }
    const linhas = parseLinhas(dto.linhas);
    const vencimento = dto.vencimento ?? addCalendarDays(this.today(), this.config.financas.vencimentoDias);
    checkDate(vencimento, 'Vencimento');
    const autor = await this.autor(actor);
    const id = await withTransaction(this.ds, (m) =>
      this.insertCobranca(m, { clienteId: dto.clienteId, registroId: dto.registroId ?? null, vencimento, linhas, autor, origem: 'manual' }),
    );
    return this.getDetalhe(id);
  }

  async updateCobranca(actor: AuthPrincipal, id: string, dto: UpdateCobrancaDto): Promise<CobrancaDetalheResponse> {
    const c = await this.find(id);
    if (c.status !== 'aberta') throw new ConflictException(SO_ABERTA);
    if (c.pagoCentavos > 0) throw new ConflictException(COM_PAGAMENTO);
    const linhas = dto.linhas === undefined ? null : parseLinhas(dto.linhas);
    if (dto.vencimento !== undefined) checkDate(dto.vencimento, 'Vencimento');
    const autor = await this.autor(actor);
    const mudancas: string[] = [];
    await withTransaction(this.ds, async (m) => {
      const set: Partial<Cobranca> = { versao: c.versao + 1, updatedAt: new Date() };
      if (dto.vencimento !== undefined && dto.vencimento !== c.vencimento) {
        set.vencimento = dto.vencimento;
        mudancas.push(`vencimento ${fmtDate(c.vencimento)} → ${fmtDate(dto.vencimento)}`);
      }
      if (linhas) {
        const total = sum(linhas);
        set.totalCentavos = total;
        set.honorariosCentavos = sum(linhas.filter((l) => l.tipo === 'honorario'));
        mudancas.push(`linhas alteradas (total ${brl(c.totalCentavos)} → ${brl(total)})`);
      }
      const result = await m
        .createQueryBuilder()
        .update(Cobranca)
        .set(set)
        .where("id = :id AND versao = :versao AND status = 'aberta' AND pagoCentavos = 0", { id, versao: c.versao })
        .execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      if (linhas) {
        await m.delete(CobrancaLinha, { cobrancaId: id });
        await this.insertLinhas(m, id, linhas);
      }
      if (mudancas.length) await this.addHistorico(m, id, 'edicao', `Cobrança editada: ${mudancas.join('; ')}.`, autor);
    });
    return this.getDetalhe(id);
  }

  async cancelar(actor: AuthPrincipal, id: string, motivo: string): Promise<CobrancaDetalheResponse> {
    const c = await this.find(id);
    if (c.status !== 'aberta') throw new ConflictException(c.status === 'paga' ? 'Uma cobrança paga não pode ser cancelada.' : 'A cobrança já está cancelada.');
    const autor = await this.autor(actor);
    await withTransaction(this.ds, async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(Cobranca)
        .set({ status: 'cancelada', motivoCancelamento: motivo, versao: c.versao + 1, updatedAt: new Date() })
        .where("id = :id AND versao = :versao AND status = 'aberta'", { id, versao: c.versao })
        .execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      await this.addHistorico(m, id, 'cancelamento', `Cobrança cancelada. Motivo: ${motivo}`, autor);
    });
    return this.getDetalhe(id);
  }

  async registrarPagamento(actor: AuthPrincipal, id: string, dto: PagamentoDto): Promise<CobrancaDetalheResponse> {
    const valor = reaisToCentavos(dto.valor);
    if (valor === null) throw new BadRequestException('O valor deve ter no máximo duas casas decimais.');
    const data = dto.data ?? this.today();
    checkDate(data, 'Data');
    if (data > this.today()) throw new UnprocessableEntityException('A data do pagamento não pode ser futura.');
    const autor = await this.autor(actor);
    await withTransaction(this.ds, (m) => this.pay(m, id, { data, valorCentavos: valor, forma: dto.forma, nota: dto.nota || null, extratoTransacaoId: null }, autor));
    return this.getDetalhe(id);
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
      if (p.valorCentavos <= 0) throw new UnprocessableEntityException('O valor do pagamento deve ser maior que zero.');
      const saldo = c.totalCentavos - c.pagoCentavos;
      if (p.valorCentavos > saldo) {
        throw new UnprocessableEntityException(`O valor (${brl(p.valorCentavos)}) excede o saldo da cobrança (${brl(saldo)}).`);
      }
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

  // ---------------------------------------------------------------- helpers

  private async insertCobranca(m: EntityManager, c: NovaCobranca): Promise<string> {
    return (await this.insertCobrancas(m, [c]))[0];
  }

  /** New open charges with their lines and first history line, many per INSERT; their ids in order. */
  private async insertCobrancas(m: EntityManager, novas: readonly NovaCobranca[]): Promise<string[]> {
    const cobrancas: Cobranca[] = [];
    const linhas: CobrancaLinha[] = [];
    const historico: CobrancaHistorico[] = [];
    for (const c of novas) {
      const id = newId();
      // insertRows stamps now where createdAt is left undefined.
      const createdAt = c.emitidaEm;
      cobrancas.push(
        m.create(Cobranca, {
          id,
          createdAt,
          clienteId: c.clienteId,
          registroId: c.registroId,
          status: 'aberta',
          vencimento: c.vencimento,
          totalCentavos: sum(c.linhas),
          honorariosCentavos: sum(c.linhas.filter((l) => l.tipo === 'honorario')),
          pagoCentavos: 0,
          txid: cobrancaTxid(id),
          motivoCancelamento: null,
          criadoPorId: c.autor.id,
          criadoPorNome: c.autor.nome,
          versao: 1,
        }),
      );
      for (const [i, l] of c.linhas.entries()) linhas.push(m.create(CobrancaLinha, { id: newId(), cobrancaId: id, ordem: i + 1, ...l, createdAt }));
      const descricao = `Cobrança ${c.origem} de ${brl(sum(c.linhas))}, vencimento ${fmtDate(c.vencimento)}.`;
      historico.push(m.create(CobrancaHistorico, { id: newId(), cobrancaId: id, ordem: 1, evento: 'criacao', descricao, autorNome: c.autor.nome, createdAt }));
    }
    await insertAudited(m, Cobranca, cobrancas);
    await insertAudited(m, CobrancaLinha, linhas);
    await insertAudited(m, CobrancaHistorico, historico);
    return cobrancas.map((c) => c.id);
  }

  private async insertLinhas(m: EntityManager, cobrancaId: string, linhas: LinhaIn[]): Promise<void> {
    await insertAudited(m, CobrancaLinha, linhas.map((l, i) => m.create(CobrancaLinha, { id: newId(), cobrancaId, ordem: i + 1, ...l })));
  }

  async addHistorico(m: EntityManager, cobrancaId: string, evento: string, descricao: string, autor: Autor): Promise<void> {
    const raw = await m.query('SELECT COALESCE(MAX(ordem), 0) AS n FROM cobranca_historico WHERE cobrancaId = ?', [cobrancaId]);
    const ordem = Number(raw[0]?.n ?? 0) + 1;
    await m.insert(CobrancaHistorico, m.create(CobrancaHistorico, { id: newId(), cobrancaId, ordem, evento, descricao, autorNome: autor.nome }));
  }

  async autor(actor: AuthPrincipal): Promise<Autor> {
    if (actor.role === 'cliente') {
      const c = await this.ds.getRepository(Cliente).findOne({ where: { id: actor.id }, select: { id: true, razaoSocial: true } });
      return { id: actor.id, nome: c?.razaoSocial ?? 'Cliente' };
    }
    const u = await this.ds.getRepository(User).findOne({ where: { id: actor.id }, select: { id: true, nomeCompleto: true } });
    return { id: actor.id, nome: u?.nomeCompleto ?? 'Equipe' };
  }

  private async find(id: string): Promise<Cobranca> {
    const c = await this.ds.getRepository(Cobranca).findOne({ where: { id } });
    if (!c) throw new NotFoundException(COBRANCA_NOT_FOUND);
    return c;
  }

  private filterStatus(qb: SelectQueryBuilder<Cobranca>, status: unknown, today: string): void {
    // 'todos' is the panel's tab for "no filter".
    if (status === undefined || status === null || status === '' || status === 'todos') return;
    const list = (Array.isArray(status) ? status : [status]).map(String);
    const bad = list.find((s) => s !== 'vencida' && !(COBRANCA_STATUSES as readonly string[]).includes(s));
    if (bad !== undefined) throw new BadRequestException(`Status "${bad}" inválido: use aberta, paga, cancelada ou vencida.`);
    qb.andWhere(
      new Brackets((w) => {
        const plain = list.filter((s) => s !== 'vencida');
        if (plain.length) w.orWhere('c.status IN (:...stPlain)', { stPlain: plain });
        if (list.includes('vencida')) w.orWhere("(c.status = 'aberta' AND c.vencimento < :stToday)", { stToday: today });
      }),
    );
  }

  private dateFilter(v: unknown, name: string): string {
    if (typeof v !== 'string' || !isIsoDate(v)) throw new BadRequestException(`Filtro ${name} inválido: use AAAA-MM-DD.`);
    return v;
  }

  /** Responses for a page of charges: client, registro and lines in three small queries. */
  async toResponses(rows: Cobranca[]): Promise<CobrancaResponse[]> {
    if (!rows.length) return [];
    const today = this.today();
    const clienteIds = [...new Set(rows.map((r) => r.clienteId))];
    const registroIds = [...new Set(rows.map((r) => r.registroId).filter((v): v is string => !!v))];
    const [clientes, registros, linhas] = await Promise.all([
      this.ds.getRepository(Cliente).find({ where: { id: In(clienteIds) }, select: { id: true, razaoSocial: true, cnpj: true } }),
      registroIds.length ? this.ds.getRepository(Registro).find({ where: { id: In(registroIds) }, select: { id: true, numero: true } }) : Promise.resolve([]),
      this.ds.getRepository(CobrancaLinha).find({ where: { cobrancaId: In(rows.map((r) => r.id)) }, order: { ordem: 'ASC' } }),
    ]);
    const cli = new Map(clientes.map((c) => [c.id, c]));
    const reg = new Map(registros.map((r) => [r.id, r.numero]));
    return rows.map((c) => {
      const vencida = c.status === 'aberta' && c.vencimento < today;
      return {
        _id: c.id,
        clienteId: c.clienteId,
        clienteNome: cli.get(c.clienteId)?.razaoSocial ?? null,
        clienteCnpj: cli.get(c.clienteId)?.cnpj ?? null,
        registroId: c.registroId,
        registroNumero: c.registroId ? reg.get(c.registroId) ?? null : null,
        status: c.status,
        vencida,
        statusLabel: COBRANCA_STATUS_LABELS[vencida ? 'vencida' : c.status],
        vencimento: c.vencimento,
        total: centavosToReais(c.totalCentavos),
        honorarios: centavosToReais(c.honorariosCentavos),
        taxas: centavosToReais(c.totalCentavos - c.honorariosCentavos),
        pago: centavosToReais(c.pagoCentavos),
        saldo: centavosToReais(c.status === 'cancelada' ? 0 : c.totalCentavos - c.pagoCentavos),
        txid: c.txid,
        motivoCancelamento: c.motivoCancelamento,
        criadoPorNome: c.criadoPorNome,
        linhas: linhas.filter((l) => l.cobrancaId === c.id).map((l) => ({ descricao: l.descricao, tipo: l.tipo, valor: centavosToReais(l.valorCentavos) })),
        createdAt: toIso(c.createdAt) ?? '',
        updatedAt: toIso(c.updatedAt) ?? '',
      };
    });
  }
}

function toPagamentoResponse(p: CobrancaPagamento) {
  return {
    _id: p.id,
    data: p.data,
    valor: centavosToReais(p.valorCentavos),
    forma: p.forma,
    formaLabel: FORMA_PAGAMENTO_LABELS[p.forma] ?? p.forma,
    nota: p.nota,
    extratoTransacaoId: p.extratoTransacaoId,
    registradoPorNome: p.registradoPorNome,
    createdAt: toIso(p.createdAt) ?? '',
  };
}

/** The lines as sent ({ descricao, tipo, valor in BRL }), checked one by one with pt-BR messages. */
export function parseLinhas(raw: unknown[]): LinhaIn[] {
  if (!raw.length) throw new BadRequestException('Informe ao menos uma linha na cobrança.');
  if (raw.length > MAX_LINHAS) throw new BadRequestException(`Uma cobrança tem no máximo ${MAX_LINHAS} linhas.`);
  const out = raw.map((item, i) => {
    const n = i + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new BadRequestException(`Linha ${n}: informe { descricao, tipo, valor }.`);
    const { descricao, tipo, valor, ...rest } = item as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length) throw new BadRequestException(`Linha ${n}: campo "${extra[0]}" não é aceito.`);
    if (typeof descricao !== 'string' || !descricao.trim()) throw new BadRequestException(`Linha ${n}: informe a descrição.`);
    if (descricao.trim().length > 200) throw new BadRequestException(`Linha ${n}: a descrição deve ter no máximo 200 caracteres.`);
    if (typeof tipo !== 'string' || !(LINHA_TIPOS as readonly string[]).includes(tipo)) throw new BadRequestException(`Linha ${n}: tipo deve ser honorario ou taxa.`);
    const c = reaisToCentavos(valor);
    if (c === null) throw new BadRequestException(`Linha ${n}: o valor deve ser um número com no máximo duas casas decimais.`);
    if (c <= 0) throw new BadRequestException(`Linha ${n}: o valor deve ser maior que zero.`);
    if (c > MAX_CENTAVOS) throw new BadRequestException(`Linha ${n}: o valor deve ser de no máximo ${brl(MAX_CENTAVOS)}.`);
    return { descricao: descricao.trim(), tipo: tipo as LinhaTipo, valorCentavos: c };
  });
  if (sum(out) > MAX_CENTAVOS) throw new BadRequestException(`O total da cobrança deve ser de no máximo ${brl(MAX_CENTAVOS)}.`);
  return out;
}

function checkDate(v: string, label: string): void {
  if (!isIsoDate(v)) throw new BadRequestException(`${label} inválido(a): use uma data real no formato AAAA-MM-DD.`);
}

const sum = (ls: { valorCentavos: number }[]) => ls.reduce((s, l) => s + l.valorCentavos, 0);
export const brl = (c: number) => formatBRL(centavosToReais(c)).replace(/\u00a0/g, ' ');
const fmtDate = (d: string) => d.split('-').reverse().join('/');

function isTrue(v: unknown): boolean {
  return v === true || v === 'true' || v === 1 || v === '1';
}
