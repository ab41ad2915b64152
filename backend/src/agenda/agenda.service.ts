import { appendAudit, diffOf, insertAudited } from '../auditoria';
import { insertRows, newId, withTransaction } from '../platform/database';
import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, In, LessThanOrEqual, MoreThanOrEqual, Repository, SelectQueryBuilder } from 'typeorm';
import { can, type CompromissoClienteResponse, eventoPeriodoProblem, RecordPrincipal, todayInSaoPaulo, type EventoResponse, type EventoTipo } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { Cliente } from '../clientes';
import { RECORD_NOT_FOUND } from '@veritas/common';
import { INSTANT_FORMS, queryInstant } from '../platform/http';
import { PolicyService } from '../platform/access';
import type { AgendaPessoaResponse } from '@veritas/common';
import { Ausencia } from '../equipe';
import { Registro } from '../registros';
import { User } from '../users';
import { REGISTRO_NOT_FOUND } from '../registros';
import { AgendaItem, AgendaScope, AgendaSources } from './agenda-source';
import { AgendaInvites } from './agenda-invites';
import { EventoDto } from './dto/evento.dto';
import { AgendaEvento, AgendaLembrete, AgendaParticipante } from './entities/agenda.entities';
import { normalizeRrule, occurrencesBetween, RecurrenceError, recurrenceEnd } from './recurrence';

export const EVENTO_NOT_FOUND = RECORD_NOT_FOUND.agendaEvento;
export const AGENDA_OTHER_PERSON = 'Apenas a Diretoria e o Master podem ver a agenda de outra pessoa.';
const MAX_WINDOW_DAYS = 366;
const DAY_MS = 86_400_000;

/** The window of GET /api/agenda: ISO dates or instants, at most 366 days. */
export function parseWindow(inicio: unknown, fim: unknown): { inicio: Date; fim: Date } {
  const a = queryInstant(inicio, 'inicio');
  const b = queryInstant(fim, 'fim');
  if (!a || !b) throw new BadRequestException(`Informe inicio e fim: ${INSTANT_FORMS}.`);
  if (b <= a) throw new BadRequestException('O fim do período deve ser depois do início.');
  if (b.getTime() - a.getTime() > MAX_WINDOW_DAYS * DAY_MS) throw new BadRequestException(`O período pode ter no máximo ${MAX_WINDOW_DAYS} dias.`);
  return { inicio: a, fim: b };
}

/** Whole minutes: occurrences are compared and stored to the minute on both databases. */
function toMinute(d: Date): Date {
  return new Date(Math.floor(d.getTime() / 60_000) * 60_000);
}

