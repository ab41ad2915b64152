import { registroScope, RecordPrincipal, RegistroScope } from '@veritas/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * The SQL of the one record-access rule (packages/common: registroScope, canSeeRegistro): a
 * condition on a registros alias. List, by-client and the documents of registros all use it, and
 * the detail tests the same scope on its row, so they can never disagree.
 */
export function registroScopeSql(scope: RegistroScope, alias: string): { where: string; params: Record<string, string> } {
  switch (scope.kind) {
    case 'all':
      return { where: '1 = 1', params: {} };
    case 'cliente':
      return { where: `${alias}.clienteId = :scopeClienteId`, params: { scopeClienteId: scope.clienteId } };
    case 'responsavel': {
      const parts = registroScopeParts(scope, alias) ?? [];
      return { where: `(${parts.map((p) => p.where).join(' OR ')})`, params: Object.assign({}, ...parts.map((p) => p.params)) };
    }
    default:
      return { where: '1 = 0', params: {} };
  }
}

/**
 * The rule as disjoint conditions whose union it is — an associado's own registros, then the
 * unassigned — so a list can read each from an index range of its own; null when the rule is one
 * condition already.
 */
export function registroScopeParts(scope: RegistroScope, alias: string): { where: string; params: Record<string, string> }[] | null {
  if (scope.kind !== 'responsavel') return null;
  return [
    { where: `${alias}.responsavelId = :scopeUserId`, params: { scopeUserId: scope.userId } },
    { where: `${alias}.responsavelId IS NULL`, params: {} },
  ];
}

/** Narrows a query over registros (alias `alias`) to what `actor` may see. */
export function whereRegistroVisible<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, actor: RecordPrincipal, alias: string): SelectQueryBuilder<T> {
  const scope = registroScope(actor);
  // Everything: no condition at all. Even "1 = 1" keeps SQLite from counting the table from its
  // b-tree (200,000 registros: 1.8 ms instead of 0.03 ms, on every page of the unfiltered list).
  if (scope.kind === 'all') return qb;
  const { where, params } = registroScopeSql(scope, alias);
  return qb.andWhere(where, params);
}
