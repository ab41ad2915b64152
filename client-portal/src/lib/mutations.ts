/*
 * What the client changes, as TanStack Query mutations. Each names the domains its change touches;
 * once it succeeds every answer of those domains on screen is asked again and the others are marked
 * stale, so a list, a count, a detail and the dashboard never disagree after a change.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContatoClienteRequest, CorrecaoClienteRequest, DocumentoResponse, NotificacoesPreferencias, NovaSolicitacaoRequest, SolicitacaoTitularResponse } from '@veritas/common';
import type { UploadFields } from '@veritas/web';
import { portalApi } from './api';
import { type Domain, queries } from './queries';

type Progress = (fraction: number) => void;

function usePortalMutation<V, R>(run: (vars: V) => Promise<R>, touches: readonly Domain[], settle?: (cache: QueryClient, result: R) => void) {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      settle?.(cache, result);
      await Promise.all(touches.map((domain) => cache.invalidateQueries({ queryKey: [domain] })));
    },
  });
}

/**
 * The registro's details show the answer at once; its lists, counts, pendências and every detail
 * query of the domain (stages, checklist) are asked again, and its charge, which a cancel may
 * cancel too (issue 58: nothing on screen still says "a iniciar" or "Pendente").
 */
export const useCancelarSolicitacao = (id: string) =>
  usePortalMutation(
    (motivo: string) => portalApi.cancelar(id, { status: 'cancelado', note: motivo.trim() || undefined }),
    ['registros', 'cobrancas'],
    (cache, detalhe) => cache.setQueryData(queries.registro(id).queryKey, detalhe),
  );

/** A new registro; a priced service also opens its charge (the Financeiro card counts it). */
export const useSolicitar = () => usePortalMutation((body: NovaSolicitacaoRequest) => portalApi.solicitar(body), ['registros', 'cobrancas']);

/** A checklist item's file: the item, the pendências and the registro's documents change. */
export const useEnviarItem = (registroId: string, itemId: string) =>
  usePortalMutation(
    ({ file, onProgress }: { file: File; onProgress: Progress }) => portalApi.enviarItem(registroId, itemId, file, onProgress),
    ['registros', 'documentos'],
  );

export const useEnviarDocumento = () =>
  usePortalMutation(
    ({ file, fields, onProgress }: { file: File; fields: UploadFields; onProgress: Progress }) => portalApi.enviarDocumento(file, fields, onProgress),
    ['documentos'],
  );

export const useExcluirDocumento = () => usePortalMutation((id: string) => portalApi.excluirDocumento(id), ['documentos']);

/** A document from the firm, downloaded for the first time, loses its "Novo". */
/** A document, or a message's file (its sender unknown here: the documents are asked again after it). */
type Baixavel = Pick<DocumentoResponse, '_id' | 'nomeArquivo'> & Partial<Pick<DocumentoResponse, 'enviadoPor' | 'baixadoClienteEm'>>;
export const useBaixarDocumento = (doc: Baixavel) =>
  usePortalMutation(() => portalApi.baixarDocumento(doc), doc.enviadoPor !== 'cliente' && !doc.baixadoClienteEm ? ['documentos'] : []);

export const useBaixarRecibo = () =>
  usePortalMutation(
    ({ cobranca, pagamentoId, n }: { cobranca: { _id: string; txid: string }; pagamentoId: string; n: number }) =>
      portalApi.baixarRecibo(cobranca, pagamentoId, n),
    [],
  );

export const usePedirExportacao = () => usePortalMutation(() => portalApi.pedirExportacao(), ['titular']);

export const useBaixarExportacao = () => usePortalMutation((pedido: SolicitacaoTitularResponse) => portalApi.baixarExportacao(pedido), []);

/** The company's contact data: the profile in the cache becomes the server's answer. */
export const useSalvarContato = () =>
  usePortalMutation((body: ContatoClienteRequest) => portalApi.salvarContato(body), [], (cache, cliente) => cache.setQueryData(queries.perfil().queryKey, cliente));

/** The screen shows the server's answer (the whole choice) at once. */
export const useSalvarNotificacoes = () =>
  usePortalMutation((body: Partial<NotificacoesPreferencias>) => portalApi.salvarNotificacoes(body), [], (cache, prefs) => cache.setQueryData(queries.notificacoes().queryKey, prefs));

export const usePedirCorrecao = () => usePortalMutation((body: CorrecaoClienteRequest) => portalApi.pedirCorrecao(body), ['titular']);

export const usePedirEliminacao = () => usePortalMutation((motivo: string) => portalApi.pedirEliminacao({ motivo }), ['titular']);

/** Novidades: one opened (its link follows), or all, marked read; the list and the header's count are asked again. */
/** A message to the firm on a registro, with its files (they become documents of the registro). */
export const useEnviarMensagem = (registroId: string) =>
  usePortalMutation(({ texto, files, onProgress }: { texto: string; files: readonly File[]; onProgress: Progress }) => portalApi.enviarMensagem(registroId, texto, files, onProgress), [
    'mensagens',
    'documentos',
  ]);

/** The firm's messages of a registro are read (their read receipt). */
export const useMarcarMensagensLidas = (registroId: string) => usePortalMutation(() => portalApi.marcarMensagensLidas(registroId), ['mensagens']);

export const useMarcarLida = () => usePortalMutation((id: string) => portalApi.marcarLida(id), ['novidades']);

export const useMarcarTodasLidas = () => usePortalMutation(() => portalApi.marcarTodasLidas(), ['novidades']);
