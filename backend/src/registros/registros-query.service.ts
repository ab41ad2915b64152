import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository, SelectQueryBuilder } from 'typeorm';
import { CONTAGEM_LIMITE, RegistroDetalheResponse, RegistroResponse } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { CalendarioService } from '../calendario';
import { Contagem, contagemLimitada, contagemSempreLimitada, DIRECT_ROWS, idsFilter, LIKE_ESCAPE, likeContains, ListRequest, searchText } from '../platform/read-side';
import { ContagemLida, PaginaLida, SortSeek } from '../platform/read-side';
import { clienteOf, sideOf } from '@veritas/common';
import { PolicyService } from '../platform/access';
import { ReadSide, type VersionedList } from '../platform/read-side';
import { Registro } from './entities/registro.entity';
import { RegistroExtensions } from './registro-extensions';
import { RegistroHistoricoService } from './registro-historico.service';
import { toHistoricoResponse, toRegistroResponse } from './registro.mapper';
import { BuscaDeClientes, RegistrosBuscaService } from './registros-busca.service';
import { applyStaffFilters, crossParts, filterStatus, inListOrder, LISTA_TABELAS, orderKeys, QueryPart } from './registros-filtros';

/** A page's responses and count, the version its statement read (null: none read, or no rows), and whether the count is of that version. */
type ListaLida = { rows: RegistroResponse[]; contagem: Contagem; versao: string | null; mesmaVersao: boolean };

/**
 * How deep a list split into parts is read part by part (pageOfParts): each part reads up to this many ids
 * from its index and the union is sorted; deeper, the list is read as one condition (with noted rows).
 */
const PARTS_ROWS = 2_000;

/**
 * The registros as they are read: the staff list (with its search and the answers, counts, deep pages and
 * names it keeps by version), the client's own list, a client's registros, and one registro's detail. Every
 * read is narrowed by the record-access rule (PolicyService; a registro one may not see is "not found").
 */
@Injectable()
export class RegistrosQueryService {
  /**
   * The staff list, versioned by LISTA_TABELAS (issue 14; ReadSide.list): its whole answers (listRegistros),
   * counts, deep pages, and the names its pages show (toResponses), kept by the version their statement read.
   */
  readonly lista: VersionedList<Registro, [RegistroResponse[], Contagem]>;

  constructor(
    @InjectRepository(Registro) private readonly registros: Repository<Registro>,
    private readonly calendario: CalendarioService,
    private readonly extensions: RegistroExtensions,
    private readonly historico: RegistroHistoricoService,
    private readonly busca: RegistrosBuscaService,
    private readonly reads: ReadSide,
    private readonly policy: PolicyService,
  ) {
    this.lista = reads.list(Registro, LISTA_TABELAS);
  }

  /**
   * Staff list (list contract), narrowed by the record-access rule (an associado: its own and the
   * unassigned). With `contagemLimitada` (the list screen) a search's count stops past
   * CONTAGEM_LIMITE ("mais de 1.000", issue 14), and so does every count of the screen but the
   * whole list's on SQLite (contagemSempreLimitada); the export counts exactly.
   */
  async listRegistros(actor: AuthPrincipal, req: ListRequest, contagem: 'exata' | 'limitada' = 'exata'): Promise<[RegistroResponse[], Contagem]> {
    // A page is given again while the version it was made at holds (KeptAnswers): the answer depends on the
    // rule's scope (not on who asks within it, but for "me"), the request, today and the holidays (the days
    // counted; by identity: CalendarioService gives a new set when they change).
    const today = this.calendario.today();
    const feriados = await this.calendario.firmDays();
    const me = req.filter.responsavelId === 'me' ? actor.id : null;
    const key = JSON.stringify([this.policy.scopeOf(actor, 'registro'), me, req, contagem, today]);
    return this.lista.answer(key, req, feriados, async () => {
      const l = await this.listNow(actor, req, contagem);
      return { value: [l.rows, l.contagem], version: l.mesmaVersao ? l.versao : null };
    });
  }

