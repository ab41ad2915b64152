/*
 * The company's members (issue 54, ADR 0058): the calls of the Equipe screen and of "Meus dados"'s
 * own-access section, through the portal's client; mutations invalidate the 'membros' answers.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Capacidade, MembroResponse, MessageResponse, PapelMembro } from '@veritas/common';
import { portalClient as client } from '../lib/api';

export interface ConviteBody {
  nome: string;
  email: string;
  cpf?: string;
  papel: PapelMembro;
  capacidades?: Capacidade[];
}

const seg = encodeURIComponent;
const base = '/api/clientes/me/membros';

export const membrosApi = {
  list: (o?: { signal?: AbortSignal }) => client.get<MembroResponse[]>(base, o),
  convidar: (body: ConviteBody) => client.post<MembroResponse>(`${base}/convites`, body),
  reenviar: (id: string) => client.post<MembroResponse>(`${base}/${seg(id)}/convite/reenviar`),
  revogar: (id: string) => client.del<void>(`${base}/${seg(id)}/convite`),
  atualizar: (id: string, body: { papel?: PapelMembro; capacidades?: Capacidade[] }) => client.patch<MembroResponse>(`${base}/${seg(id)}`, body),
  remover: (id: string) => client.del<void>(`${base}/${seg(id)}`),
  meusDados: () => client.get<unknown>('/api/clientes/me/membro/dados'),
  eliminar: () => client.post<MessageResponse>('/api/clientes/me/membro/eliminacao'),
};

export const membrosQuery = () => queryOptions({ queryKey: ['membros'], queryFn: ({ signal }) => membrosApi.list({ signal }) });

/** A change to the team: the list is asked again. */
export function useMembroMutation<V, R>(run: (vars: V) => Promise<R>) {
  const cache = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => cache.invalidateQueries({ queryKey: ['membros'] }) });
}
