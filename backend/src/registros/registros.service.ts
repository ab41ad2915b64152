import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, In, Repository, SelectQueryBuilder } from 'typeorm';
import {
  can,
  canSeeRegistro,
  CLIENTE_CANCEL_ONLY,
  clienteTransitionRefusal,
  formatProtocolo,
  isFinalStatus,
  isRegistroStatus,
  isUf,
  onlyDigits,
  OPEN_REGISTRO_STATUSES,
  prazoAfterTransition,
  RegistroDetalheResponse,
  RegistroResponse,
  RegistroStatus,
  staffPrincipal,
  todayInSaoPaulo,
  transitionRefusal,
} from '@veritas/common';
import type { AuthPrincipal } from '../auth/principal';
import { ClienteDependentsRegistry } from '../clientes/cliente-dependents';
import { clienteSearch, clientesFts } from '../clientes/cliente-search';
import { ReadPool } from '../database/read-pool';
import { Cliente } from '../clientes/entities/cliente.entity';
import { CalendarioService } from '../calendario/calendario.service';
import { isUniqueViolation } from '../common/db-errors';
import { isSqlite } from '../common/fts';
import { Contagem, contagemLimitada, contagemSempreLimitada, DIRECT_ROWS, idsFilter, LIKE_ESCAPE, likeContains, ListRequest, searchText } from '../common/list-query';
import { User } from '../users/entities/user.entity';
import { CreateRegistroDto, UpdateStatusDto } from './dto/registro.dto';
import { AutorTipo, HistoricoEvento, RegistroHistorico } from './entities/registro-historico.entity';
import { Registro } from './entities/registro.entity';
import { RegistroNotifier } from './registro-notifier';
import { toHistoricoResponse, toRegistroResponse } from './registro.mapper';
import { registroScopeParts, registroScopeSql, whereRegistroVisible } from './registro-scope';
import { ServicoResolvido, ServicosService } from './servicos.service';
import type { ServicoDisponivelResponse } from '@veritas/common';
import { nextPrefix, valuesById } from './sql';
import { SerialQueue, withTransaction } from '../common/transaction';
import { insertAudited, withAuditsAtEnd } from '../auditoria/bulk-insert';
import { updateRows } from '../database/insert-rows';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MovimentoEtapa, ProgressoEtapas, RegistroExtensions } from './registro-extensions';
import { CobrancasService } from '../financas/cobrancas.service';
import { clockWithExigencias } from '../exigencias/exigencia-clock';
import { addCalendarDays, CONTAGEM_LIMITE, EXIGENCIA_ALERTA_DIAS, registroScope } from '@veritas/common';
import { newId } from '../common/ids';
import { KeptByVersion } from '../common/kept-by-version';
import { ContagemLida, KeptAnswers, PageNames, PaginaLida, rowsWithVersion, seekOn, SortSeek, VersionedPages } from '../common/versioned-pages';
import { DataVersions, versionColumn } from '../database/data-versions';

export const REGISTRO_NOT_FOUND = 'Registro não encontrado.';
export const CLIENTE_NOT_FOUND = 'Cliente não encontrado.';
export const RESPONSAVEL_NOT_FOUND = 'Responsável não encontrado: informe um usuário da equipe.';
export const CHANGED_MEANWHILE = 'O registro foi alterado por outra pessoa enquanto isso. Recarregue e tente de novo.';
export const ONLY_RESPONSAVEL = 'Apenas o responsável pelo registro, a Diretoria ou o Master podem alterar o status. Assuma o registro primeiro.';
export const ALREADY_ASSIGNED = 'Este registro já tem um responsável.';
export const ASSOCIADO_ASSIGN_SELF = 'Um associado só pode assumir um registro sem responsável, ou deixar um que é seu.';
export const CLOSED_NO_ASSIGN = 'Um registro encerrado não muda de responsável.';
export const CLIENTE_ONLY_OWN = 'O campo clienteId é informado apenas pela equipe.';
export const CLIENTE_ID_REQUIRED = 'Informe o cliente (clienteId).';
export const RESPONSAVEL_NOT_WORKER =
  'O responsável precisa ser um usuário que trabalha registros (Master, Diretoria ou Associado); Financeiro e Suporte apenas os consultam.';

/** A caller as the history records it. */
export interface Autor {
  tipo: AutorTipo;
  id: string;
  nome: string;
}

/** The staff list: the filters of GET /api/registros. */
const STAFF_FILTER_HELP =
  'status (um ou lista), responsavelId (id, "me" ou null = sem responsável), clienteId, servico (código), tipo (nome), ' +
  'vencido (true), aberto (true: pendente ou em andamento), venceEmDiasUteis (n: abertos com prazo até n dias úteis, vencidos inclusive), ' +
  'q (protocolo ou nome/CNPJ do cliente), id (lista), junta (UF da Junta Comercial), etapa (nome da etapa atual), ' +
  'emExigencia (true: com exigência aberta; venceEmDiasUteis inclui também as exigências que vencem em até 5 dias corridos)';
export { STAFF_FILTER_HELP };

@Injectable()
export class RegistrosService implements OnModuleInit {
  private readonly logger = new Logger(RegistrosService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(Registro) private readonly registros: Repository<Registro>,
    @InjectRepository(RegistroHistorico) private readonly historico: Repository<RegistroHistorico>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly calendario: CalendarioService,
    private readonly servicos: ServicosService,
    private readonly notifier: RegistroNotifier,
    private readonly dependents: ClienteDependentsRegistry,
    private readonly extensions: RegistroExtensions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cobrancas: CobrancasService,
    private readonly reads: ReadPool,
    private readonly versions: DataVersions,
  ) {
    this.respostas = new KeptAnswers(versions, LISTA_TABELAS);
  }

  /** Versioned lists' kept counts and deep pages (issue 14; VersionedPages). */
  readonly pages = new VersionedPages<Registro>((ids) => this.rowsOf(ids));
  /** The names list pages show, kept under the version their statement read (toResponses). */
  private readonly names = new PageNames();
  /** The clients each recent search term matches, by the clients' version (clientesDaBusca). */
  private readonly buscas = new KeptByVersion<string[] | null>(200);
  /** Whole staff list answers, by the version they were made at (listRegistros). */
  readonly respostas: KeptAnswers<[RegistroResponse[], Contagem]>;

  /** Deleting a client takes its registros (and their history) with it, in the same transaction. */
  onModuleInit(): void {
    this.dependents.register({
      label: 'registros',
      count: (clienteId) => this.registros.count({ where: { clienteId } }),
      // The history goes with each registro (ON DELETE CASCADE).
      removeAll: async (clienteId, m) => {
        await m.delete(Registro, { clienteId });
      },
    });
  }