  private async listNow(actor: AuthPrincipal, req: ListRequest, contagem: 'exata' | 'limitada'): Promise<ListaLida> {
    const first = await this.listOnce(actor, req, contagem, true);
    // A search's clients taken from an earlier search hold if the page's statement read the version they were
    // kept under (it covers the clients); else, or with no row to tell, the search is made again from a version
    // read first (clientesDaBusca).
    const { busca } = first;
    if (!busca || busca.lida || (first.versao !== null && first.versao === busca.versao)) return first;
    return this.listOnce(actor, req, contagem, false);
  }

  private async listOnce(actor: AuthPrincipal, req: ListRequest, contagem: 'exata' | 'limitada', buscaGuardada: boolean): Promise<ListaLida & { busca?: BuscaDeClientes }> {
    const qb = this.reads.manager.getRepository(Registro).createQueryBuilder('r');
    const today = this.calendario.today();
    const sqlite = this.reads.sqlite;
    const { filterParts, partitioned } = await applyStaffFilters(qb, req.filter, {
      actorId: actor.id,
      today,
      sqlite,
      businessDaysAfterToday: (n) => this.calendario.addBusinessDays(today, n),
    });
    const q = searchText(req.filter);
    const busca = q ? await this.busca.searchStaff(qb, q, buscaGuardada) : undefined;
    // The access rule is in every part: its own parts (an associado's), or else as one condition.
    const scopeWhere = this.policy.where(actor, 'registro', 'r');
    const scopeParts = this.policy.whereParts(actor, 'registro', 'r') ?? (filterParts && scopeWhere ? [scopeWhere] : null);
    const parts = crossParts(scopeParts, filterParts);
    const whole = qb.clone();
    for (const c of partitioned) whole.andWhere(c.where, c.params);
    const visible = this.policy.scope(whole, actor, 'registro', 'r');
    const limitada = contagem === 'limitada' && (!!q || contagemSempreLimitada(visible));
    // Every condition is on a versioned column (VERSIONED_TABLES): of registros, and for a search of
    // clientes (busca, cnpj: the search's candidates from the trigram index are parameters); today and the
    // deadline's limit are parameters too. Not a list by ids. Such a list keeps its count while its tables'
    // version is unchanged, and its deep pages seek from noted rows (withCount, deepPage).
    // The version also covers the names a page shows (clients' and staff's, kept under it: VersionedList.names).
    const version = idsFilter(req.filter) ? null : this.lista.version;
    if (parts) return { ...(await this.pageOfParts(qb, parts, visible, req, limitada, version)), busca };
    // A search on MySQL/MariaDB sorts whole rows (its matches come from the clients, not in an index's
    // order): the ids first there ("padaria estrela": 11 ms → 2 ms for the page's query). Plain pages
    // read in an index's order keep one round trip (two cost them ~10 %, measured).
    return { ...(await this.page(visible, req, limitada, undefined, !!q && !sqlite, version)), busca };
  }

