/*
 * The Processos board's action (issue 11) as a named dataProvider method: a card moved to another
 * column is one or more stage moves, planned from the registro as the server has it now.
 */
import { type DataProvider, useDataProvider } from 'react-admin';
import { planMove } from './planoEtapas';
import { registrosMethods, type RegistrosMethods } from './registrosMethods';

export type MoveResult = { movido: true } | { movido: false; motivo: string };

export const processosMethods = {
  /**
   * Takes registro `id` to the column `destino` (a stage name, or the finished column): reads its
   * stages and checklist, plans the steps (a move the checklist gate would stop half-way is refused
   * before any call, with the server's words) and sends each step in order. The server checks every
   * step again; its refusal rejects the promise.
   */
  async moverRegistro(id: string, destino: string): Promise<MoveResult> {
    const detalhe = await registrosMethods.getRegistroDetalhe(id);
    const plano = planMove(detalhe.etapas ?? [], destino, detalhe.checklist ?? []);
    if (!plano.ok) return { movido: false, motivo: plano.motivo };
    for (const passo of plano.passos) await registrosMethods.moveEtapa(id, passo.etapaId, { status: passo.status });
    return { movido: true };
  },
};

export type ProcessosMethods = typeof processosMethods;

/** The dataProvider with the board's and the registros' named methods (a 401 still signs out). */
export function useProcessosApi(): DataProvider & ProcessosMethods & RegistrosMethods {
  return useDataProvider<DataProvider & ProcessosMethods & RegistrosMethods>();
}
