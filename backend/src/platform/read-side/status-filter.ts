import { BadRequestException } from '@nestjs/common';

/**
 * The Todos / Ativos / Inativos tabs of the client and client-type screens, as `filter.status`
 * ('todos' | 'ativos' | 'inativos', or the stored values 'ativo' | 'inativo'). Null means no filter.
 */
export function statusTab(filter: Record<string, unknown>): 'ativo' | 'inativo' | null {
  const v = filter.status;
  if (v === undefined || v === null || v === '' || v === 'todos') return null;
  if (v === 'ativos' || v === 'ativo') return 'ativo';
  if (v === 'inativos' || v === 'inativo') return 'inativo';
  throw new BadRequestException('Filtro status inválido: use todos, ativos ou inativos.');
}