@Injectable()
export class AgendaService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(AgendaEvento) private readonly eventos: Repository<AgendaEvento>,
    @InjectRepository(AgendaParticipante) private readonly participantes: Repository<AgendaParticipante>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @InjectRepository(Registro) private readonly registros: Repository<Registro>,
    private readonly sources: AgendaSources,
    private readonly invites: AgendaInvites,
    private readonly policy: PolicyService,
  ) {}

  /** Whose agenda a call reads: one's own; the board everyone's, or one person's (responsavel). */
  scopeFor(actor: AuthPrincipal, responsavel?: string): AgendaScope {
    if (responsavel && responsavel !== 'me' && responsavel !== actor.id) {
      if (!can(actor, 'agenda.all')) throw new ForbiddenException(AGENDA_OTHER_PERSON);
      return { kind: 'user', userId: responsavel };
    }
    if (responsavel || !can(actor, 'agenda.all')) return { kind: 'user', userId: actor.id };
    return { kind: 'all' };
  }

  /** Events (each occurrence) and every source's items within the window, in start order. */
  async listAgenda(actor: AuthPrincipal, inicio: Date, fim: Date, scope: AgendaScope): Promise<AgendaItem[]> {
    const viewer: RecordPrincipal = actor;
    const [eventos, derived] = await Promise.all([this.findEventos(scope, inicio, fim), this.sources.itemsBetween({ viewer, scope, inicio, fim })]);
    const responses = await this.toResponses(eventos);
    const items: AgendaItem[] = [];
    for (const ev of eventos) {
      const resp = responses.get(ev.id)!;
      for (const o of occurrencesBetween(ev, inicio, fim)) {
        items.push({
          id: ev.rrule ? `evento-${ev.id}-${o.inicio.toISOString()}` : `evento-${ev.id}`,
          kind: 'evento',
          titulo: ev.titulo,
          inicio: o.inicio.toISOString(),
          fim: o.fim.toISOString(),
          allDay: ev.diaInteiro,
          link: `/painel/agenda?evento=${ev.id}`,
          clienteNome: resp.clienteNome,
          protocolo: resp.protocolo,
          uid: `evento-${ev.id}@veritas`,
          responsavelId: ev.criadoPorId,
          evento: { ...resp, podeEditar: this.mayEdit(actor, ev) },
        });
      }
    }
    items.push(...derived);
    return items.sort((a, b) => a.inicio.localeCompare(b.inicio) || a.id.localeCompare(b.id));
  }

  /** The events of a scope that touch [inicio, fim): single ones by their times, series by their span. */
  async findEventos(scope: AgendaScope, inicio: Date, fim: Date, extra?: (qb: SelectQueryBuilder<AgendaEvento>) => void): Promise<AgendaEvento[]> {
    const qb = this.eventos
      .createQueryBuilder('e')
      .where('e.inicio < :fim', { fim })
      .andWhere(
        new Brackets((w) => {
          w.where('e.rrule IS NULL AND e.fim > :inicio', { inicio }).orWhere('e.rrule IS NOT NULL AND (e.recorrenciaFim IS NULL OR e.recorrenciaFim > :inicio)', { inicio });
        }),
      );
    if (scope.kind === 'user') {
      qb.andWhere(
        new Brackets((w) => {
          w.where('e.criadoPorId = :uid', { uid: scope.userId }).orWhere(
            'EXISTS (SELECT 1 FROM agenda_participantes p WHERE p.eventoId = e.id AND p.userId = :uid)',
            { uid: scope.userId },
          );
        }),
      );
    }
    extra?.(qb);
    return qb.orderBy('e.inicio', 'ASC').addOrderBy('e.id', 'ASC').limit(2000).getMany();
  }

  /** The event if the caller sees it (the policy's agendaEvento.read: its creator, a participant, the board); else 404. */
  getEvento(actor: AuthPrincipal, id: string): Promise<AgendaEvento> {
    return this.policy.require<AgendaEvento>(actor, 'agendaEvento.read', id);
  }

  async createEvento(actor: AuthPrincipal, dto: EventoDto): Promise<EventoResponse> {
    const values = await this.validate(actor, dto);
    const ev = this.eventos.create({ ...values.fields, criadoPorId: actor.id, sequencia: 0 });
    await withTransaction(this.ds, async (m) => {
      await m.save(ev);
      if (values.participantes.length) await m.insert(AgendaParticipante, values.participantes.map((userId) => ({ eventoId: ev.id, userId })));
    });
    const resp = (await this.toResponses([ev])).get(ev.id)!;
    if (ev.convidarCliente) await this.invites.invite(ev, resp);
    return resp;
  }

  /**
   * The bulk path (the demo seeder, issue 14): each event validated as createEvento validates it, then all
   * inserted many per statement in one transaction, with the audit entries their saves would have written
   * (insertAudited) and their participants; one commit instead of one per event (on MySQL/MariaDB each was
   * a flush of the log). No answer is built; an invited client is invited as createEvento does. Returns how
   * many were created.
   */
  async createEventosEmLote(actor: AuthPrincipal, dtos: readonly EventoDto[]): Promise<number> {
    const eventos: AgendaEvento[] = [];
    const participantes: AgendaParticipante[] = [];
    for (const dto of dtos) {
      const values = await this.validate(actor, dto);
      const ev = this.eventos.create({ ...values.fields, id: newId(), criadoPorId: actor.id, sequencia: 0 });
      eventos.push(ev);
      for (const userId of values.participantes) participantes.push(Object.assign(new AgendaParticipante(), { eventoId: ev.id, userId }));
    }
    await withTransaction(this.ds, async (m) => {
      await insertAudited(m, AgendaEvento, eventos);
      await insertRows(m, AgendaParticipante, participantes);
    });
    for (const ev of eventos.filter((e) => e.convidarCliente)) await this.invites.invite(ev, (await this.toResponses([ev])).get(ev.id)!);
    return eventos.length;
  }

  async updateEvento(actor: AuthPrincipal, id: string, dto: EventoDto): Promise<EventoResponse> {
    const ev = await this.policy.require<AgendaEvento>(actor, 'agendaEvento.update', id);
    const values = await this.validate(actor, dto, ev.registroId);
    const wasInvited = ev.convidarCliente && ev.clienteId;
    const before = { ...ev };
    Object.assign(ev, values.fields, { sequencia: ev.sequencia + 1 });
    await withTransaction(this.ds, async (m) => {
      await m.save(ev);
      await m.delete(AgendaParticipante, { eventoId: ev.id });
      if (values.participantes.length) await m.insert(AgendaParticipante, values.participantes.map((userId) => ({ eventoId: ev.id, userId })));
    });
    const resp = (await this.toResponses([ev])).get(ev.id)!;
    if (ev.convidarCliente) await this.invites.invite(ev, resp);
    else if (wasInvited) await this.invites.cancel(before as AgendaEvento, resp);
    return resp;
  }

  async deleteEvento(actor: AuthPrincipal, id: string): Promise<EventoResponse> {
    const ev = await this.policy.require<AgendaEvento>(actor, 'agendaEvento.update', id);
    const resp = (await this.toResponses([ev])).get(ev.id)!;
    await withTransaction(this.ds, async (m) => {
      await m.delete(AgendaParticipante, { eventoId: ev.id });
      await m.delete(AgendaLembrete, { eventoId: ev.id });
      await m.delete(AgendaEvento, { id: ev.id });
      await appendAudit(m, { acao: 'agenda.delete', entidade: 'agenda_eventos', entidadeId: ev.id, diff: diffOf(ev as unknown as Record<string, unknown>, null) });
    });
    if (ev.convidarCliente && ev.clienteId) await this.invites.cancel({ ...ev, sequencia: ev.sequencia + 1 } as AgendaEvento, resp);
    return resp;
  }

  /** A client's coming appointments: the events it was invited to, for the next year. */
  async listForCliente(clienteId: string, now = new Date()): Promise<CompromissoClienteResponse[]> {
    const fim = new Date(now.getTime() + 365 * DAY_MS);
    const eventos = await this.findEventos({ kind: 'all' }, now, fim, (qb) =>
      qb.andWhere('e.clienteId = :cid AND e.convidarCliente = :yes', { cid: clienteId, yes: true }),
    );
    const out: CompromissoClienteResponse[] = [];
    for (const ev of eventos) {
      for (const o of occurrencesBetween(ev, now, fim)) {
        out.push({ id: ev.id, tipo: ev.tipo, titulo: ev.titulo, inicio: o.inicio.toISOString(), fim: o.fim.toISOString(), allDay: ev.diaInteiro, local: ev.local, link: ev.link });
      }
    }
    return out.sort((a, b) => a.inicio.localeCompare(b.inicio)).slice(0, 200);
  }

  /** The staff, by name, with who is away today (Equipe's absences). */
  async listPessoas(): Promise<AgendaPessoaResponse[]> {
    const today = todayInSaoPaulo();
    const [users, away] = await Promise.all([
      this.users.find({ select: { id: true, nomeCompleto: true }, order: { nomeCompleto: 'ASC' } }),
      this.ds.getRepository(Ausencia).find({ where: { de: LessThanOrEqual(today), ate: MoreThanOrEqual(today) }, select: { userId: true } }),
    ]);
    const ausentes = new Set(away.map((a) => a.userId));
    return users.map((u) => ({ id: u.id, nome: u.nomeCompleto, ausente: ausentes.has(u.id) }));
  }

  /** Whether the caller may edit an event it is shown (the policy's agendaEvento.update). */
  mayEdit(actor: AuthPrincipal, ev: AgendaEvento): boolean {
    return this.policy.allows(actor, 'agendaEvento.update', { criadoPorId: ev.criadoPorId, participa: true });
  }

  /** Responses for a set of events, with names fetched in a few small queries. */
  async toResponses(eventos: AgendaEvento[]): Promise<Map<string, EventoResponse>> {
    const out = new Map<string, EventoResponse>();
    if (!eventos.length) return out;
    const ids = eventos.map((e) => e.id);
    const parts = await this.participantes.find({ where: { eventoId: In(ids) } });
    const userIds = [...new Set([...parts.map((p) => p.userId), ...eventos.map((e) => e.criadoPorId)])];
    const clienteIds = [...new Set(eventos.map((e) => e.clienteId).filter((v): v is string => !!v))];
    const registroIds = [...new Set(eventos.map((e) => e.registroId).filter((v): v is string => !!v))];
    const [users, clientes, registros] = await Promise.all([
      this.users.find({ where: { id: In(userIds) }, select: { id: true, nomeCompleto: true } }),
      clienteIds.length ? this.clientes.find({ where: { id: In(clienteIds) }, select: { id: true, razaoSocial: true } }) : Promise.resolve([]),
      registroIds.length ? this.registros.find({ where: { id: In(registroIds) }, select: { id: true, numero: true } }) : Promise.resolve([]),
    ]);
    const userNome = new Map(users.map((u) => [u.id, u.nomeCompleto]));
    const clienteNome = new Map(clientes.map((c) => [c.id, c.razaoSocial]));
    const numero = new Map(registros.map((r) => [r.id, r.numero]));
    for (const e of eventos) {
      out.set(e.id, {
        id: e.id,
        tipo: e.tipo,
        titulo: e.titulo,
        inicio: new Date(e.inicio).toISOString(),
        fim: new Date(e.fim).toISOString(),
        diaInteiro: !!e.diaInteiro,
        local: e.local,
        link: e.link,
        participantes: parts.filter((p) => p.eventoId === e.id).map((p) => ({ id: p.userId, nome: userNome.get(p.userId) ?? '' })),
        clienteId: e.clienteId,
        clienteNome: e.clienteId ? clienteNome.get(e.clienteId) ?? null : null,
        registroId: e.registroId,
        protocolo: e.registroId ? numero.get(e.registroId) ?? null : null,
        notas: e.notas,
        rrule: e.rrule,
        lembreteMinutos: e.lembreteMinutos,
        convidarCliente: !!e.convidarCliente,
        criadoPorId: e.criadoPorId,
        criadoPorNome: userNome.get(e.criadoPorId) ?? null,
      });
    }
    return out;
  }

  /**
   * The body's rules that need the database or several fields; pt-BR 400s. A registro linked anew must
   * be one the author may see (issue 55): otherwise the same 404 as an id that does not exist, so the
   * answer reveals nothing of it (a link already on the event, `kept`, stays as it is).
   */
  private async validate(actor: AuthPrincipal, dto: EventoDto, kept: string | null = null): Promise<{ fields: Partial<AgendaEvento>; participantes: string[] }> {
    const inicio = toMinute(new Date(dto.inicio));
    const fim = toMinute(new Date(dto.fim));
    const periodo = eventoPeriodoProblem(inicio, fim);
    if (periodo) throw new BadRequestException(periodo);
    let rrule: string | null = null;
    if (dto.rrule) {
      try {
        rrule = normalizeRrule(dto.rrule, inicio);
      } catch (err) {
        if (err instanceof RecurrenceError) throw new BadRequestException(err.message);
        throw err;
      }
    }
    const participantes = [...new Set(dto.participantes ?? [])];
    if (participantes.length) {
      const found = await this.users.count({ where: { id: In(participantes) } });
      if (found !== participantes.length) throw new BadRequestException('Participante não encontrado: informe usuários da equipe.');
    }
    const clienteId = dto.clienteId ?? null;
    if (clienteId && !(await this.clientes.exists({ where: { id: clienteId } }))) throw new BadRequestException('Cliente não encontrado.');
    const registroId = dto.registroId ?? null;
    if (registroId) {
      const r = await this.registros.findOne({ where: { id: registroId }, select: { id: true, clienteId: true, responsavelId: true } });
      if (!r || (registroId !== kept && !this.policy.allows(actor, 'registro.read', r))) throw new NotFoundException(REGISTRO_NOT_FOUND);
      if (clienteId && r.clienteId !== clienteId) throw new BadRequestException('O registro informado é de outro cliente.');
    }
    if (dto.convidarCliente && !clienteId) throw new BadRequestException('Para convidar o cliente, informe o cliente do evento.');
    return {
      fields: {
        tipo: dto.tipo as EventoTipo,
        titulo: dto.titulo,
        inicio,
        fim,
        diaInteiro: dto.diaInteiro ?? false,
        local: dto.local ?? null,
        link: dto.link ?? null,
        clienteId,
        registroId,
        notas: dto.notas ?? null,
        rrule,
        recorrenciaFim: recurrenceEnd({ inicio, fim, rrule }),
        lembreteMinutos: dto.lembreteMinutos ?? null,
        convidarCliente: !!dto.convidarCliente,
      },
      participantes,
    };
  }
}
