import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { centavosToReais, COBRANCA_STATUS_LABELS, COBRANCA_STATUSES, CobrancaDetalheResponse, CobrancaResponse, FORMA_PAGAMENTO_LABELS, onlyDigits, reaisToCentavos, todayInSaoPaulo } from '@veritas/common';
import { Cliente, foldBusca } from '../clientes';
import { toIso } from '../platform/database';
import { idsFilter, LIKE_ESCAPE, likeContains, ListRequest, pageByIds, ReadSide, searchText } from '../platform/read-side';
import { Registro } from '../registros';
import { queryDate } from '../platform/http';
import { COBRANCA_NOT_FOUND } from './cobranca-messages';
import { Cobranca, CobrancaHistorico, CobrancaLinha, CobrancaPagamento } from './entities/cobranca.entity';

export const FILTER_HELP =
  'status (aberta, paga, cancelada, vencida; um ou lista), clienteId, registroId, vencimentoDe, vencimentoAte (AAAA-MM-DD), ' +
  'vencidas (true), q (nome ou CNPJ do cliente, protocolo do registro ou saldo em reais), id (lista)';

/** Charges as they are read: the staff list, the client's own, one charge's detail (issue 12). */
@Injectable()
export class CobrancasQueryService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reads: ReadSide,
  ) {}

  async listCobrancas(req: ListRequest): Promise<[CobrancaResponse[], number]> {
    const qb = this.reads.manager.getRepository(Cobranca).createQueryBuilder('c');
    const f = req.filter;
    const today = todayInSaoPaulo();
    const ids = idsFilter(f);
    if (ids) qb.andWhere(ids.length ? 'c.id IN (:...ids)' : '1 = 0', { ids });
    filterStatus(qb, f.status, today);
    if (f.clienteId !== undefined) qb.andWhere('c.clienteId = :clienteId', { clienteId: String(f.clienteId) });
    if (f.registroId !== undefined) qb.andWhere('c.registroId = :registroId', { registroId: String(f.registroId) });
    if (f.vencimentoDe !== undefined) qb.andWhere('c.vencimento >= :vDe', { vDe: dateFilter(f.vencimentoDe, 'vencimentoDe') });
    if (f.vencimentoAte !== undefined) qb.andWhere('c.vencimento <= :vAte', { vAte: dateFilter(f.vencimentoAte, 'vencimentoAte') });
    if (isTrue(f.vencidas)) qb.andWhere("c.status = 'aberta' AND c.vencimento < :today", { today });
    const q = searchText(f);
    if (q) {
      const sub = this.reads.manager
        .getRepository(Cliente)
        .createQueryBuilder('cl')
        .select('cl.id')
        .where(`cl.busca LIKE :qCliente ${LIKE_ESCAPE}`, { qCliente: likeContains(foldBusca(q) || q) });
      const digits = onlyDigits(q);
      if (digits.length >= 4) sub.orWhere(`cl.cnpj LIKE :qCnpj ${LIKE_ESCAPE}`, { qCnpj: likeContains(digits) });
      // Also a registro's protocol (2026-000742) or the balance in reais (1480, 1.480,00): the hand match of a bank credit.
      const protocolo = /^\s*(\d{4}-\d{6})\s*$/.exec(q)?.[1];
      const saldo = /^\s*(R\$\s*)?\d{1,3}(\.?\d{3})*(,\d{1,2})?\s*$/.test(q) ? reaisToCentavos(Number(q.replace(/R\$|\s|\./g, '').replace(',', '.'))) : null;
      qb.andWhere(
        new Brackets((w) => {
          w.where(`c.clienteId IN (${sub.getQuery()})`, sub.getParameters());
          if (protocolo) w.orWhere('c.registroId IN (SELECT r.id FROM registros r WHERE r.numero = :qProtocolo)', { qProtocolo: protocolo });
          if (saldo !== null && saldo > 0) w.orWhere('(c.totalCentavos - c.pagoCentavos) = :qSaldo', { qSaldo: saldo });
        }),
      );
    }
    // On the read pool: the page's ids from the (filter, sort column, id) index, ties in the sort's direction so
    // the index serves the whole order, then its rows (ADR 0060); the count beside it.
    const ordered = qb.clone().orderBy(req.sortColumn, req.sortOrder).addOrderBy('c.id', req.sortOrder).offset(req.skip).limit(req.take);
    const [rows, total] = await Promise.all([pageByIds(this.reads.manager, Cobranca, ordered, 'c.id'), qb.clone().select('COUNT(*)', 'n').orderBy().getRawOne<{ n: number | string }>()]);
    return [await this.toResponses(rows, this.reads.manager), Number(total?.n ?? 0)];
  }

  /** The client's own charges, open ones first (then by due date), each with its payments. */
  async listMine(clienteId: string, req: ListRequest): Promise<[CobrancaDetalheResponse[], number]> {
    const qb = this.ds.getRepository(Cobranca).createQueryBuilder('c').where('c.clienteId = :clienteId', { clienteId });
    filterStatus(qb, req.filter.status, todayInSaoPaulo());
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

  /** The charge as stored (404 when there is none). */
  async find(id: string): Promise<Cobranca> {
    const c = await this.ds.getRepository(Cobranca).findOne({ where: { id } });
    if (!c) throw new NotFoundException(COBRANCA_NOT_FOUND);
    return c;
  }

  /** Responses for a page of charges: client, registro and lines in three small queries. */
  /** `manager`: the read pool's for a list (ReadSide), the writer's by default. */
  async toResponses(rows: Cobranca[], manager: EntityManager = this.ds.manager): Promise<CobrancaResponse[]> {
    if (!rows.length) return [];
    const today = todayInSaoPaulo();
    const clienteIds = [...new Set(rows.map((r) => r.clienteId))];
    const registroIds = [...new Set(rows.map((r) => r.registroId).filter((v): v is string => !!v))];
    const [clientes, registros, linhas] = await Promise.all([
      manager.getRepository(Cliente).find({ where: { id: In(clienteIds) }, select: { id: true, razaoSocial: true, cnpj: true } }),
      registroIds.length ? manager.getRepository(Registro).find({ where: { id: In(registroIds) }, select: { id: true, numero: true } }) : Promise.resolve([]),
      manager.getRepository(CobrancaLinha).find({ where: { cobrancaId: In(rows.map((r) => r.id)) }, order: { ordem: 'ASC' } }),
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

function filterStatus(qb: SelectQueryBuilder<Cobranca>, status: unknown, today: string): void {
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

function dateFilter(v: unknown, name: string): string {
  return queryDate(typeof v === 'string' ? v : JSON.stringify(v) ?? '', name) as string;
}

function isTrue(v: unknown): boolean {
  return v === true || v === 'true' || v === 1 || v === '1';
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
