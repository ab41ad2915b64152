/*
 * What the screens read, as TanStack Query options: one key per answer, each starting with the
 * domain it belongs to ('registros', 'documentos', 'cobrancas', 'agenda', 'titular', 'perfil'),
 * so a change invalidates every list, count and detail of its domain at once (mutations.ts).
 */
import { keepPreviousData, QueryClient, queryOptions } from '@tanstack/react-query';
import type { SolicitacaoTitularResponse } from '@veritas/common';
import { errorStatus, type ListParams, portalApi } from './api';

export type Domain = 'registros' | 'documentos' | 'cobrancas' | 'agenda' | 'titular' | 'perfil' | 'novidades' | 'mensagens';

/** Every list the portal shows in one piece (a charge's details, a registro's documents) fits here. */
export const ALL = { from: 0, to: 199 } as const;

/** While a copy of the client's data is being made, its request is asked about again this often. */
const EXPORTACAO_POLL_MS = 1500;

/** How often the header asks whether something new arrived. */
const NOVIDADES_POLL_MS = 60_000;

const preparing = (list: SolicitacaoTitularResponse[] | undefined) =>
  !!list?.some((s) => s.tipo === 'exportacao' && s.status === 'processando');

export const queries = {
  perfil: () => queryOptions({ queryKey: ['perfil'], queryFn: ({ signal }) => portalApi.perfil({ signal }) }),

  registros: (params: ListParams) =>
    queryOptions({
      queryKey: ['registros', 'lista', params],
      queryFn: ({ signal }) => portalApi.registros(params, { signal }),
      // A new page or filter keeps the rows on screen until its own arrive.
      placeholderData: keepPreviousData,
    }),
  registro: (id: string) => queryOptions({ queryKey: ['registros', 'detalhe', id], queryFn: ({ signal }) => portalApi.registro(id, { signal }) }),
  pendencias: () => queryOptions({ queryKey: ['registros', 'pendencias'], queryFn: ({ signal }) => portalApi.pendencias({ signal }) }),
  servicos: () => queryOptions({ queryKey: ['registros', 'servicos'], queryFn: ({ signal }) => portalApi.servicos({ signal }) }),

  documentos: (params: ListParams) =>
    queryOptions({
      queryKey: ['documentos', 'lista', params],
      queryFn: ({ signal }) => portalApi.documentos(params, { signal }),
      placeholderData: keepPreviousData,
    }),

  /** A registro's conversation with the firm (ADR 0057). */
  mensagens: (registroId: string) => queryOptions({ queryKey: ['mensagens', registroId], queryFn: ({ signal }) => portalApi.mensagens(registroId, { signal }) }),

  cobrancas: (params: ListParams = { range: ALL }) =>
    queryOptions({ queryKey: ['cobrancas', 'lista', params], queryFn: ({ signal }) => portalApi.cobrancas(params, { signal }) }),
  pix: (id: string) => queryOptions({ queryKey: ['cobrancas', 'pix', id], queryFn: ({ signal }) => portalApi.pix(id, { signal }) }),

  compromissos: () => queryOptions({ queryKey: ['agenda'], queryFn: ({ signal }) => portalApi.compromissos({ signal }) }),

  /** Meus dados → Notificações: which optional e-mails the client gets. */
  notificacoes: () => queryOptions({ queryKey: ['perfil', 'notificacoes'], queryFn: ({ signal }) => portalApi.notificacoes({ signal }) }),

  /** Novidades (issue 53): a page of the client's notices, and the header's unread count (asked again each minute). */
  novidades: (params: ListParams) =>
    queryOptions({
      queryKey: ['novidades', 'lista', params],
      queryFn: ({ signal }) => portalApi.novidades(params, { signal }),
      placeholderData: keepPreviousData,
    }),
  naoLidas: () =>
    queryOptions({
      queryKey: ['novidades', 'naoLidas'],
      queryFn: async ({ signal }) => (await portalApi.novidades({ range: { from: 0, to: 0 } }, { signal })).naoLidas,
      refetchInterval: NOVIDADES_POLL_MS,
    }),

  solicitacoesTitular: () =>
    queryOptions({
      queryKey: ['titular', 'solicitacoes'],
      queryFn: ({ signal }) => portalApi.solicitacoesTitular({ signal }),
      refetchInterval: (query) => (preparing(query.state.data) ? EXPORTACAO_POLL_MS : false),
    }),
};

/**
 * The portal's cache. Answers stay fresh for a few seconds (moving between tabs does not ask
 * again); a change made here invalidates what it touched at once, and a change made by the firm
 * shows on the next visit to the screen or when the window gets focus again. A refused call (4xx)
 * is not repeated; a lost connection or a server failure is, twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) => {
          const status = errorStatus(error);
          return (status === undefined || status >= 500) && failures < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
