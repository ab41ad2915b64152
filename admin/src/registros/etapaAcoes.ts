import type { ChecklistItemResponse, EtapaResponse } from '@veritas/common';

export type EtapaAcao = 'iniciar' | 'concluir' | 'dispensar' | 'reabrir';

const finished = (e: Pick<EtapaResponse, 'status'>) => e.status === 'concluida' || e.status === 'dispensada';

/**
 * The actions the server allows on each stage (it checks them again): the first unfinished stage
 * may be started (pending) or completed (in progress), and skipped; the last finished one reopened.
 */
export function etapaAcoes(etapas: readonly EtapaResponse[]): Map<string, EtapaAcao[]> {
  const ordered = [...etapas].sort((a, b) => a.ordem - b.ordem);
  const acoes = new Map<string, EtapaAcao[]>(ordered.map((e) => [e._id, []]));
  const atual = ordered.findIndex((e) => !finished(e));
  if (atual !== -1) {
    const e = ordered[atual];
    acoes.set(e._id, e.status === 'pendente' ? ['iniciar', 'dispensar'] : ['concluir', 'dispensar']);
  }
  const ultimaEncerrada = (atual === -1 ? ordered.length : atual) - 1;
  if (ultimaEncerrada >= 0) acoes.get(ordered[ultimaEncerrada]._id)!.push('reabrir');
  return acoes;
}

/**
 * The names of the documents a stage needs that are not accepted yet (required checklist items
 * with one of its keys), in the checklist's order: what Dispensar lists before a waiver (issue 52).
 */
export function documentosFaltando(etapa: Pick<EtapaResponse, 'documentos'>, checklist: readonly ChecklistItemResponse[] | undefined): string[] {
  const keys = new Set(etapa.documentos ?? []);
  return [...(checklist ?? [])]
    .filter((i) => keys.has(i.chave) && i.obrigatorio && i.status !== 'aceito')
    .sort((a, b) => a.ordem - b.ordem)
    .map((i) => i.nome);
}
