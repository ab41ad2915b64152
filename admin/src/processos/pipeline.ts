/*
 * The pipeline's logic (issue 11, /painel/processos): columns from a service's stage template,
 * registros placed by their current stage (what a move asks of the server is planned in
 * providers/planoEtapas.ts, beside the dataProvider method that sends it).
 */
import type { RegistroResponse } from '@veritas/common';
import { COLUNA_FIM } from '../providers/planoEtapas';

export { COLUNA_FIM };

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

/** Whole days since `desde` (ISO), at least 0; null without a date. */
export function diasNaEtapa(desde: string | null, hoje: Date = new Date()): number | null {
  if (!desde) return null;
  const ms = hoje.getTime() - new Date(desde).getTime();
  return Math.max(0, Math.floor(ms / 86_400_000));
}