  /**
   * A list whose access rule is a union of disjoint conditions (registroScopeParts: an associado's own
   * registros and the unassigned): the first pages are each part read in order from its own index
   * range ((responsavelId, createdAt, id) for the default order) and merged in SQL — as one
   * "responsavelId = me OR IS NULL" SQLite gathered both sets whole and sorted them for every page
   * (5 ms for 22,000 of 200,000 registros, against 0.1 ms). The count is the sum of the parts'.
   * Pages that end within PARTS_ROWS rows (each part then reads at most that many ids from its index);
   * deeper pages read `visible` (the rule as one condition) as page() does, seeking from noted rows.
   */
  private async pageOfParts(
    qb: SelectQueryBuilder<Registro>,
    scopeParts: QueryPart[],
    visible: SelectQueryBuilder<Registro>,
    req: ListRequest,
    limitada: boolean,
    version: string | null,
  ): Promise<ListaLida> {
    const parts = scopeParts.map((p) => qb.clone().andWhere(p.where, p.params));
    const count = async (): Promise<ContagemLida> => {
      const counts = await Promise.all(parts.map((part) => this.contagem(part, limitada, version)));
      const versao = counts.every((c) => c.versao === counts[0].versao) ? counts[0].versao : undefined;
      return counts.every((c) => c.exato) ? { total: counts.reduce((n, c) => n + c.total, 0), exato: true, versao } : { total: CONTAGEM_LIMITE, exato: false, versao };
    };
    if (req.skip + req.take > PARTS_ROWS || (!!version && this.lista.seeks(req, this.seekCreated()))) {
      return this.page(visible, req, limitada, count, false, version);
    }
    // Sorted by the id itself, the id is the only key (a k0 copy of it made MySQL's derived table repeat its columns).
    const byId = req.sortColumn === 'r.id';
    const queries = parts.map((part, i) =>
      inListOrder(part.clone().select('r.id', 'id'), req, !byId, scopeParts[i].prazoDefinido).limit(req.skip + req.take).getQueryAndParameters(),
    );
    const keys = byId ? [] : orderKeys(req.sortColumn).map((k, i) => `k${i} ${k.fixed ?? req.sortOrder}`);
    const order = [...keys, `id ${req.sortOrder}`].join(', ');
    const union = queries.map(([sql], i) => `SELECT * FROM (${sql}) p${i}`).join(' UNION ALL ');
    const sql = `SELECT id${version ? `, ${version} AS v` : ''} FROM (${union}) u ORDER BY ${order} LIMIT ${req.take} OFFSET ${req.skip}`;
    const key = version ? JSON.stringify(['partes', queries, limitada, version]) : null;
    return this.withCount(key, count, async () => {
      const idRows: { id: string; v?: unknown }[] = await this.reads.manager.query(sql, queries.flatMap(([, params]) => params));
      return { rows: await this.lista.rowsOf(idRows.map((r) => r.id)), version: idRows.length && version ? String(idRows[0].v) : null };
    });
  }

  /** The client's own registros (list contract): status and q (protocol, service, description). */
  async listMine(clienteId: string, req: ListRequest): Promise<[RegistroResponse[], Contagem]> {
    const qb = this.reads.manager.getRepository(Registro).createQueryBuilder('r').where('r.clienteId = :clienteId', { clienteId });
    filterStatus(qb, req.filter.status);
    const q = searchText(req.filter);
    if (q) {
      const like = likeContains(q);
      qb.andWhere(
        new Brackets((w) =>
          w.where(`r.numero LIKE :like ${LIKE_ESCAPE}`, { like })
            .orWhere(`r.tipo LIKE :like ${LIKE_ESCAPE}`)
            .orWhere(`r.descricao LIKE :like ${LIKE_ESCAPE}`),
        ),
      );
    }
    const { rows, contagem } = await this.page(qb, req);
    return [rows, contagem];
  }

  /**
   * §7: the registros of one client the caller may see (the record-access rule), newest first. A
   * client reaches only its own id.
   */
  async listByCliente(actor: AuthPrincipal, clienteId: string): Promise<RegistroResponse[]> {
    // A client names only itself (no read); staff a client that exists.
    if (clienteOf(actor)) this.policy.check(actor, 'cliente.read', { id: clienteId });
    else await this.policy.require(actor, 'cliente.read', clienteId);
    const rows = await this.policy.scope(this.registros.createQueryBuilder('r'), actor, 'registro', 'r')
      .andWhere('r.clienteId = :clienteId', { clienteId })
      .orderBy('r.createdAt', 'DESC')
      .addOrderBy('r.numero', 'DESC')
      .getMany();
    return this.toResponses(rows);
  }