  // ---------------------------------------------------------------- reading

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
    const key = JSON.stringify([registroScope(actor), me, req, contagem, today]);
    return this.respostas.answer(key, req, feriados, async () => {
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
    const f = req.filter;
    const today = this.calendario.today();
    const ids = idsFilter(f);
    if (ids) qb.andWhere(ids.length ? 'r.id IN (:...ids)' : '1 = 0', { ids });
    this.filterStatus(qb, f.status);
    if (f.responsavelId !== undefined) {
      // 'nenhum' is the panel's URL-safe spelling of null (react-admin drops null and '' from a filter).
      if (f.responsavelId === null || f.responsavelId === '' || f.responsavelId === 'nenhum') qb.andWhere('r.responsavelId IS NULL');
      else qb.andWhere('r.responsavelId = :resp', { resp: f.responsavelId === 'me' ? actor.id : String(f.responsavelId) });
    }
    if (typeof f.clienteId === 'string') qb.andWhere('r.clienteId = :clienteId', { clienteId: f.clienteId });
    if (typeof f.servico === 'string') qb.andWhere('r.servico = :servico', { servico: f.servico });
    if (typeof f.tipo === 'string') qb.andWhere('r.tipo = :tipo', { tipo: f.tipo });
    // Issue 11: the Junta (UF) and the current stage's name (indexed: ix_registros_junta_created, ix_registros_etapa_junta_created).
    if (f.junta !== undefined && f.junta !== null && f.junta !== '') {
      const uf = String(f.junta).toUpperCase();
      if (!isUf(uf)) throw new BadRequestException('Filtro junta inválido: use a sigla da UF (por exemplo SP, RJ, MG).');
      qb.andWhere('r.juntaUf = :juntaUf', { juntaUf: uf });
    }
    if (typeof f.etapa === 'string' && f.etapa !== '') qb.andWhere('r.etapaAtual = :etapaAtual', { etapaAtual: f.etapa });
    let filterParts: QueryPart[] | null = null;
    // A filter that filterParts splits into disjoint parts: each part states it whole, so it is added
    // only where the parts are not used (deeper pages, through `visible`). Repeated inside a part it made
    // MariaDB read every counted row for the OR of "vencem" (2.8 ms against 0.7 ms for a part's count).
    const partitioned: QueryPart[] = [];
    if (isTrue(f.vencido) || isTrue(f.overdue)) {
      partitioned.push({ where: 'r.status IN (:...abertos) AND r.prazo < :today', params: { abertos: OPEN_REGISTRO_STATUSES, today } });
      // One (status, prazo) range per open status, as below.
      filterParts = porStatusAberto('r.prazo < :today', { today });
    }
    if (f.venceEmDiasUteis !== undefined) {
      const n = Number(f.venceEmDiasUteis);
      if (!Number.isInteger(n) || n < 0 || n > 365) throw new BadRequestException('venceEmDiasUteis deve ser um número inteiro de 0 a 365.');
      const limite = await this.calendario.addBusinessDays(today, n);
      // Issue 11: also those whose open exigência ends within EXIGENCIA_ALERTA_DIAS calendar days (or has lapsed).
      const limiteExigencia = addCalendarDays(today, EXIGENCIA_ALERTA_DIAS);
      partitioned.push({
        where: 'r.status IN (:...abertos) AND (r.prazo <= :limite OR r.exigenciaPrazo <= :limiteExigencia)',
        params: { abertos: OPEN_REGISTRO_STATUSES, limite, limiteExigencia },
      });
      // The same rows as disjoint parts, each one range of an index in prazo order ((status, prazo, id)
      // per open status; the few whose exigência alone brings them in, sorted): as one IN and OR
      // every match was gathered and sorted for each page (pageOfParts).
      filterParts = crossParts(filterParts, [
        ...porStatusAberto('r.prazo <= :limite', { limite }),
        {
          // COALESCE keeps the planner on (status, exigenciaPrazo): with "prazo > x OR prazo IS NULL" SQLite
          // walked two prazo ranges instead (0.5 ms against 0.013 ms for the count).
          where: "r.status IN (:...abertos) AND r.exigenciaPrazo <= :limiteExigencia AND COALESCE(r.prazo, '9999-12-31') > :limite",
          params: { abertos: OPEN_REGISTRO_STATUSES, limite, limiteExigencia },
        },
      ]);
    }
    if (isTrue(f.aberto) && !filterParts) {
      const abertos = { where: 'r.status IN (:...abertos)', params: { abertos: OPEN_REGISTRO_STATUSES } };
      if (isSqlite(this.reads.manager)) {
        // SQLite reads both statuses' ranges and sorts them faster than it merges two parts (0.58 against 0.81 ms).
        qb.andWhere(abertos.where, abertos.params);
      } else {
        // One part per open status, each read in order from a (…, status, createdAt, id) index: with
        // "status IN" MariaDB gathered and sorted every open registro of a service for each page (8.8 ms
        // against 3.3 for page 20). The prazo filters' parts are already one open status each.
        partitioned.push(abertos);
        filterParts = OPEN_REGISTRO_STATUSES.map((status, i) => ({ where: `r.status = :aberto${i}`, params: { [`aberto${i}`]: status } }));
      }
    }
    // Issue 11: emExigencia (true: with an open exigência).
    if (isTrue(f.emExigencia)) qb.andWhere('r.status IN (:...abertos) AND r.exigenciaPrazo IS NOT NULL', { abertos: OPEN_REGISTRO_STATUSES });
    const q = searchText(f);
    const busca = q ? await this.searchStaff(qb, q, buscaGuardada) : undefined;
    const scope = registroScope(actor);
    // The access rule is in every part: its own parts (an associado's), or else as one condition.
    const scopeParts = registroScopeParts(scope, 'r') ?? (filterParts && scope.kind !== 'all' ? [registroScopeSql(scope, 'r')] : null);
    const parts = crossParts(scopeParts, filterParts);
    const whole = qb.clone();
    for (const c of partitioned) whole.andWhere(c.where, c.params);
    const visible = whereRegistroVisible(whole, actor, 'r');
    const limitada = contagem === 'limitada' && (!!q || contagemSempreLimitada(visible));
    // Every condition is on a versioned column (VERSIONED_TABLES): of registros, and for a search of
    // clientes (busca, cnpj: the search's candidates from the trigram index are parameters); today and the
    // deadline's limit are parameters too. Not a list by ids. Such a list keeps its count while its tables'
    // version is unchanged, and its deep pages seek from noted rows (withCount, deepPage).
    // The version also covers the names a page shows (clients' and staff's, kept under it: PageNames).
    const version = ids || !this.versions.enabled ? null : versionColumn(LISTA_TABELAS);
    if (parts) return { ...(await this.pageOfParts(qb, parts, visible, req, limitada, version)), busca };
    // A search on MySQL/MariaDB sorts whole rows (its matches come from the clients, not in an index's
    // order): the ids first there ("padaria estrela": 11 ms → 2 ms for the page's query). Plain pages
    // read in an index's order keep one round trip (two cost them ~10 %, measured).
    return { ...(await this.page(visible, req, limitada, undefined, !!q && !isSqlite(this.reads.manager), version)), busca };
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
    if (req.skip + req.take > PARTS_ROWS || (!!version && this.pages.seeks(req, this.seekCreated()))) {
      return this.page(visible, req, limitada, count, false, version);
    }
    const queries = parts.map((part, i) =>
      inListOrder(part.clone().select('r.id', 'id'), req, true, scopeParts[i].prazoDefinido).limit(req.skip + req.take).getQueryAndParameters(),
    );
    const order = [...orderKeys(req.sortColumn).map((k, i) => `k${i} ${k.fixed ?? req.sortOrder}`), `id ${req.sortOrder}`].join(', ');
    const union = queries.map(([sql], i) => `SELECT * FROM (${sql}) p${i}`).join(' UNION ALL ');
    const sql = `SELECT id${version ? `, ${version} AS v` : ''} FROM (${union}) u ORDER BY ${order} LIMIT ${req.take} OFFSET ${req.skip}`;
    const key = version ? JSON.stringify(['partes', queries, limitada, version]) : null;
    return this.withCount(key, count, async () => {
      const idRows: { id: string; v?: unknown }[] = await this.reads.manager.query(sql, queries.flatMap(([, params]) => params));
      return { rows: await this.rowsOf(idRows.map((r) => r.id)), version: idRows.length && version ? String(idRows[0].v) : null };
    });
  }

  /** The registros with these ids, in this order (one read by primary key; a row deleted meanwhile is left out). */
  private async responsesOf(ids: string[]): Promise<RegistroResponse[]> {
    return this.toResponses(await this.rowsOf(ids));
  }

  /** The registros with these ids, in this order (a row deleted meanwhile is left out). */
  private async rowsOf(ids: string[]): Promise<Registro[]> {
    const byId = new Map((ids.length ? await this.reads.manager.find(Registro, { where: { id: In(ids) } }) : []).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is Registro => !!r);
  }

  /**
   * q over the protocol number and the client's name, CNPJ or e-mail. A whole or partial protocol
   * ("2026-0001") is a range on the unique index; text with letters only looks at clients (a small
   * table, then the registros by client index); digits alone may be either. The matching clients are one
   * list of ids (clientesDaBusca; not a part per client: building a query per client cost the server more
   * than MariaDB's sort of their registros, 216 against 235 req/s), or a subquery when too many match.
   */
  private async searchStaff(qb: SelectQueryBuilder<Registro>, q: string, guardada: boolean): Promise<BuscaDeClientes | undefined> {
    const ate = /^\d{4}-\d+$/.test(q) ? nextPrefix(q) : null;
    if (ate) {
      qb.andWhere('r.numero >= :numeroDe AND r.numero < :numeroAte', { numeroDe: q, numeroAte: ate });
      return undefined;
    }
    const busca = await this.clientesDaBusca(q, guardada);
    const { ids } = busca;
    // The clients search of the clientes module (FTS5 trigram on SQLite; cliente-search.ts) as a subquery.
    const clientesQ = ids ? null : this.clientes.createQueryBuilder('c').select('c.id').where(clienteSearch('c', q, await clientesFts(this.reads.manager, q)) ?? '1 = 0');
    const doCliente = clientesQ ? `r.clienteId IN (${clientesQ.getQuery()})` : ids!.length ? 'r.clienteId IN (:...clientesDaBusca)' : '1 = 0';
    const params = clientesQ ? clientesQ.getParameters() : { clientesDaBusca: ids };
    if (/[^\d\s./-]/.test(q)) qb.andWhere(doCliente, params);
    else qb.andWhere(new Brackets((w) => w.where(`r.numero LIKE :qNumero ${LIKE_ESCAPE}`, { qNumero: likeContains(q) }).orWhere(doCliente, params)));
    return busca;
  }

  /**
   * The ids of the clients a staff search matches (the clientes module's search), or null past
   * CLIENTES_DA_BUSCA of them. Kept per term under the version of LISTA_TABELAS read before they are
   * (DataVersions.sumOf: what is read after is at least that new): while nothing the list shows changes, a
   * search of the registros looks up no client (on MariaDB the FULLTEXT lookup and the clients' rows were 3.3
   * of a name search's 7 ms), nor reads the version apart: its page's statement reads it, and listRegistros
   * searches again when it is not the one they were kept under.
   */
  private async clientesDaBusca(q: string, guardada: boolean): Promise<BuscaDeClientes> {
    const kept = this.versions.enabled ? this.buscas.get(q) : undefined;
    // Taken as they are, to be checked against the version the page's statement reads (listRegistros) — but
    // when no client matched, as the page will then have no row to carry a version: that version is read first.
    if (kept && guardada && kept.value?.length !== 0) return { ids: kept.value, versao: kept.version, lida: false };
    const version = this.versions.enabled ? await this.versions.sumOf(LISTA_TABELAS) : null;
    if (kept && kept.version === version) return { ids: kept.value, versao: version, lida: true };
    const cond = clienteSearch('c', q, await clientesFts(this.reads.manager, q));
    const rows = cond
      ? await this.reads.manager
          .getRepository(Cliente)
          .createQueryBuilder('c')
          .select('c.id', 'id')
          .where(cond)
          .limit(CLIENTES_DA_BUSCA + 1)
          .getRawMany<{ id: string }>()
      : [];
    const ids = rows.length > CLIENTES_DA_BUSCA ? null : rows.map((r) => r.id);
    if (version) this.buscas.set(q, version, ids);
    return { ids, versao: version, lida: true };
  }

  /** The client's own registros (list contract): status and q (protocol, service, description). */
  async listMine(clienteId: string, req: ListRequest): Promise<[RegistroResponse[], Contagem]> {
    const qb = this.reads.manager.getRepository(Registro).createQueryBuilder('r').where('r.clienteId = :clienteId', { clienteId });
    this.filterStatus(qb, req.filter.status);
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
    if (actor.role === 'cliente' && actor.id !== clienteId) throw new NotFoundException(CLIENTE_NOT_FOUND);
    if (actor.role !== 'cliente' && !(await this.clientes.exists({ where: { id: clienteId } }))) {
      throw new NotFoundException(CLIENTE_NOT_FOUND);
    }
    const rows = await whereRegistroVisible(this.registros.createQueryBuilder('r'), actor, 'r')
      .andWhere('r.clienteId = :clienteId', { clienteId })
      .orderBy('r.createdAt', 'DESC')
      .addOrderBy('r.numero', 'DESC')
      .getMany();
    return this.toResponses(rows);
  }

  async getDetalhe(actor: AuthPrincipal, id: string): Promise<RegistroDetalheResponse> {
    const r = await this.findVisible(actor, id);
    const forStaff = actor.role === 'user';
    const lines = await this.historico.find({
      where: forStaff ? { registroId: r.id } : { registroId: r.id, visivelCliente: true },
      order: { ordem: 'ASC' },
    });
    const [resp] = await this.toResponses([r]);
    const extra = await this.extensions.detalhe(actor, r);
    return { ...resp, historico: lines.map((h) => toHistoricoResponse(h, forStaff)), ...extra };
  }

  /** The registro if the caller may see it (the record-access rule); any other is simply "not found". */
  async findVisible(actor: AuthPrincipal, id: string): Promise<Registro> {
    const r = await this.registros.findOne({ where: { id } });
    if (!r || !canSeeRegistro(actor, r)) throw new NotFoundException(REGISTRO_NOT_FOUND);
    return r;
  }

  // ---------------------------------------------------------------- writing

  async createRegistro(actor: AuthPrincipal, dto: CreateRegistroDto): Promise<Registro> {
    let clienteId: string;
    let responsavelId: string | null = null;
    if (actor.role === 'cliente') {
      if (dto.responsavelId || (dto.clienteId && dto.clienteId !== actor.id)) throw new BadRequestException(CLIENTE_ONLY_OWN);
      clienteId = actor.id;
    } else {
      if (!dto.clienteId) throw new BadRequestException(CLIENTE_ID_REQUIRED);
      if (!(await this.clientes.exists({ where: { id: dto.clienteId } }))) throw new NotFoundException(CLIENTE_NOT_FOUND);
      clienteId = dto.clienteId;
      if (dto.responsavelId) {
        if (!can(actor, 'registros.assign') && dto.responsavelId !== actor.id) throw new ForbiddenException(ASSOCIADO_ASSIGN_SELF);
        await this.responsavelName(dto.responsavelId);
        responsavelId = dto.responsavelId;
      }
    }
    const servico = await this.servicos.resolve(clienteId, dto.servico, dto.tipo);
    const autor = await this.autor(actor);
    const today = this.calendario.today();
    const juntaUf = await this.defaultJunta(clienteId);
    const prazo = await this.calendario.addBusinessDays(today, servico.slaDiasUteis, juntaUf);
    const ano = Number(today.slice(0, 4));
    await this.ensureSequence(ano);

    const saved = await withTransaction(this.ds, async (m) => {
      const numero = formatProtocolo(ano, await this.nextNumber(m, ano));
      const registro = m.create(Registro, {
        numero,
        clienteId,
        ...servico,
        descricao: dto.descricao,
        status: 'pendente' as RegistroStatus,
        responsavelId,
        prazo,
        pausadoEm: null,
        diasUteisRestantes: null,
        encerradoEm: null,
        juntaUf,
        etapaAtual: null,
        etapaDesde: null,
      });
      await m.save(registro);
      await this.extensions.onCreate(m, registro);
      await this.addHistorico(m, registro.id, autor, 'criacao', null, 'pendente', null, true, true);
      if (responsavelId) {
        await this.addHistorico(m, registro.id, autor, 'responsavel', null, await this.staffName(responsavelId), null, false, false);
      }
      // Issue 12: its charge, from the price copied above, when the firm charges at opening.
      await this.cobrancas.chargeRegistro(m, registro, 'abertura', { id: autor.id, nome: autor.nome });
      return registro;
    });
    return saved;
  }

  /**
   * The bulk path (the demo seeder, issue 14): registros opened by staff many at once, each as
   * createRegistro opens it (protocol number, service, price and SLA of the client's type, due date
   * on its Junta's calendar, responsável, stages, checklist, creation line, charge) and then moved
   * through its `passos` as changeStatus moves it (clock, closing time, history lines, charge at
   * conclusion) and, with `etapasConcluidas`, through its stages as moveEtapa moves them. One
   * transaction, many rows per statement, the audit entries the single path writes. Nothing is
   * e-mailed. Answers the registros as stored.
   *
   * Two calls may run at once (the seeder keeps two in flight): their protocol numbers are reserved
   * in the order the calls were made, each batch's in a short transaction of its own, and their
   * audit entries appended as their transactions end (withAuditsAtEnd), so neither waits for the
   * other's rows. A batch that fails leaves its reserved numbers unused.
   */
  async createRegistrosEmLote(actor: AuthPrincipal, itens: readonly RegistroEmLote[]): Promise<Registro[]> {
    if (actor.role !== 'user') throw new ForbiddenException(CLIENTE_ONLY_OWN);
    if (!itens.length) return [];
    const lote = this.prepararLote(actor, itens);
    lote.catch(() => undefined); // awaited in its turn below; not an unhandled rejection while the turn waits
    // Queued before anything is awaited, so calls reserve in the order made (a refused one only loses its turn).
    const ultimos = await this.reservasEmLote.run(async () => this.reservarNumeros((await lote).porAno));
    const { prontos, responsaveis, autor, now, today, dias } = await lote;

    return withTransaction(this.ds, (m) => withAuditsAtEnd(m, async () => {
      // Counted afresh on each try (withTransaction tries again after a deadlock).
      const proximo = new Map(ultimos);
      const numeroDe = (ano: number) => {
        const n = proximo.get(ano)! + 1;
        proximo.set(ano, n);
        return formatProtocolo(ano, n);
      };
      const registros = prontos.map((p) =>
        m.create(Registro, {
          id: newId(),
          createdAt: p.aberto,
          updatedAt: now,
          numero: numeroDe(p.ano),
          clienteId: p.it.clienteId,
          ...p.servico,
          descricao: p.it.descricao,
          status: 'pendente' as RegistroStatus,
          responsavelId: p.it.responsavelId ?? null,
          prazo: p.prazo,
          pausadoEm: null,
          diasUteisRestantes: null,
          encerradoEm: null,
          juntaUf: p.juntaUf,
          etapaAtual: null,
          etapaDesde: null,
          // The column's default, which save reads back (and the audit entry shows) on the single path.
          pausaExigencia: false,
        }),
      );
      await insertAudited(m, Registro, registros);

      // The status moves, in memory as changeStatus computes them; then the stages over the time in
      // progress (issue 11), when the item says how far they went; then each row's final state.
      const passos = registros.map((r, i) => passosEmLote(r, prontos[i], now, today, dias.get(r.juntaUf)!));
      const progresso = new Map<string, ProgressoEtapas>();
      registros.forEach((r, i) => {
        const concluidas = prontos[i].it.etapasConcluidas;
        if (concluidas === undefined) return;
        const de = passos[i].find((f) => f.para === 'andamento')?.em ?? null;
        progresso.set(r.id, { concluidas, de, ate: de && (r.status === 'andamento' ? now : passos[i].at(-1)!.em), concluido: r.status === 'concluido' });
      });
      const etapas = await this.extensions.onCreateMany(m, registros, progresso);
      await updateRows(
        m,
        Registro,
        registros.filter((_, i) => passos[i].length),
        ['status', 'prazo', 'pausadoEm', 'diasUteisRestantes', 'pausaExigencia', 'encerradoEm'],
      );
      const linhas = registros.flatMap((r, i) => historicoEmLote(m, r, prontos[i].aberto, autor, responsaveis, passos[i], etapas.get(r.id) ?? []));
      await insertAudited(m, RegistroHistorico, linhas);
      // Issue 12: each charge issued when its registro opened (or concluded), due from that day.
      const cobrador = { id: autor.id, nome: autor.nome };
      await this.cobrancas.chargeRegistros(m, registros, 'abertura', cobrador, (r) => r.createdAt);
      await this.cobrancas.chargeRegistros(m, registros.filter((r) => r.status === 'concluido'), 'conclusao', cobrador, (r) => r.encerradoEm ?? now);
      return registros;
    }));
  }

  /** Reservations of protocol numbers by createRegistrosEmLote, one call after another. */
  private readonly reservasEmLote = new SerialQueue();

  /**
   * What createRegistrosEmLote reads and checks before its transaction, as createRegistro does for one:
   * the items resolved (service, Junta, deadline, opening time), oldest first, and how many per year.
   */
  private async prepararLote(actor: AuthPrincipal, itens: readonly RegistroEmLote[]) {
    const clientes = new Map<string, { estado: string | null; tipoClienteId: string | null }>();
    const clienteIds = [...new Set(itens.map((it) => it.clienteId))];
    for (let i = 0; i < clienteIds.length; i += 500) {
      const found = await this.clientes.find({ where: { id: In(clienteIds.slice(i, i + 500)) }, select: { id: true, estado: true, tipoClienteId: true } });
      for (const c of found) clientes.set(c.id, c);
    }
    const responsaveis = await this.responsaveisEmLote(actor, itens);
    const autor = await this.autor(actor);
    const now = new Date();
    const today = this.calendario.today();
    // What createRegistro reads before its transaction, once per client type, Junta, SLA and day.
    const servicos = new Map<string | null, ServicoDisponivelResponse[]>();
    const prazos = new Map<string, string>();
    const dias = new Map<string, Awaited<ReturnType<CalendarioService['daysFor']>>>();
    const prontos: RegistroPronto[] = [];
    for (const it of itens) {
      const cliente = clientes.get(it.clienteId);
      if (!cliente) throw new NotFoundException(CLIENTE_NOT_FOUND);
      if (it.etapasConcluidas !== undefined && !(Number.isInteger(it.etapasConcluidas) && it.etapasConcluidas >= 0)) throw new BadRequestException(ETAPAS_CONCLUIDAS_INVALIDO);
      if (!servicos.has(cliente.tipoClienteId)) servicos.set(cliente.tipoClienteId, await this.servicos.listServicosDoTipo(cliente.tipoClienteId));
      const servico = this.servicos.resolveIn(servicos.get(cliente.tipoClienteId)!, it.servico);
      const juntaUf = this.juntaDoEstado(cliente.estado);
      const aberto = it.abertoEm && it.abertoEm < now ? it.abertoEm : now;
      const dia = aberto === now ? today : todayInSaoPaulo(aberto);
      const key = `${juntaUf} ${servico.slaDiasUteis} ${dia}`;
      if (!prazos.has(key)) prazos.set(key, await this.calendario.addBusinessDays(dia, servico.slaDiasUteis, juntaUf));
      if (!dias.has(juntaUf)) dias.set(juntaUf, await this.calendario.daysFor(juntaUf));
      prontos.push({ it, servico, juntaUf, prazo: prazos.get(key)!, aberto, ano: Number(dia.slice(0, 4)) });
    }
    // Protocol numbers per year, in the order the registros were opened.
    prontos.sort((a, b) => a.aberto.getTime() - b.aberto.getTime());
    const porAno = new Map<number, number>();
    for (const p of prontos) porAno.set(p.ano, (porAno.get(p.ano) ?? 0) + 1);
    return { prontos, porAno, responsaveis, autor, now, today, dias };
  }

  /**
   * `porAno`'s count of numbers taken from each year's counter (created if missing), in a transaction of
   * their own; the last number before them, by year.
   */
  private async reservarNumeros(porAno: ReadonlyMap<number, number>): Promise<Map<number, number>> {
    for (const ano of porAno.keys()) await this.ensureSequence(ano);
    return withTransaction(this.ds, async (m) => {
      const ultimos = new Map<number, number>();
      for (const [ano, n] of porAno) {
        await m.query('UPDATE registro_sequencias SET ultimo = ultimo + ? WHERE ano = ?', [n, ano]);
        const [seq]: { ultimo: number | string }[] = await m.query('SELECT ultimo FROM registro_sequencias WHERE ano = ?', [ano]);
        ultimos.set(ano, Number(seq.ultimo) - n);
      }
      return ultimos;
    });
  }

  /**
   * The bulk path's responsáveis, checked as createRegistro checks one (someone else only by those
   * who may assign; a staff member who works registros): their names, by id.
   */
  private async responsaveisEmLote(actor: AuthPrincipal, itens: readonly RegistroEmLote[]): Promise<Map<string, string>> {
    const ids = [...new Set(itens.map((it) => it.responsavelId).filter((id): id is string => !!id))];
    if (ids.some((id) => id !== actor.id) && !can(actor, 'registros.assign')) throw new ForbiddenException(ASSOCIADO_ASSIGN_SELF);
    const nomes = new Map<string, string>();
    for (const id of ids) nomes.set(id, await this.responsavelName(id));
    return nomes;
  }

  async changeStatus(actor: AuthPrincipal, id: string, dto: UpdateStatusDto): Promise<RegistroDetalheResponse> {
    const r = await this.findVisible(actor, id);
    const from = r.status;
    const to = dto.status;
    if (actor.role === 'cliente') {
      const refusal = clienteTransitionRefusal(from, to);
      if (refusal) {
        if (to === 'cancelado') throw new ConflictException(refusal);
        throw new ForbiddenException(CLIENTE_CANCEL_ONLY);
      }
    } else if (!can(actor, 'registros.assign') && r.responsavelId !== actor.id) {
      throw new ForbiddenException(ONLY_RESPONSAVEL);
    }
    const refusal = transitionRefusal(from, to);
    if (refusal) throw new ConflictException(refusal);

    const today = this.calendario.today();
    const state = { prazo: r.prazo, pausadoEm: r.pausadoEm, diasUteisRestantes: r.diasUteisRestantes };
    // Issue 11: an open exigência keeps the clock stopped (see exigencia-clock.ts).
    const clock = clockWithExigencias(r, from, to, prazoAfterTransition(state, from, to, today, await this.calendario.daysFor(r.juntaUf)));
    const now = new Date();
    const autor = await this.autor(actor);
    // A client's own words are always visible to it; staff notes are internal unless marked.
    const notaVisivel = actor.role === 'cliente' ? true : dto.visivelCliente === true;

    await withTransaction(this.ds, async (m) => {
      // Conditional on the status read above: of two concurrent changes, the second finds 0 rows.
      const result = await m
        .createQueryBuilder()
        .update(Registro)
        .set({ status: to, ...clock, encerradoEm: isFinalStatus(to) ? now : null, updatedAt: now })
        .where('id = :id AND status = :from', { id: r.id, from })
        // Issue 11: an exigência opened meanwhile changed the clock this decision was made on.
        .andWhere(r.exigenciaPrazo === null ? 'exigenciaPrazo IS NULL' : 'exigenciaPrazo = :ep', { ep: r.exigenciaPrazo })
        .execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      await this.addHistorico(m, r.id, autor, 'status', from, to, dto.note ?? null, notaVisivel, true);
      // Issue 12: its charge, when the firm charges at conclusion.
      if (to === 'concluido') await this.cobrancas.chargeRegistro(m, r, 'conclusao', { id: autor.id, nome: autor.nome });
    });

    const detalhe = await this.getDetalhe(actor, r.id);
    // After the commit and outside it: a mail failure never undoes or blocks the change.
    await this.notifier.statusChanged(r.clienteId, detalhe, from, to, notaVisivel ? dto.note ?? null : null);
    return detalhe;
  }

  async assign(actor: AuthPrincipal, id: string, responsavelId: string | null): Promise<RegistroDetalheResponse> {
    const r = await this.findVisible(actor, id);
    if (isFinalStatus(r.status)) throw new ConflictException(CLOSED_NO_ASSIGN);
    const current = r.responsavelId && (await this.users.exists({ where: { id: r.responsavelId } })) ? r.responsavelId : null;
    if (!can(actor, 'registros.assign')) {
      const takes = responsavelId === actor.id && current === null;
      const leaves = responsavelId === null && current === actor.id;
      if (!takes && !leaves) {
        if (responsavelId === actor.id && current !== null && current !== actor.id) throw new ConflictException(ALREADY_ASSIGNED);
        if (responsavelId === actor.id && current === actor.id) return this.getDetalhe(actor, r.id);
        throw new ForbiddenException(ASSOCIADO_ASSIGN_SELF);
      }
    }
    if (responsavelId === current) return this.getDetalhe(actor, r.id);
    const novoNome = responsavelId ? await this.responsavelName(responsavelId) : null;
    const antigoNome = current ? await this.staffName(current).catch(() => null) : null;
    const autor = await this.autor(actor);
    const now = new Date();

    await withTransaction(this.ds, async (m) => {
      const qb = m.createQueryBuilder().update(Registro).set({ responsavelId, updatedAt: now }).where('id = :id', { id: r.id });
      if (r.responsavelId === null) qb.andWhere('responsavelId IS NULL');
      else qb.andWhere('responsavelId = :old', { old: r.responsavelId });
      const result = await qb.execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      await this.addHistorico(m, r.id, autor, 'responsavel', antigoNome, novoNome, null, false, false);
    });
    return this.getDetalhe(actor, r.id);
  }

  /**
   * Bulk reassignment (issue 13): `de`'s open registros (all, or those of `ids` among them) go to
   * `para`, each with the same history line a single assignment writes. One transaction: all or
   * nothing. Answers how many moved.
   */
  async reassignMany(actor: AuthPrincipal, de: string, para: string, ids?: string[]): Promise<number> {
    const novoNome = await this.responsavelName(para);
    const antigoNome = await this.staffName(de).catch(() => null);
    const autor = await this.autor(actor);
    return withTransaction(this.ds, async (m) => {
      const qb = m
        .getRepository(Registro)
        .createQueryBuilder('r')
        .select('r.id', 'id')
        .where('r.responsavelId = :de', { de })
        .andWhere('r.status IN (:...open)', { open: OPEN_REGISTRO_STATUSES });
      if (ids) qb.andWhere('r.id IN (:...ids)', { ids: [...new Set(ids)] });
      const rows = await qb.orderBy('r.id', 'ASC').getRawMany<{ id: string }>();
      const now = new Date();
      let moved = 0;
      for (const { id } of rows) {
        const result = await m
          .createQueryBuilder()
          .update(Registro)
          .set({ responsavelId: para, updatedAt: now })
          .where('id = :id AND responsavelId = :de', { id, de })
          .execute();
        if (!result.affected) continue;
        await this.addHistorico(m, id, autor, 'responsavel', antigoNome, novoNome, 'Reatribuição em lote.', false, false);
        moved += 1;
      }
      return moved;
    });
  }

  // ---------------------------------------------------------------- helpers

  /**
   * Responses for a page of rows, with client and staff names: those kept under `version` (the version of
   * registros, clientes and users the page's statement read), the others fetched in two small queries.
   */
  async toResponses(rows: Registro[], version: string | null = null): Promise<RegistroResponse[]> {
    if (!rows.length) return [];
    const clienteIds = [...new Set(rows.map((r) => r.clienteId))];
    const userIds = [...new Set(rows.map((r) => r.responsavelId).filter((v): v is string => !!v))];
    const [clienteNome, userNome, firmDays] = await Promise.all([
      this.names.of('clientes', clienteIds, version, (missing) => valuesById(this.reads.manager, 'clientes', 'razaoSocial', missing)),
      this.names.of('users', userIds, version, (missing) => valuesById(this.reads.manager, 'users', 'nomeCompleto', missing)),
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

  /** A page and its list's count (VersionedPages.withCount), as responses. */
  private async withCount(key: string | null, count: () => Promise<ContagemLida>, read: () => Promise<PaginaLida<Registro>>): Promise<ListaLida> {
    const { rows, contagem, version, mesmaVersao } = await this.pages.pageWithCount(key, count, read);
    return { rows: await this.toResponses(rows, version), contagem, versao: version, mesmaVersao };
  }

  /** Deep pages seek on createdAt (the lists' indexes end in createdAt, id). */
  private seekCreated(): SortSeek {
    return seekOn(isSqlite(this.reads.manager), 'r.createdAt', 'r.id', true);
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
      if (version && this.pages.seeks(req, seek)) return this.pages.deepPage(() => inListOrder(qb.clone(), req), req, version, seek);
      const ordered = inListOrder(qb.clone(), req).offset(req.skip).limit(req.take);
      if (req.skip + req.take <= DIRECT_ROWS && !idsFirst) return rowsWithVersion(ordered, version);
      return this.pages.idsThenRows(ordered, 'r.id', version);
    });
  }

  private filterStatus(qb: SelectQueryBuilder<Registro>, status: unknown): void {
    if (status === undefined || status === null || status === '') return;
    const list = Array.isArray(status) ? status : [status];
    if (!list.length) return;
    if (!list.every(isRegistroStatus)) {
      throw new BadRequestException('Filtro status inválido: use pendente, andamento, concluido, cancelado ou recusado.');
    }
    qb.andWhere('r.status IN (:...statuses)', { statuses: list });
  }

  /**
   * Issue 11: a status change made by another move (a stage started or finished), inside the
   * caller's transaction: the same table of transitions, the same clock rule on the registro's
   * Junta calendar (`days`: CalendarioService.daysFor, read before the transaction), the same
   * history line. The caller sends the e-mail (notifier.statusChanged) after the commit.
   */
  async transitionInTransaction(
    m: EntityManager,
    r: Registro,
    to: RegistroStatus,
    autor: Autor,
    days: ReadonlySet<string>,
    nota: string | null = null,
  ): Promise<void> {
    const from = r.status;
    const refusal = transitionRefusal(from, to);
    if (refusal) throw new ConflictException(refusal);
    const state = { prazo: r.prazo, pausadoEm: r.pausadoEm, diasUteisRestantes: r.diasUteisRestantes };
    // Issue 11: an open exigência keeps the clock stopped (see exigencia-clock.ts).
    const clock = clockWithExigencias(r, from, to, prazoAfterTransition(state, from, to, this.calendario.today(), days));
    const now = new Date();
    const result = await m
      .createQueryBuilder()
      .update(Registro)
      .set({ status: to, ...clock, encerradoEm: isFinalStatus(to) ? now : null, updatedAt: now })
      .where('id = :id AND status = :from', { id: r.id, from })
      .andWhere(r.exigenciaPrazo === null ? 'exigenciaPrazo IS NULL' : 'exigenciaPrazo = :ep', { ep: r.exigenciaPrazo })
      .execute();
    if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
    await this.addHistorico(m, r.id, autor, 'status', from, to, nota, true, true);
  }

  /**
   * Issue 11: PUT /api/registros/:id/junta. The due date keeps the business days it had left,
   * counted again from today on the new Junta's calendar (a paused clock keeps its count).
   */
  async changeJunta(actor: AuthPrincipal, id: string, uf: string): Promise<RegistroDetalheResponse> {
    const r = await this.findVisible(actor, id);
    if (isFinalStatus(r.status)) throw new ConflictException('Um registro encerrado não muda de Junta.');
    if (!can(actor, 'registros.assign') && r.responsavelId !== actor.id) {
      throw new ForbiddenException('Apenas o responsável pelo registro, a Diretoria ou o Master podem mudar a Junta. Assuma o registro primeiro.');
    }
    if (r.juntaUf === uf) return this.getDetalhe(actor, r.id);
    const today = this.calendario.today();
    let prazo = r.prazo;
    if (prazo) {
      const restantes = await this.calendario.businessDaysBetween(today, prazo, r.juntaUf);
      prazo = await this.calendario.addBusinessDays(today, restantes, uf);
    }
    const autor = await this.autor(actor);
    await withTransaction(this.ds, async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(Registro)
        .set({ juntaUf: uf, prazo, updatedAt: new Date() })
        .where('id = :id AND juntaUf = :old', { id: r.id, old: r.juntaUf })
        .execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      await this.addHistorico(m, r.id, autor, 'junta', r.juntaUf, uf, null, false, true);
    });
    return this.getDetalhe(actor, r.id);
  }

  /** The Junta of a new registro: the client's state, else the firm's (FIRM_STATE), else São Paulo's. */
  private async defaultJunta(clienteId: string): Promise<string> {
    const c = await this.clientes.findOne({ where: { id: clienteId }, select: { id: true, estado: true } });
    return this.juntaDoEstado(c?.estado);
  }

  /** The Junta of a client's state; else the firm's state's; else SP's. */
  private juntaDoEstado(estado: string | null | undefined): string {
    const own = estado?.trim().toUpperCase();
    if (isUf(own)) return own;
    const firm = this.config.firm.state?.trim().toUpperCase();
    return isUf(firm) ? firm : 'SP';
  }

  async autor(actor: AuthPrincipal): Promise<Autor> {
    if (actor.role === 'cliente') {
      const c = await this.clientes.findOne({ where: { id: actor.id }, select: { id: true, razaoSocial: true } });
      return { tipo: 'cliente', id: actor.id, nome: c?.razaoSocial ?? 'Cliente' };
    }
    return { tipo: 'equipe', id: actor.id, nome: await this.staffName(actor.id) };
  }

  /** The name of a staff member who may be responsible for registros (who works them). */
  private async responsavelName(userId: string): Promise<string> {
    const u = await this.users.findOne({ where: { id: userId }, select: { id: true, nomeCompleto: true, permissions: true } });
    if (!u) throw new BadRequestException(RESPONSAVEL_NOT_FOUND);
    if (!can(staffPrincipal(u.permissions), 'registros.work')) throw new BadRequestException(RESPONSAVEL_NOT_WORKER);
    return u.nomeCompleto;
  }

  private async staffName(userId: string): Promise<string> {
    const u = await this.users.findOne({ where: { id: userId }, select: { id: true, nomeCompleto: true } });
    if (!u) throw new BadRequestException(RESPONSAVEL_NOT_FOUND);
    return u.nomeCompleto;
  }

  async addHistorico(
    m: EntityManager,
    registroId: string,
    autor: Autor,
    evento: HistoricoEvento,
    de: string | null,
    para: string | null,
    nota: string | null,
    notaVisivelCliente: boolean,
    visivelCliente: boolean,
  ): Promise<void> {
    // Safe from races: the caller's UPDATE (or INSERT) of the registro row holds its lock until commit.
    const last = await m
      .getRepository(RegistroHistorico)
      .createQueryBuilder('h')
      .select('MAX(h.ordem)', 'max')
      .where('h.registroId = :registroId', { registroId })
      .getRawOne<{ max: number | string | null }>();
    const ordem = Number(last?.max ?? 0) + 1;
    await m.save(historicoRow(m, registroId, ordem, autor, { evento, de, para, nota, notaVisivelCliente, visivelCliente }));
  }

  /** Makes sure the year's counter row exists (outside the transaction, so a race only costs a retry). */
  private async ensureSequence(ano: number): Promise<void> {
    const rows = await this.ds.query('SELECT ano FROM registro_sequencias WHERE ano = ?', [ano]);
    if (rows.length) return;
    try {
      await this.ds.query('INSERT INTO registro_sequencias (ano, ultimo) VALUES (?, 0)', [ano]);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // someone else created it: fine
    }
  }

  /**
   * The next number of the year. The UPDATE takes the counter row's lock (MySQL/MariaDB: a row lock
   * until commit; SQLite: the database write lock, and our transactions run one at a time), so two
   * concurrent requests can never read the same value; the unique index on numero is a last guard.
   */
  private async nextNumber(m: EntityManager, ano: number): Promise<number> {
    await m.query('UPDATE registro_sequencias SET ultimo = ultimo + 1 WHERE ano = ?', [ano]);
    const rows: { ultimo: number | string }[] = await m.query('SELECT ultimo FROM registro_sequencias WHERE ano = ?', [ano]);
    if (!rows.length) throw new Error(`Contador de protocolos de ${ano} ausente.`);
    return Number(rows[0].ultimo);
  }
}

function isTrue(v: unknown): boolean {
  return v === true || v === 'true' || v === 1 || v === '1';
}

/** One registro of the bulk path: a client, a catalogue service, and the status moves after opening. */
export interface RegistroEmLote {
  clienteId: string;
  servico: string;
  descricao: string;
  /** Its responsible person from the opening, as createRegistro takes one (and checks it). */
  responsavelId?: string | null;
  passos?: readonly PassoEmLote[];
  /**
   * When it was opened, if before now (a demo firm's history): its protocol takes that year's
   * number, its deadline counts from that day, and its steps come after it (never after now), as
   * its history lines and closing time say.
   */
  abertoEm?: Date;
  /**
   * Issue 11: its work followed its stages (moveEtapa) from its first step into andamento, which
   * starts the first stage, to its last step (or now while in progress): this many concluded in
   * order, the next one started. All of them only when it ends concluded (the last stage concludes
   * it); none moved when it never was in progress. Without it its stages stay as opened.
   */
  etapasConcluidas?: number;
}

/** A status move of the bulk path; `em` defaults to DIAS_POR_PASSO days after the step before. */
export interface PassoEmLote {
  status: RegistroStatus;
  nota?: string;
  em?: Date;
}

export const ETAPAS_CONCLUIDAS_INVALIDO = 'etapasConcluidas deve ser um número inteiro ≥ 0.';

/** Days between the steps of a registro opened in the past, unless a step says when (PassoEmLote.em). */
const DIAS_POR_PASSO = 3;

/** What createRegistrosEmLote resolved of an item before its transaction. */
interface RegistroPronto {
  it: RegistroEmLote;
  servico: ServicoResolvido;
  juntaUf: string;
  prazo: string;
  aberto: Date;
  ano: number;
}

/** A status move made: from, to, its note and when. */
interface PassoFeito {
  de: RegistroStatus;
  para: RegistroStatus;
  nota: string | null;
  em: Date;
}

/**
 * One bulk registro's `passos`, made in memory as changeStatus makes them (the transitions' table,
 * the clock on its Junta's calendar `days`, the closing time): each at its time, not before the
 * step before (or the opening) and not after now.
 */
function passosEmLote(r: Registro, p: RegistroPronto, now: Date, today: string, days: ReadonlySet<string>): PassoFeito[] {
  const feitos: PassoFeito[] = [];
  let antes = p.aberto.getTime();
  for (const passo of p.it.passos ?? []) {
    const t = p.aberto === now ? now.getTime() : Math.min(now.getTime(), Math.max(antes, passo.em?.getTime() ?? antes + DIAS_POR_PASSO * 86_400_000));
    const quando = t === now.getTime() ? now : new Date(t);
    const from = r.status;
    const refusal = transitionRefusal(from, passo.status);
    if (refusal) throw new ConflictException(`${r.numero}: ${refusal}`);
    const state = { prazo: r.prazo, pausadoEm: r.pausadoEm, diasUteisRestantes: r.diasUteisRestantes };
    const dia = quando === now ? today : todayInSaoPaulo(quando);
    const clock = clockWithExigencias(r, from, passo.status, prazoAfterTransition(state, from, passo.status, dia, days));
    Object.assign(r, { status: passo.status, ...clock, encerradoEm: isFinalStatus(passo.status) ? quando : null });
    feitos.push({ de: from, para: passo.status, nota: passo.nota ?? null, em: quando });
    antes = t;
  }
  return feitos;
}

/**
 * A bulk registro's history in the order one request at a time writes it: the opening and the
 * responsável, then its status steps and stage moves by time. A stage move that brings a status
 * (the first stage started, the last concluded) comes just before that status's line, which names
 * the stage (as transitionInTransaction's does) unless the step has a note of its own.
 */
function historicoEmLote(
  m: EntityManager,
  r: Registro,
  aberto: Date,
  autor: Autor,
  responsaveis: ReadonlyMap<string, string>,
  passos: readonly PassoFeito[],
  etapas: readonly MovimentoEtapa[],
): RegistroHistorico[] {
  // Ranks at the same time: opening, responsável, the stage that starts the work, that status step, other stage moves, other steps.
  const eventos: { em: number; rank: number; linha: LinhaHistorico }[] = [
    { em: aberto.getTime(), rank: 0, linha: { evento: 'criacao', de: null, para: 'pendente', nota: null, notaVisivelCliente: true, visivelCliente: true } },
  ];
  if (r.responsavelId) {
    eventos.push({ em: aberto.getTime(), rank: 1, linha: { evento: 'responsavel', de: null, para: responsaveis.get(r.responsavelId) ?? null, nota: null, notaVisivelCliente: false, visivelCliente: false } });
  }
  for (const e of etapas) {
    eventos.push({ em: e.em.getTime(), rank: e.conduz === 'andamento' ? 2 : 4, linha: { evento: 'etapa', de: e.de, para: e.para, nota: e.nome, notaVisivelCliente: true, visivelCliente: true } });
  }
  const inicio = passos.find((p) => p.para === 'andamento');
  for (const p of passos) {
    const conduzido = p === inicio || p.para === 'concluido';
    const etapa = conduzido ? etapas.find((e) => e.conduz === p.para && e.em.getTime() === p.em.getTime()) : undefined;
    const nota = p.nota ?? (etapa ? `Etapa: ${etapa.nome}` : null);
    eventos.push({ em: p.em.getTime(), rank: p === inicio ? 3 : 5, linha: { evento: 'status', de: p.de, para: p.para, nota, notaVisivelCliente: !p.nota && !!etapa, visivelCliente: true } });
  }
  // A stable sort: same time and rank keep the order they were made in.
  eventos.sort((a, b) => a.em - b.em || a.rank - b.rank);
  return eventos.map((e, i) => {
    const linha = historicoRow(m, r.id, i + 1, autor, e.linha);
    linha.createdAt = new Date(e.em);
    return linha;
  });
}

/** What a history line says (who and where come beside it). */
interface LinhaHistorico {
  evento: HistoricoEvento;
  de: string | null;
  para: string | null;
  nota: string | null;
  notaVisivelCliente: boolean;
  visivelCliente: boolean;
}

/** A history line of a registro, as addHistorico and the bulk path write it. */
function historicoRow(m: EntityManager, registroId: string, ordem: number, autor: Autor, linha: LinhaHistorico): RegistroHistorico {
  return m.create(RegistroHistorico, {
    registroId,
    ordem,
    ...linha,
    autorTipo: autor.tipo,
    autorId: autor.id,
    autorNome: autor.nome,
    notaVisivelCliente: linha.nota ? linha.notaVisivelCliente : false,
  });
}

/**
 * The list's ORDER BY before the id tie-breaker. A paused registro has no due date: it goes after
 * every dated one, in either direction, on both databases (SQLite puts NULL first ascending, MySQL too).
 */
function orderKeys(sortColumn: string): { expr: string; fixed?: 'ASC' }[] {
  return sortColumn === 'r.prazo' ? [{ expr: 'CASE WHEN r.prazo IS NULL THEN 1 ELSE 0 END', fixed: 'ASC' }, { expr: sortColumn }] : [{ expr: sortColumn }];
}

/**
 * qb in the list's order, the id last in the sort's direction (so (column, id) indexes serve the whole
 * ORDER BY); with `selectKeys` each key is also selected as k0, k1, … (to merge ordered lists).
 */
function inListOrder(qb: SelectQueryBuilder<Registro>, req: ListRequest, selectKeys = false, prazoDefinido = false): SelectQueryBuilder<Registro> {
  let ordered = false;
  orderKeys(req.sortColumn).forEach((k, i) => {
    // Rows known to have a prazo: "nulls last" is the constant 0, and the (…, prazo, id) index gives the order without a sort.
    const constant = prazoDefinido && k.fixed !== undefined;
    if (selectKeys) qb.addSelect(constant ? '0' : k.expr, `k${i}`);
    if (constant) return;
    if (!ordered) qb.orderBy(k.expr, k.fixed ?? req.sortOrder);
    else qb.addOrderBy(k.expr, k.fixed ?? req.sortOrder);
    ordered = true;
  });
  return qb.addOrderBy('r.id', req.sortOrder);
}

/** A condition and its parameters: one disjoint part of a list (pageOfParts); `prazoDefinido` when it implies a prazo. */
type QueryPart = { where: string; params: Record<string, unknown>; prazoDefinido?: boolean };

/** A search matching more clients than this narrows the registros by a subquery instead of a list of ids. */
const CLIENTES_DA_BUSCA = 1_000;

/** The tables a staff list's version covers: its rows, the clients a search matches, the names a page shows. */
const LISTA_TABELAS = ['registros', 'clientes', 'users'] as const;

/** A page of the staff list as responses, its count, and the version its statement read (null: none read, or no rows). */
/** A page's responses and count, the version its statement read, and whether the count is of that version. */
type ListaLida = { rows: RegistroResponse[]; contagem: Contagem; versao: string | null; mesmaVersao: boolean };


/**
 * The clients a search matched (null: too many, a subquery instead), and the version of LISTA_TABELAS they are
 * kept under; `lida` when they were looked up now, after reading that version, rather than kept from before.
 */
type BuscaDeClientes = { ids: string[] | null; versao: string | null; lida: boolean };

/**
 * How deep a list split into parts is read part by part (pageOfParts): each part reads up to this many ids
 * from its index and the union is sorted; deeper, the list is read as one condition (with noted rows).
 */
const PARTS_ROWS = 2_000;

/** `where` (a condition on a prazo: it implies one) for each open status, as disjoint parts in (status, prazo) ranges. */
function porStatusAberto(where: string, params: Record<string, unknown>): QueryPart[] {
  return OPEN_REGISTRO_STATUSES.map((status, i) => ({ where: `r.status = :statusAberto${i} AND ${where}`, params: { ...params, [`statusAberto${i}`]: status }, prazoDefinido: true }));
}

/** Every part of `a` with every part of `b` (both disjoint sets, so their products are too); either alone when the other is null. */
function crossParts(a: QueryPart[] | null, b: QueryPart[] | null): QueryPart[] | null {
  if (!a || !b) return a ?? b;
  return a.flatMap((x) =>
    b.map((y) => ({ where: `(${x.where}) AND (${y.where})`, params: { ...x.params, ...y.params }, prazoDefinido: x.prazoDefinido || y.prazoDefinido })),
  );
}
