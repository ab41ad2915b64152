import { appendAudit, diffOf } from '../auditoria';
import { REDACTED } from '../platform/audit-chain';
import { ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, Repository, SelectQueryBuilder } from 'typeorm';
import { can, cleanCnpj, cleanCpf, CLIENTE_CREDENTIALS_MESSAGE, type ClienteResponse, onlyDigits, PORTAL_PATHS, portalLink } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { passwordChangedNow, PasswordService } from '../platform/passwords';
import { isUniqueViolation, withTransaction } from '../platform/database';
import { Contagem, ContagemLida, contagemLimitada, contagemSempreLimitada, DIRECT_ROWS, idsFilter, ListRequest, PaginaLida, ReadSide, searchText, SortSeek, statusTab, type VersionedList } from '../platform/read-side';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { TipoCliente, TiposClienteService } from '../tipos-cliente';
import { User } from '../users';
import { clienteNotice, MailService } from '../mail';
import { ClienteDependentsRegistry } from './cliente-dependents';
import { applyClienteFields, clienteBusca, toClienteResponse } from './cliente.mapper';
import { type ConstituicaoEmpresa, CreateClienteDto, RegisterClienteDto, RegisterFundadorDto, UpdateClienteDto } from './dto/cliente.dto';
import { Cliente } from './entities/cliente.entity';
import { ClienteMembro } from './entities/cliente-membro.entity';
import { CNPJ_TAKEN, EMAIL_TAKEN, loginEmailTaken, loginPrincipal, saveWithResponsavel } from './cliente-login';
import { ClientesFts, clienteSearch, clientesFts } from './cliente-search';

export { CNPJ_TAKEN, EMAIL_TAKEN };
export const CLIENTE_NOT_FOUND = 'Cliente não encontrado.';
export const FUNDADOR_EM_ABERTURA = 'Já existe um cadastro com este CPF aguardando a abertura da empresa. Entre com o e-mail dele ou fale com o escritório.';
export const JA_CONSTITUIDA = 'Este cliente já tem CNPJ: a empresa já foi constituída.';
export const SEM_CNPJ = 'Este cliente ainda não tem CNPJ: a empresa está em abertura.';
/** A client whose registration is inactive cannot sign in (auth) nor be acted for. */
export const CLIENTE_INATIVO = 'Seu cadastro está inativo. Entre em contato com o escritório para reativá-lo.';