  async getDetalhe(actor: AuthPrincipal, id: string): Promise<RegistroDetalheResponse> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', id);
    const forStaff = sideOf(actor) === 'equipe';
    const lines = await this.historico.linhas(r.id, forStaff);
    const [resp] = await this.toResponses([r]);
    const extra = await this.extensions.detalhe(actor, r);
    return { ...resp, historico: lines.map((h) => toHistoricoResponse(h, forStaff)), ...extra };
  }

  /**
   * Responses for a page of rows, with client and staff names: those kept under `version` (the version of
   * registros, clientes and users the page's statement read), the others fetched in two small queries.
   */
  async toResponses(rows: Registro[], version: string | null = null): Promise<RegistroResponse[]> {
    if (!rows.length) return [];
    const clienteIds = [...new Set(rows.map((r) => r.clienteId))];
    const userIds = [...new Set(rows.map((r) => r.responsavelId).filter((v): v is string => !!v))];
    const [clienteNome, userNome, firmDays] = await Promise.all([
      this.lista.names('clientes', 'razaoSocial', clienteIds, version),
      this.lista.names('users', 'nomeCompleto', userIds, version),
      this.calendario.firmDays(),
    ]);
    const today = this.calendario.today();
    return rows.map((r) =>
      toRegistroResponse(r, {
        clienteNome: clienteNome.get(r.clienteId) ?? null,
        responsavelNome: r.responsavelId ? userNome.get(r.responsavelId) ?? null : null,
        today,
        diasUteisAte: (prazo) => this.calendario.businessDaysOn(firmDays, r.juntaUf, today, prazo),
      }),
    );
  }

  /**
   * qb's count: exact, or stopping past CONTAGEM_LIMITE when `limitada`; with `version` (versionColumn),
   * also the version read in the same statement (what withCount keeps it under).
   */
  private async contagem(qb: SelectQueryBuilder<Registro>, limitada: boolean, version: string | null = null): Promise<ContagemLida> {
    const also = version ?? undefined;
    if (limitada) return contagemLimitada(this.reads.manager, qb, 'r.id', also);
    const raw = await qb.clone().select('COUNT(*)', 'n').addSelect(also ?? 'NULL', 'v').orderBy().getRawOne<{ n: unknown; v: unknown }>();
    return { total: Number(raw?.n ?? 0), exato: true, versao: also ? String(raw?.v) : undefined };
  }

  /** A page and its list's count (VersionedList.pageWithCount), as responses. */
  private async withCount(key: string | null, count: () => Promise<ContagemLida>, read: () => Promise<PaginaLida<Registro>>): Promise<ListaLida> {
    const { rows, contagem, version, mesmaVersao } = await this.lista.pageWithCount(key, count, read);
    return { rows: await this.toResponses(rows, version), contagem, versao: version, mesmaVersao };
  }

  /** Deep pages seek on createdAt (the lists' indexes end in createdAt, id). */
  private seekCreated(): SortSeek {
    return this.reads.seek('r.createdAt', 'r.id', true);
  }

  /**
   * One page and the total, side by side. Near the start (the page ends within DIRECT_ROWS rows) the
   * page's rows are read at once; deeper, and for a search on MySQL/MariaDB (`idsFirst`), in two steps: the ids, in order, from an index alone
   * (every list index ends with its sort column and id), then those rows by primary key, so a deep
   * page never drags whole rows through the skipped ones. Each step is a message to a reader thread
   * (SQLite) or a round trip (MySQL), which cost more than a shallow page's query (issue 14). No
   * joins: names come per page (toResponses). `count` replaces qb's own count (an associado's list sums two).
   */
  private async page(
    qb: SelectQueryBuilder<Registro>,
    req: ListRequest,
    limitada = false,
    count: () => Promise<ContagemLida> = () => this.contagem(qb, limitada, version),
    idsFirst = false,
    version: string | null = null,
  ): Promise<ListaLida> {
    const key = version ? JSON.stringify(['lista', ...qb.getQueryAndParameters(), limitada, version]) : null;
    return this.withCount(key, count, async () => {
      const seek = this.seekCreated();
      if (version && this.lista.seeks(req, seek)) return this.lista.deepPage(() => inListOrder(qb.clone(), req), req, version, seek);
      const ordered = inListOrder(qb.clone(), req).offset(req.skip).limit(req.take);
      if (req.skip + req.take <= DIRECT_ROWS && !idsFirst) return this.lista.rows(ordered, version);
      return this.lista.idsThenRows(ordered, 'r.id', version);
    });
  }
}
