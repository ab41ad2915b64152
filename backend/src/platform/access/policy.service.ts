import { ConflictException, ForbiddenException, Global, Injectable, Module, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  decideRecord,
  RECORD_NOT_FOUND,
  RECORD_RULES,
  RecordAction,
  RecordDecision,
  RecordRows,
  registroScope,
  RegistroScope,
  ResourceOf,
} from '@veritas/common';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AuthPrincipal } from '../request';
import { registroScopeParts, registroScopeSql, SqlCondition } from './registro-scope';

/*
 * The one access policy (docs/adr/0007-one-access-policy.md), in the immich style: services ask it
 * `require(actor, 'registro.read', id)` for one record and `scope(qb, actor, 'registro', alias)` for a
 * list, and it answers from the one table in packages/common (access.ts: who holds which action;
 * record-access.ts: the rule on each record). Not seen is 404 (as an id that does not exist); seen
 * but refused is 403 (or 409 when the record's state decides), with the table's words.
 */

/** The entity (by its TypeORM name) each resource's row is read from: platform/ imports no feature. */
const ENTITY: Readonly<Record<keyof RecordRows, string>> = {
  registro: 'Registro',
  documento: 'Documento',
  cobranca: 'Cobranca',
  cliente: 'Cliente',
  agendaEvento: 'AgendaEvento',
  usuario: 'User',
};

/** The resources a list can be narrowed to what a caller sees. */
export type ScopedResource = 'registro';

@Injectable()
export class PolicyService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * The record `id` if `actor` may do `action` on it, read whole (the caller's type `T`, the entity
   * the resource is stored as); else 404 or 403/409 as the table says.
   */
  async require<T extends ObjectLiteral, A extends RecordAction = RecordAction>(actor: AuthPrincipal, action: A, id: string): Promise<T> {
    const { row, ruleRow } = await this.load<T>(RECORD_RULES[action].resource, id, actor);
    this.check(actor, action, ruleRow as RecordRows[ResourceOf<A>]);
    return row;
  }

  /** The same rule on a row the service already holds (it throws as `require` does). */
  check<A extends RecordAction>(actor: AuthPrincipal, action: A, row: RecordRows[ResourceOf<A>]): void {
    throwIfRefused(decideRecord(actor, action, row), RECORD_RULES[action].resource);
  }

  /** Whether `actor` may do `action` on a row (for a list's flags; never throws). */
  allows<A extends RecordAction>(actor: AuthPrincipal, action: A, row: RecordRows[ResourceOf<A>]): boolean {
    return decideRecord(actor, action, row).ok;
  }

  /** Narrows a query over `resource` (alias `alias`) to the rows `actor` may see. */
  scope<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, actor: AuthPrincipal, resource: ScopedResource, alias: string): SelectQueryBuilder<T> {
    const where = this.where(actor, resource, alias);
    return where ? qb.andWhere(where.where, where.params) : qb;
  }

  /**
   * The condition of `scope` (null when the caller sees everything: no condition at all — even "1 = 1"
   * keeps SQLite from counting the table from its b-tree: 200,000 registros, 1.8 ms instead of 0.03 ms).
   */
  where(actor: AuthPrincipal, resource: ScopedResource, alias: string): SqlCondition | null {
    const scope = this.scopeOf(actor, resource);
    return scope.kind === 'all' ? null : registroScopeSql(scope, alias);
  }

  /**
   * The condition as disjoint parts whose union it is (an associado's own registros, then the
   * unassigned), so a list reads each from an index range of its own; null when it is one condition.
   */
  whereParts(actor: AuthPrincipal, resource: ScopedResource, alias: string): SqlCondition[] | null {
    return registroScopeParts(this.scopeOf(actor, resource), alias);
  }

  /** The rule as data (for keys of kept answers: two callers with the same scope see the same rows). */
  scopeOf(actor: AuthPrincipal, resource: ScopedResource): RegistroScope {
    void resource;
    return registroScope(actor);
  }

  /**
   * The row, and what the rule reads of it: a document with its registro's fields, an agenda event
   * with whether the caller takes part in it.
   */
  private async load<T extends ObjectLiteral>(resource: keyof RecordRows, id: string, actor: AuthPrincipal): Promise<{ row: T; ruleRow: unknown }> {
    const row = await this.ds.getRepository<T>(ENTITY[resource]).findOne({ where: { id } as never });
    if (!row) throw new NotFoundException(RECORD_NOT_FOUND[resource]);
    if (resource === 'agendaEvento') {
      const participa = await this.ds.getRepository('AgendaParticipante').exists({ where: { eventoId: id, userId: actor.id } });
      return { row, ruleRow: { criadoPorId: (row as { criadoPorId?: string }).criadoPorId, participa } };
    }
    if (resource !== 'documento') return { row, ruleRow: row };
    const registroId = (row as { registroId?: string | null }).registroId;
    const registro = registroId
      ? await this.ds.getRepository(ENTITY.registro).findOne({ where: { id: registroId }, select: { id: true, clienteId: true, responsavelId: true } })
      : null;
    return { row, ruleRow: { ...row, registro } };
  }
}

/** The caller as a staff member (its user type and permissions), or null for a client company. */
export function staffOf(actor: AuthPrincipal): Extract<AuthPrincipal, { role: 'user' }> | null {
  return actor.role === 'user' ? actor : null;
}

function throwIfRefused(d: RecordDecision, resource: keyof RecordRows): void {
  if (d.ok) return;
  if (d.status === 404) throw new NotFoundException(RECORD_NOT_FOUND[resource]);
  throw d.status === 409 ? new ConflictException(d.reason) : new ForbiddenException(d.reason);
}

/** The policy for the whole app (a platform module, like the read side's). */
@Global()
@Module({ providers: [PolicyService], exports: [PolicyService] })
export class AccessPolicyModule {}
