import type { TipoClienteResponse } from '@veritas/common';
import { toIso } from '../platform/database';
import type { TipoCliente } from './entities/tipo-cliente.entity';

/** The only shape in which a client type leaves the server; services in the order entered. */
export function toTipoClienteResponse(t: TipoCliente): TipoClienteResponse {
  const servicos = [...(t.servicos ?? [])].sort((a, b) => a.ordem - b.ordem);
  return {
    _id: t.id,
    nome: t.nome,
    ativo: !!t.ativo,
    servicos: servicos.map((s) => ({ nome: s.nome, valor: s.valor })),
    createdAt: toIso(t.createdAt) ?? '',
    updatedAt: toIso(t.updatedAt) ?? '',
  };
}
