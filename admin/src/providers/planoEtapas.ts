/*
 * What a move of a registro on the Processos board (issue 11) asks of the server: the stage calls
 * (PUT /api/registros/:id/etapas/:etapaId, one per step, in order) that take it to another column.
 * Pure; `processosMethods.moverRegistro` reads the registro, plans with it and sends the steps.
 */
import type { ChecklistItemResponse, EtapaResponse, EtapaStatus } from '@veritas/common';

/** Column key of the registros whose stages are all finished (still open: staff conclude them). */
export const COLUNA_FIM = '__fim__';

export interface Passo {
  etapaId: string;
  nome: string;
  status: Extract<EtapaStatus, 'andamento' | 'concluida'>;
}

export type Plano = { ok: true; passos: Passo[] } | { ok: false; motivo: string };

const finished = (e: Pick<EtapaResponse, 'status'>) => e.status === 'concluida' || e.status === 'dispensada';

/**
 * The required checklist items a stage waits for that are not accepted yet (names), as the server's
 * gate counts them: keys the registro has no item for and optional items ask nothing.
 */
export function documentosFaltando(etapa: Pick<EtapaResponse, 'documentos'>, checklist: readonly Pick<ChecklistItemResponse, 'chave' | 'nome' | 'obrigatorio' | 'status'>[]): string[] {
  return checklist.filter((i) => i.obrigatorio && etapa.documentos.includes(i.chave) && i.status !== 'aceito').map((i) => i.nome);
}

/**
 * The calls that take a registro's stages to the column `destino` (a stage name or COLUNA_FIM).
 * Forward: each stage from the current one up to (not including) the target is started when still
 * pending, then completed. Backward: the last finished stage is reopened, again, until the target
 * is the current one. A stage whose required documents are not all accepted stops the whole move
 * before any call (the server's checklist gate, same message). The server checks every step again
 * (and answers 409 in pt-BR when it refuses).
 */
export function planMove(
  etapas: readonly EtapaResponse[],
  destino: string,
  checklist: readonly Pick<ChecklistItemResponse, 'chave' | 'nome' | 'obrigatorio' | 'status'>[] = [],
): Plano {
  const ordered = [...etapas].sort((a, b) => a.ordem - b.ordem);
  if (!ordered.length) return { ok: false, motivo: 'Este registro não tem etapas.' };
  const atual = ordered.findIndex((e) => !finished(e));
  const from = atual === -1 ? ordered.length : atual;
  const to = destino === COLUNA_FIM ? ordered.length : ordered.findIndex((e) => e.nome === destino);
  if (to === -1) return { ok: false, motivo: `Este registro não tem a etapa "${destino}".` };
  if (to === from) return { ok: false, motivo: 'O registro já está nesta etapa.' };
  const passos: Passo[] = [];
  if (to > from) {
    for (let i = from; i < to; i++) {
      const e = ordered[i];
      // Refused before any call, so a move the gate would stop half-way starts nothing.
      const faltam = documentosFaltando(e, checklist);
      if (faltam.length) {
        return { ok: false, motivo: `Esta etapa só pode ser concluída com os documentos aceitos. Falta${faltam.length > 1 ? 'm' : ''}: ${faltam.join('; ')}.` };
      }
      if (e.status === 'pendente') passos.push({ etapaId: e._id, nome: e.nome, status: 'andamento' });
      passos.push({ etapaId: e._id, nome: e.nome, status: 'concluida' });
    }
  } else {
    for (let i = from - 1; i >= to; i--) {
      const e = ordered[i];
      passos.push({ etapaId: e._id, nome: e.nome, status: 'andamento' });
    }
  }
  return { ok: true, passos };
}
