import { saveBlob } from '@veritas/web';
import type { RelatorioDef, RelatorioResponse } from '@veritas/common';
import { webClient } from './webClient';

/** Period and filters of a report, as the query string of GET /api/relatorios/:nome. */
export type RelatorioParams = Record<string, string>;

export function relatorioUrl(nome: string, params: RelatorioParams, formato: 'json' | 'csv' | 'xlsx' = 'json'): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  if (formato !== 'json') q.set('formato', formato);
  const qs = q.toString();
  return `/api/relatorios/${encodeURIComponent(nome)}${qs ? `?${qs}` : ''}`;
}

export const relatoriosMethods = {
  /** The reports this person may open. */
  relatorios: () => webClient.get<RelatorioDef[]>('/api/relatorios'),
  /** One report's figures. */
  relatorio: (nome: string, params: RelatorioParams) => webClient.get<RelatorioResponse>(relatorioUrl(nome, params)),
  /** The report as a CSV or XLSX file, saved. */
  async relatorioArquivo(nome: string, params: RelatorioParams, formato: 'csv' | 'xlsx'): Promise<void> {
    const blob = await webClient.download(relatorioUrl(nome, params, formato));
    saveBlob(blob, `${nome}-${params.de ?? ''}-${params.ate ?? ''}.${formato}`.replace(/--/g, '-'));
  },
};
