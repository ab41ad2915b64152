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
    case 'responsavel':
      return { where: `(${alias}.responsavelId = :scopeUserId OR ${alias}.responsavelId IS NULL)`, params: { scopeUserId: scope.userId } };
    default:
      return { where: '1 = 0', params: {} };
  }
}

/** Narrows a query over registros (alias `alias`) to what `actor` may see. */
export function whereRegistroVisible<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, actor: RecordPrincipal, alias: string): SelectQueryBuilder<T> {
  const { where, params } = registroScopeSql(registroScope(actor), alias);
  return qb.andWhere(where, params);
}
