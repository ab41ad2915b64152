import { BadRequestException, Injectable } from '@nestjs/common';
import { can, isLinhaDoTempoTipo, LINHA_DO_TEMPO_TIPOS, type LinhaDoTempoItem, type LinhaDoTempoTipo } from '@veritas/common';
import { PolicyService } from '../platform/access';
import { type ListRequest, ReadSide } from '../platform/read-side';
import type { AuthPrincipal } from '../platform/request';
import { toLinhaDoTempoItem } from './linha-do-tempo.mapper';
import { contagemSql, fontes, type LinhaRow, paginaSql } from './linha-do-tempo.sql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Kinds only the staff with Finanças read (cobranca.read). */
const FINANCAS: readonly LinhaDoTempoTipo[] = ['cobranca', 'pagamento'];

/**
 * A client's timeline (issue 56, ADR 0054): the lines of every source the caller may read, newest first,
 * paged and counted in SQL over one UNION ALL. Who may read the client's record reads it (404 for a client
 * that does not exist); within it, a registro's lines follow the registro rule (an associado: its own and
 * the unassigned registros), charges and payments need Finanças, appointments the agenda's rule, and mails
 * are the caller's own mailbox copies.
 */
@Injectable()
export class LinhaDoTempoService {
  constructor(
    private readonly policy: PolicyService,
    private readonly reads: ReadSide,
  ) {}

  async list(actor: AuthPrincipal, clienteId: string, req: ListRequest): Promise<{ rows: LinhaDoTempoItem[]; total: number }> {
    const { tipos, registroId } = filtro(req.filter);
    await this.policy.require(actor, 'cliente.read', clienteId);
    const scope = this.policy.where(actor, 'registro', 'r');
    const list = fontes({ scope: scope?.where ?? null, agendaAll: can(actor, 'agenda.all'), porRegistro: registroId !== null }).filter(
      (f) => tipos.includes(f.tipo) && (can(actor, 'financas.read') || !FINANCAS.includes(f.tipo)),
    );
    if (!list.length) return { rows: [], total: 0 };
    const params = { ...scope?.params, cliente: clienteId, me: actor.id, registro: registroId, lim: Math.min(req.skip + req.take, Number.MAX_SAFE_INTEGER), take: req.take, skip: req.skip };
    const driver = this.reads.manager.connection.driver;
    const [pagina, contagem] = [driver.escapeQueryWithParameters(paginaSql(list, req.sortOrder), params), driver.escapeQueryWithParameters(contagemSql(list), params)];
    const [rows, [count]]: [LinhaRow[], { n: unknown }[]] = await Promise.all([this.reads.manager.query(...pagina), this.reads.manager.query(...contagem)]);
    return { rows: rows.map((r) => toLinhaDoTempoItem(r, actor, clienteId)), total: Number(count?.n ?? 0) };
  }
}

/** The filter: `tipo` one kind or a list of them (none: every kind), `registroId` one registro's id. */
function filtro(filter: Record<string, unknown>): { tipos: readonly LinhaDoTempoTipo[]; registroId: string | null } {
  const raw = filter.tipo;
  const list = raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw : [raw];
  if (!list.every(isLinhaDoTempoTipo)) throw new BadRequestException(`Filtro tipo inválido. Use um ou mais de: ${LINHA_DO_TEMPO_TIPOS.join(', ')}.`);
  const registroId = filter.registroId === undefined || filter.registroId === null || filter.registroId === '' ? null : filter.registroId;
  if (registroId !== null && (typeof registroId !== 'string' || !UUID.test(registroId))) throw new BadRequestException('Filtro registroId inválido: informe o id de um registro.');
  return { tipos: list.length ? list : LINHA_DO_TEMPO_TIPOS, registroId };
}
