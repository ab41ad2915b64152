/* What the client types' form sends (§2.13). The type as answered is TipoClienteResponse (../api-types.ts). */
import type { ServicoResponse } from '../api-types';

/** POST /api/tipos-cliente and PUT /api/tipos-cliente/:id: names trimmed, values in BRL. */
export interface TipoClienteInput {
  nome: string;
  ativo: boolean;
  servicos: ServicoResponse[];
}
