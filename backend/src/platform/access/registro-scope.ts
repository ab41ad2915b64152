import type { RegistroScope } from '@veritas/common';

/** A condition and its parameters, for a query builder's `where`. */
export interface SqlCondition {
  where: string;
  params: Record<string, string>;
}

/**
 * The SQL of the one record-access rule (packages/common: registroScope, canSeeRegistro): a
 * condition on a registros alias. PolicyService.scope/where/whereParts give it to the lists (registros,
 * by client, documents), and the detail tests the same scope on its row, so they can never disagree.
 */
export function registroScopeSql(scope: RegistroScope, alias: string): SqlCondition {
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
export function registroScopeParts(scope: RegistroScope, alias: string): SqlCondition[] | null {
  if (scope.kind !== 'responsavel') return null;
  return [
    { where: `${alias}.responsavelId = :scopeUserId`, params: { scopeUserId: scope.userId } },
    { where: `${alias}.responsavelId IS NULL`, params: {} },
  ];
}