/** "3 registros e 1 documento" from { registros: 3, documentos: 1 }. */
function describeDependents(summary: Record<string, number>): string {
  const parts = Object.entries(summary)
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([name, n]) => `${n} ${n === 1 ? name.replace(/s$/, '') : name}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : parts.join('');
}

export const clienteComDependentes = (what: string) =>
  `Este cliente possui ${what}. Inative o cliente antes de excluí-lo; a exclusão de um cliente inativo remove também os registros e documentos dele, sem volta.`;

/** A page of clients and its count, the version its statement read, and whether the count is of that version. */
type PaginaContada = PaginaLida<Cliente> & { contagem: Contagem; mesmaVersao: boolean };

/**
 * A list's query with its filters; whether it searches, and whether the index called the term common
 * (SQLite); the version column of a list whose every condition is on versioned columns (else null).
 */
interface Filtered {
  qb: SelectQueryBuilder<Cliente>;
  busca: boolean;
  comum: boolean;
  version: string | null;
}

@Injectable()
export class ClientesService {
  constructor(
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly tipos: TiposClienteService,
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dependents: ClienteDependentsRegistry,
    private readonly reads: ReadSide,
    private readonly mail: MailService,
  ) {
    this.lista = reads.list(Cliente, ['clientes']);
  }

  /**
   * The clients' lists, kept by the clients' version (issue 14; VersionedList): the list screen's whole answers
   * (listClientesPagina), and every versioned list's counts and deep pages.
   */
  readonly lista: VersionedList<Cliente, [ClienteResponse[], Contagem]>;

  /** The public registration: always ativo, without a type (its limit per IP: @RateLimit('cadastro') on the route). */
  async registerCliente(dto: RegisterClienteDto): Promise<Cliente> {
    const cliente = await this.insertCliente(dto);
    await this.welcome(cliente);
    return cliente;
  }

  /** The welcome of a company that registered itself (issue 53): what happens next, and its area. */
  private async welcome(cliente: Cliente): Promise<void> {
    const brandName = this.config.firm.brandName;
    const { text, html } = clienteNotice({
      brandName,
      nome: cliente.razaoSocial,
      paragraphs: [
        `Seu cadastro na ${brandName} foi concluído. Boas-vindas!`,
        'Próximos passos: na área do cliente, use "Nova solicitação" para pedir um serviço (abertura, alteração, certidões…). Cada pedido recebe um protocolo, e avisamos por e-mail a cada andamento, documento pedido ou cobrança.',
        'Em "Meus dados" você confere os dados da empresa e os seus direitos de titular (LGPD).',
      ],
      link: portalLink(this.config.firm.siteUrl, PORTAL_PATHS.dashboard),
      linkLabel: 'o seu painel',
    });
    // Never fails the registration: the outbox logs what it cannot queue.
    await this.mail.enqueue({ to: [cliente.email], subject: `Boas-vindas à ${brandName}`, text, html, cliente: { id: cliente.id, evento: 'cliente.boas-vindas', link: PORTAL_PATHS.dashboard } });
  }

  /**
   * A founder without a CNPJ yet (issue 54, ADR 0047): the intended company's name as razão social, the
   * founder as the responsible person, no CNPJ. One pending registration per CPF (409 for a second).
   */
  async registerFundador(dto: RegisterFundadorDto): Promise<Cliente> {
    const cpf = cleanCpf(dto.cpf);
    if (await this.clientes.exists({ where: { cpf, cnpj: IsNull() } })) throw new ConflictException(FUNDADOR_EM_ABERTURA);
    const phone = onlyDigits(dto.telefone);
    const cliente = this.clientes.create({
      razaoSocial: dto.razaoSocial,
      email: dto.email,
      cnpj: null,
      cpf,
      nomeCompletoResponsavel: dto.nome,
      celularWhatsApp: phone,
      celularWhatsAppResponsavel: phone,
      emailRF: dto.email,
      pais: 'Brasil',
      status: 'ativo',
      tipoClienteId: null,
      cnes: null,
    });
    await this.assertFree(null, cliente.email);
    cliente.busca = clienteBusca(cliente);
    return saveWithResponsavel(this.db, cliente, { nome: dto.nome, cpf, passwordHash: await this.passwords.hash(dto.password) });
  }

  /**
   * A founder's company exists (issue 54): the abertura's CNPJ stage records its CNPJ and NIRE (and the
   * final razão social, when given), inside that stage's transaction. The same client row: its history,
   * documents and charges stay where they are. 409 when it already has a CNPJ or another client has this one.
   */
  async constituirEmpresa(m: EntityManager, clienteId: string, dados: ConstituicaoEmpresa): Promise<{ antes: Cliente; depois: Cliente }> {
    const cliente = await m.findOne(Cliente, { where: { id: clienteId } });
    if (!cliente) throw new NotFoundException(CLIENTE_NOT_FOUND);
    if (cliente.cnpj) throw new ConflictException(JA_CONSTITUIDA);
    const cnpj = cleanCnpj(dados.cnpj);
    const other = await m.findOne(Cliente, { where: { cnpj }, select: { id: true } });
    if (other) throw new ConflictException(CNPJ_TAKEN);
    const antes = { ...cliente } as Cliente;
    cliente.cnpj = cnpj;
    cliente.nire = dados.nire;
    if (dados.razaoSocial) cliente.razaoSocial = dados.razaoSocial;
    cliente.busca = clienteBusca(cliente);
    try {
      await m.save(cliente);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(CNPJ_TAKEN);
      throw err;
    }
    return { antes, depois: cliente };
  }

  /** The staff form: may also set status, CNES and the client type. */
  async createCliente(dto: CreateClienteDto): Promise<Cliente> {
    if (dto.tipoClienteId) await this.tipos.assertAssignable(dto.tipoClienteId, null);
    return this.insertCliente(dto);
  }

  /**
   * Filter: q (razão social, nome fantasia, e-mail, CNPJ with or without mask; case- and
   * accent-insensitive), status (todos/ativos/inativos), tipoClienteId, id (list). All in SQL,
   * on the folded `busca` column kept by every write.
   */
  async listClientes(req: ListRequest): Promise<[Cliente[], number]> {
    const { rows, contagem } = await this.runPaged(await this.filtered(req), req, false);
    return [rows, contagem.total];
  }

  /**
   * The list screen's page: as listClientes, but a search's count stops past CONTAGEM_LIMITE
   * matches ("mais de 1.000"): counting every match of a common word scanned the whole table on
   * every page (issue 14). Without a search the same, except the whole list on SQLite, counted
   * exactly from the b-tree (contagemSempreLimitada).
   */
  async listClientesPagina(req: ListRequest): Promise<[ClienteResponse[], Contagem]> {
    // Given again while the clients' version is the one it was made at (KeptAnswers; the version covers every
    // column a client's response shows). Any staff member who may list clients sees the same list.
    return this.lista.answer(JSON.stringify(req), req, null, async () => {
      const filtered = await this.filtered(req);
      const lida = await this.runPaged(filtered, req, filtered.busca || contagemSempreLimitada(filtered.qb));
      return { value: [lida.rows.map((c) => toClienteResponse(c)), lida.contagem], version: lida.mesmaVersao ? lida.version : null };
    });
  }

  private async filtered(req: ListRequest): Promise<Filtered> {
    const qb = this.reads.manager.getRepository(Cliente).createQueryBuilder('c');
    const q = searchText(req.filter);
    const fts = q ? await this.whereSearch(qb, q) : null;
    const status = statusTab(req.filter);
    if (status) qb.andWhere('c.status = :status', { status });
    const tipo = req.filter.tipoClienteId;
    if (typeof tipo === 'string' && tipo) qb.andWhere('c.tipoClienteId = :tipo', { tipo });
    const ids = idsFilter(req.filter);
    if (ids) qb.andWhere(ids.length ? 'c.id IN (:...ids)' : '1 = 0', { ids });
    // Every condition is on clientes' versioned columns (busca, status, tipoClienteId; the search index is
    // written with busca), but a list by ids (no deep pages there).
    const version = ids ? null : this.lista.version;
    return { qb, busca: !!q, comum: !!fts && 'comum' in fts, version };
  }

  /** The orders whose deep pages seek from noted rows: newest first (the default) and by name. */
  private seekOf(req: ListRequest): SortSeek | null {
    if (req.sortColumn === 'c.createdAt') return this.reads.seek('c.createdAt', 'c.id', true);
    return req.sortColumn === 'c.razaoSocial' ? this.reads.seek('c.razaoSocial', 'c.id') : null;
  }

  /**
   * A page and its total, in as few round trips as the page allows (issue 14: each one is a message
   * to a reader thread and a query built by TypeORM, which cost more than these queries themselves).
   *
   * - Near the start (the page ends within DIRECT_ROWS rows) the page's rows are read at once, one
   *   more than asked for: a short answer is also the total, so a rare or absent term costs one
   *   query. A full page is counted: COUNT(*), stopping past CONTAGEM_LIMITE when `capped`. Without a
   *   search (the count comes from the smallest index) or for a term the index called common (the
   *   page will be full) the count runs beside the page instead of after it.
   * - Deeper, and for a common term on MySQL/MariaDB, the page is found on the covering index
   *   (ix_clientes_lista or ix_clientes_nome: ids only, the skipped and unmatched rows are never read)
   *   and then only its rows are read ("são joão" by name: 36 ms → 1 ms for the page's ids).
   * - A versioned list (every list but one by ids) keeps its count while the clients' version read by
   *   the page's statement is the one it was counted at, and from offset 2,000 in the newest-first or
   *   by-name order its pages seek from rows noted by earlier pages (VersionedPages).
   *
   * The id tie-breaker follows the sort's direction, so the default order is a plain index scan.
   */
  private async runPaged({ qb, busca, comum, version }: Filtered, req: ListRequest, capped: boolean): Promise<PaginaContada> {
    const ordered = () => qb.clone().orderBy(req.sortColumn, req.sortOrder).addOrderBy('c.id', req.sortOrder);
    const count = async (): Promise<ContagemLida> => {
      if (capped) return contagemLimitada(this.reads.manager, qb, 'c.id', version ?? undefined);
      const raw = await qb.clone().select('COUNT(*)', 'n').addSelect(version ?? 'NULL', 'v').getRawOne<{ n: number | string; v: unknown }>();
      return { total: Number(raw?.n ?? 0), exato: true, versao: version ? String(raw?.v) : undefined };
    };
    // A versioned list keeps its count while the clients' version is the one it was counted at.
    const key = version ? JSON.stringify(['clientes', ...qb.getQueryAndParameters(), capped, version]) : null;
    const seek = this.seekOf(req);
    if (version && this.lista.seeks(req, seek)) return this.lista.pageWithCount(key, count, () => this.lista.deepPage(ordered, req, version, seek));

    // MySQL/MariaDB test a common term's LIKE only on rows they read (no index condition pushdown on a
    // full index walk): its page's ids come from the covering index first, as a deep page's do.
    const walksRows = comum && !this.reads.sqlite;
    if (req.skip + req.take <= DIRECT_ROWS && !walksRows) {
      const read = this.lista.rows(ordered().offset(req.skip).limit(req.take + 1), version);
      if (!busca || comum) {
        const lida = await this.lista.pageWithCount(key, count, () => read);
        return { ...lida, rows: lida.rows.slice(0, req.take) };
      }
      const page = await read;
      const known = page.rows.length <= req.take && (page.rows.length > 0 || req.skip === 0);
      // The count is the page's own rows: of the version the page read.
      if (known) return { ...page, contagem: { total: req.skip + page.rows.length, exato: true }, mesmaVersao: page.version !== null };
      const lida = await this.lista.pageWithCount(key, count, async () => page);
      return { ...lida, rows: lida.rows.slice(0, req.take) };
    }
    return this.lista.pageWithCount(key, count, () => this.lista.idsThenRows(ordered().offset(req.skip).limit(req.take), 'c.id', version));
  }

  async getCliente(id: string): Promise<Cliente> {
    const cliente = await this.clientes.findOne({ where: { id } });
    if (!cliente) throw new NotFoundException(CLIENTE_NOT_FOUND);
    return cliente;
  }

  /** The signed-in member's own row (GET /api/clientes/me). */
  membro(id: string): Promise<ClienteMembro | null> {
    return this.db.getRepository(ClienteMembro).findOne({ where: { id } });
  }

  /** The client's type with its services, or null. */
  async tipoOf(cliente: Cliente): Promise<TipoCliente | null> {
    if (!cliente.tipoClienteId) return null;
    return (await this.tipos.findTipos([cliente.tipoClienteId])).get(cliente.tipoClienteId) ?? null;
  }

  async updateCliente(actor: AuthPrincipal, id: string, dto: UpdateClienteDto): Promise<Cliente> {
    const cliente = await this.getCliente(id);
    const emailAntes = cliente.email;
    // The read-only fields of a record sent back by the form are dropped here.
    const { password, cnpj, email, _id, id: _ignored, createdAt, updatedAt, tipoCliente, cpf: _cpf, ...fields } = dto;
    // Whoever sets a client's login e-mail or password can sign in as it: the board only. The
    // current e-mail echoed back by the form and a blank password are no change.
    const changesLogin = !!password || (email !== undefined && email !== cliente.email);
    if (changesLogin && !can(actor, 'clientes.credentials')) throw new ForbiddenException(CLIENTE_CREDENTIALS_MESSAGE);
    if (fields.tipoClienteId) await this.tipos.assertAssignable(fields.tipoClienteId, cliente.tipoClienteId);
    if (cnpj !== undefined) cliente.cnpj = cleanCnpj(cnpj);
    if (email !== undefined) cliente.email = email;
    applyClienteFields(cliente, fields);
    if (cnpj !== undefined || email !== undefined) await this.assertFree(cliente.cnpj, cliente.email, cliente.id);
    cliente.busca = clienteBusca(cliente);
    // The login lives in the company's own member (ADR 0058): its e-mail follows the contact's, its password is set here.
    const login = changesLogin ? await loginPrincipal(this.db, { id: cliente.id, email: emailAntes }) : null;
    if (login && email !== undefined && email !== login.email && (await loginEmailTaken(this.db, this.config.mailDomain, email, login.id))) throw new ConflictException(EMAIL_TAKEN);
    const passwordHash = password ? await this.passwords.hash(password) : null;
    const saved = await this.saveUnique(cliente, async (m) => {
      if (!login) return;
      const changes: Partial<ClienteMembro> = { email: cliente.email };
      if (passwordHash) Object.assign(changes, { passwordHash, passwordChangedAt: passwordChangedNow(), tokenVersion: (login.tokenVersion ?? 0) + 1 });
      await m.update(ClienteMembro, { id: login.id }, changes);
      // The trail: the company's login got a new password (never the hash).
      if (passwordHash) await appendAudit(m, { acao: 'cliente.membro.senha', entidade: 'clientes', entidadeId: cliente.id, diff: { passwordHash: [REDACTED, REDACTED] } });
    });
    if (emailAntes !== saved.email) await this.retargetMail(saved.id, emailAntes, saved.email);
    return saved;
  }

  /** What is queued to the old login e-mail follows the new one (issue 53); never fails the change. */
  private async retargetMail(clienteId: string, antigo: string, novo: string): Promise<void> {
    try {
      await this.mail.retargetCliente(clienteId, antigo, novo);
    } catch (err) {
      new Logger('Clientes').error(`Fila de saída do cliente ${clienteId} não redirecionada ao novo e-mail: ${(err as Error).message}`);
    }
  }

  /**
   * Deleting a client with registros or documents takes two explicit steps, so nothing is lost by
   * one click: while the client is ativo the delete is refused (409, saying what it holds); once
   * inativo, the client goes together with all of it, in one transaction.
   */
  async deleteCliente(id: string): Promise<{ cliente: Cliente; removidos: Record<string, number> }> {
    const cliente = await this.getCliente(id);
    const removidos = await this.dependents.summary(id);
    const what = describeDependents(removidos);
    if (what && cliente.status === 'ativo') throw new ConflictException(clienteComDependentes(what));
    await withTransaction(this.db, async (m) => {
      await this.dependents.removeAll(id, m);
      await m.delete(Cliente, { id });
      await appendAudit(m, { acao: 'cliente.delete', entidade: 'clientes', entidadeId: id, diff: { ...diffOf(cliente as unknown as Record<string, unknown>, null), removidos: [removidos, null] } });
    });
    // Files and the like, once the rows are gone for good; never throws.
    await this.dependents.afterCommit(id);
    return { cliente, removidos };
  }

  private async insertCliente(dto: RegisterClienteDto | CreateClienteDto): Promise<Cliente> {
    const { password, razaoSocial, cnpj, email, ...fields } = dto;
    const cliente = this.clientes.create({ razaoSocial, email, cnpj: cleanCnpj(cnpj), status: 'ativo', tipoClienteId: null, cnes: null });
    applyClienteFields(cliente, fields);
    await this.assertFree(cliente.cnpj, cliente.email);
    cliente.busca = clienteBusca(cliente);
    const nome = cliente.nomeCompletoResponsavel || cliente.razaoSocial;
    return saveWithResponsavel(this.db, cliente, { nome, cpf: null, passwordHash: await this.passwords.hash(password) });
  }

  /** q through the search index (cliente-search.ts): FTS5 trigram on SQLite, LIKE on MySQL. */
  private async whereSearch(qb: SelectQueryBuilder<Cliente>, q: string): Promise<ClientesFts> {
    const fts = await clientesFts(this.reads.manager, q);
    // Nothing searchable left (only symbols folding drops): nothing matches, rather than everything.
    qb.andWhere(clienteSearch('c', q, fts) ?? '1 = 0');
    return fts;
  }

  private async assertFree(cnpj: string | null, email: string, exceptId?: string): Promise<void> {
    // A founder has no CNPJ yet (TypeORM would read `cnpj: null` as no condition at all).
    const byCnpj = cnpj ? await this.clientes.findOne({ where: { cnpj }, select: { id: true } }) : null;
    if (byCnpj && byCnpj.id !== exceptId) throw new ConflictException(CNPJ_TAKEN);
    const byEmail = await this.clientes.findOne({ where: { email }, select: { id: true } });
    if (byEmail && byEmail.id !== exceptId) throw new ConflictException(EMAIL_TAKEN);
    // A login e-mail is one person's: no member of any company (this one's own login aside) has it.
    const membro = await this.db.getRepository(ClienteMembro).findOne({ where: { email }, select: { id: true, clienteId: true } });
    if (membro && !(exceptId && membro.clienteId === exceptId && (await loginPrincipal(this.db, { id: exceptId, email }))?.id === membro.id)) {
      throw new ConflictException(EMAIL_TAKEN);
    }
    // Staff sign-in is tried first: a client with a staff address could never enter.
    if (email.endsWith(`@${this.config.mailDomain}`) && (await this.users.exists({ where: { email } }))) {
      throw new ConflictException(EMAIL_TAKEN);
    }
  }

  private async saveUnique(cliente: Cliente, also?: (m: EntityManager) => Promise<void>): Promise<Cliente> {
    try {
      if (!also) return await this.clientes.save(cliente);
      return await withTransaction(this.db, async (m) => {
        const saved = await m.save(cliente);
        await also(m);
        return saved;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const other = cliente.cnpj ? await this.clientes.findOne({ where: { cnpj: cliente.cnpj }, select: { id: true } }) : null;
      throw new ConflictException(other && other.id !== cliente.id ? CNPJ_TAKEN : EMAIL_TAKEN);
    }
  }
}
