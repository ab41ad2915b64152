/*
 * The answers to the clients' LGPD requests (Solicitações de titulares) as named dataProvider
 * methods, reached with `useTitularesApi()` (useDataProvider: a 401 signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { SolicitacaoTitularResponse } from '@veritas/common';
import type { WithId } from '@veritas/web';
import { apiData } from './webClient';

type Solicitacao = WithId<SolicitacaoTitularResponse>;

const path = (id: string, action: 'aprovar' | 'recusar') => `/solicitacoes-titulares/${encodeURIComponent(id)}/${action}`;

export const titularesMethods = {
  /** Approves a correction or an erasure; `resposta` is an optional note to the client. */
  approveSolicitacao: (id: string, resposta: string | null) => apiData<Solicitacao>(path(id, 'aprovar'), { method: 'POST', body: { resposta } }),
  /** Refuses it; the reason is required and goes to the client. */
  refuseSolicitacao: (id: string, resposta: string) => apiData<Solicitacao>(path(id, 'recusar'), { method: 'POST', body: { resposta } }),
};

export type TitularesMethods = typeof titularesMethods;

export function useTitularesApi(): DataProvider & TitularesMethods {
  return useDataProvider<DataProvider & TitularesMethods>();
}
