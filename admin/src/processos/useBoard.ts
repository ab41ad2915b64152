import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { RegistroResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useProcessosApi } from '../providers/processosMethods';
import { buildColunas, type Coluna, COLUNA_OUTRAS, colunaDe } from './pipeline';
import { SERVICO_PADRAO } from './servico';

export type Card = RegistroResponse & { id: string };
export type BoardFiltro = 'servico' | 'junta' | 'responsavel' | 'atrasados';

/** The board shows at most this many registros (the oldest first); the filters narrow it. */
export const LIMITE = 200;

/**
 * The board's filters, in the address (?servico=&junta=&responsavel=&atrasados=1) so a board can be
 * linked and survives a reload; a filter set to '' leaves the address.
 */
export function useBoardFiltros() {
  const [params, setParams] = useSearchParams();
  const filtros: Record<BoardFiltro, string> = {
    servico: params.get('servico') || SERVICO_PADRAO,
    junta: params.get('junta') ?? '',
    responsavel: params.get('responsavel') ?? '',
    atrasados: params.get('atrasados') === '1' ? '1' : '',
  };
  const setFiltro = (key: BoardFiltro, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return { filtros, setFiltro };
}

/** The service's template (its columns) and its open registros by the filters (one useGetList). */
export function useBoard(filtros: Record<BoardFiltro, string>) {
  const api = useProcessosApi();
  const modelos = useQuery({ queryKey: ['processos-modelos'], queryFn: () => api.getModelos(), staleTime: 60_000 });
  const modelo = modelos.data?.find((m) => m.servico === filtros.servico);
  const etapas = useMemo(() => modelo?.etapas.map((e) => e.nome) ?? [], [modelo]);
  const filter: Record<string, unknown> = { servico: filtros.servico, aberto: true };
  if (filtros.junta) filter.junta = filtros.junta;
  if (filtros.responsavel) filter.responsavelId = filtros.responsavel;
  if (filtros.atrasados) filter.vencido = true;
  const list = useGetList<Card>('registros', { filter, pagination: { page: 1, perPage: LIMITE }, sort: { field: 'createdAt', order: 'ASC' } });
  const colunas = useMemo(() => buildColunas(etapas, list.data ?? []), [etapas, list.data]);
  /** The column before (−1) or after (+1) a card's, never "Outras etapas" (nothing moves into it). */
  const vizinha = (r: Card, delta: -1 | 1): Coluna<Card> | null => {
    const alvo = colunas[colunas.findIndex((c) => c.key === colunaDe(etapas, r)) + delta];
    return alvo && alvo.key !== COLUNA_OUTRAS ? alvo : null;
  };
  return { modelos, etapas, list, colunas, vizinha };
}

/**
 * A card's move to another column through the dataProvider's `moverRegistro`, said aloud (the
 * returned `anuncio` feeds a live region) and notified; the list is read again whatever happened,
 * and focus stays on the card, wherever it now is.
 */
export function useMover(colunas: readonly Coluna<Card>[], refetch: () => unknown) {
  const api = useProcessosApi();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [anuncio, setAnuncio] = useState('');
  const say = (texto: string, type: 'success' | 'warning' | 'error') => {
    setAnuncio(texto);
    notify(texto, { type });
  };
  const mutation = useMutation({
    mutationFn: ({ r, destino }: { r: Card; destino: string }) => api.moverRegistro(r._id, destino),
    onSuccess: (result, { r, destino }) => {
      if (!result.movido) return say(result.motivo, 'warning');
      const coluna = colunas.find((c) => c.key === destino)?.titulo ?? destino;
      say(translate('processos.movido', { numero: r.numero, coluna }), 'success');
    },
    onError: (error) => say(errorMessage(error, translate('processos.erroMover')), 'error'),
    onSettled: async (_data, _error, { r }) => {
      await refetch();
      void queryClient.invalidateQueries({ queryKey: ['registro', r._id] });
      requestAnimationFrame(() => document.getElementById(`card-${r._id}`)?.focus());
    },
  });
  const busyId = mutation.isPending ? mutation.variables.r._id : null;
  const mover = (r: Card, destino: string) => {
    if (!busyId && colunas.some((c) => c.key === destino)) mutation.mutate({ r, destino });
  };
  return { mover, busyId, anuncio };
}
