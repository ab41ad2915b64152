/*
 * The pipeline's logic (issue 11, /painel/processos): columns from a service's stage template,
 * registros placed by their current stage, and what a move from one column to another asks of
 * the server (PUT /api/registros/:id/etapas/:etapaId, one call per step, in order).
 */
import type { ChecklistItemResponse, EtapaResponse, EtapaStatus, RegistroResponse } from '@veritas/common';

/** Column key of the registros whose stages are all finished (still open: staff conclude them). */
export const COLUNA_FIM = '__fim__';
/** Column key of registros whose current stage is not in the template (it changed since they were created). */
export const COLUNA_OUTRAS = '__outras__';

export interface Coluna<R extends Pick<RegistroResponse, 'etapaAtual'> = RegistroResponse> {
  key: string;
  titulo: string;
  registros: R[];
}

/**
 * One column per stage name of the template, in order, then "Etapas concluídas"; registros whose
 * current stage the template does not know go to "Outras etapas" (shown only when there are any).
 */
export function buildColunas<R extends Pick<RegistroResponse, 'etapaAtual'>>(etapas: readonly string[], registros: readonly R[]): Coluna<R>[] {
  const colunas: Coluna<R>[] = etapas.map((nome) => ({ key: nome, titulo: nome, registros: [] }));
  const fim: Coluna<R> = { key: COLUNA_FIM, titulo: 'Etapas concluídas', registros: [] };
  const outras: Coluna<R> = { key: COLUNA_OUTRAS, titulo: 'Outras etapas', registros: [] };
  const byName = new Map(colunas.map((c) => [c.key, c]));
  for (const r of registros) {
    if (r.etapaAtual === null) fim.registros.push(r);
    else (byName.get(r.etapaAtual) ?? outras).registros.push(r);
  }
  return outras.registros.length ? [...colunas, fim, outras] : [...colunas, fim];
}

/** The key of the column a registro is in. */
export function colunaDe(etapas: readonly string[], r: Pick<RegistroResponse, 'etapaAtual'>): string {
  if (r.etapaAtual === null) return COLUNA_FIM;
  return etapas.includes(r.etapaAtual) ? r.etapaAtual : COLUNA_OUTRAS;
}

export interface Passo {
  etapaId: string;
  nome: string;
  status: Extract<EtapaStatus, 'andamento' | 'concluida'>;
}

export type Plano = { ok: true; passos: Passo[] } | { ok: false; motivo: string };

const finished = (e: Pick<EtapaResponse, 'status'>) => e.status === 'concluida' || e.status === 'dispensada';

/**
 * The calls that take a registro's stages to the column `destino` (a stage name or COLUNA_FIM).
 * Forward: each stage from the current one up to (not including) the target is started when still
 * pending, then completed. Backward: the last finished stage is reopened, again, until the target
 * is the current one. A stage whose required documents are not all accepted stops the whole move
 * before any call (the server's checklist gate, same message). The server checks every step again
 * (and answers 409 in pt-BR when it refuses).
 */
/**
 * The required checklist items a stage waits for that are not accepted yet (names), as the server's
 * gate counts them: keys the registro has no item for and optional items ask nothing.
 */
export function documentosFaltando(etapa: Pick<EtapaResponse, 'documentos'>, checklist: readonly Pick<ChecklistItemResponse, 'chave' | 'nome' | 'obrigatorio' | 'status'>[]): string[] {
  return checklist.filter((i) => i.obrigatorio && etapa.documentos.includes(i.chave) && i.status !== 'aceito').map((i) => i.nome);
}

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

/** Whole days since `desde` (ISO), at least 0; null without a date. */
export function diasNaEtapa(desde: string | null, hoje: Date = new Date()): number | null {
  if (!desde) return null;
  const ms = hoje.getTime() - new Date(desde).getTime();
  return Math.max(0, Math.floor(ms / 86_400_000));
}

export const diasTexto = (n: number) => (n === 1 ? '1 dia na etapa' : `${n} dias na etapa`);
