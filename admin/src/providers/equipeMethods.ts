import type { AusenciaInput, AusenciaResponse, EquipeResponse, ReatribuicaoResponse } from '@veritas/common';
import { webClient } from './webClient';

const ausenciasPath = (userId: string) => `/api/equipe/${encodeURIComponent(userId)}/ausencias`;

/** Equipe's calls (issue 13), spread into the panel's dataProvider. */
export const equipeMethods = {
  /** The team's load in a period (7d, 30d, mes, ano). */
  equipe: (periodo: string) => webClient.get<EquipeResponse>(`/api/equipe?periodo=${encodeURIComponent(periodo)}`),
  /** Who is away on a day ('YYYY-MM-DD'; today in São Paulo when omitted). */
  ausentes: (data?: string) => webClient.get<AusenciaResponse[]>(`/api/equipe/ausentes${data ? `?data=${encodeURIComponent(data)}` : ''}`),
  ausencias: (userId: string) => webClient.get<AusenciaResponse[]>(ausenciasPath(userId)),
  criarAusencia: (userId: string, ausencia: AusenciaInput) => webClient.post<AusenciaResponse>(ausenciasPath(userId), ausencia),
  excluirAusencia: (userId: string, id: string) => webClient.del<AusenciaResponse>(`${ausenciasPath(userId)}/${encodeURIComponent(id)}`),
  /** Moves the open registros of "de" (all, or the ids) to "para"; answers how many moved. */
  reatribuir: (de: string, para: string, ids?: string[]) =>
    webClient.post<ReatribuicaoResponse>('/api/registros/reatribuir', { de, para, ...(ids && ids.length ? { ids } : {}) }),
};
