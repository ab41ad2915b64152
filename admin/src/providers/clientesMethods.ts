/*
 * The Clientes screen's actions that are not CRUD (§2.12, issue 10) as named dataProvider methods:
 * the core dataProvider spreads `clientesMethods` in, and the screen reaches them with
 * `useClientesApi()` (react-admin's useDataProvider, so a 401 still signs out). The list, the
 * details, create, update and delete go through getList/getOne/create/update/delete.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import { type Capacidade, cleanCnpj, type CepLookupResponse, type MembroResponse, type PapelMembro, type ClienteResponse, type ClienteStatus, type CnpjLookupMeta, type CnpjLookupResponse, type RegistroResponse } from '@veritas/common';
import { errorMessage, UNEXPECTED_FAILURE, type WithId } from '@veritas/web';
import { apiAnswer, webClient } from './webClient';

type Cliente = WithId<ClienteResponse>;

/** A whole answer: `data`, and the server's `message` and the lookup's `meta` when the route gives them. */
const call = <T>(path: string, method: 'GET' | 'POST' | 'PUT' = 'GET', body?: unknown) => apiAnswer<T, CnpjLookupMeta>(path, { method, body });

const clientePath = (id: string | number) => `/clientes/${encodeURIComponent(String(id))}`;
const membroPath = (id: string | number, mid: string) => `${clientePath(id)}/membros/${encodeURIComponent(mid)}`;

/** What a bulk status change did: the ids changed, and each refusal with the server's reason. */
export interface BulkStatusResult {
  done: string[];
  failed: { id: string; message: string }[];
}

/**
 * Runs `change` for each id, one after the other (the server checks each on its own; a refusal
 * leaves that client as it was and the others go on), and reports both halves.
 */
export async function eachCliente(ids: readonly (string | number)[], change: (id: string) => Promise<unknown>): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { done: [], failed: [] };
  for (const raw of ids) {
    const id = String(raw);
    try {
      await change(id);
      result.done.push(id);
    } catch (error) {
      result.failed.push({ id, message: errorMessage(error, UNEXPECTED_FAILURE) });
    }
  }
  return result;
}

export const clientesMethods = {
  /**
   * Ativar / Inativar the selected clients (the list's bulk actions): one PUT /api/clientes/:id
   * with only `status` per client (absent fields keep their value).
   */
  setClientesStatus: (ids: readonly (string | number)[], status: ClienteStatus) =>
    eachCliente(ids, (id) => call<Cliente>(clientePath(id), 'PUT', { status })),
  /** The CNPJ data of a client (§3.5), from the server's cache; `refresh` asks the provider again (Atualizar). */
  getClienteCnpjInfo: <Office = Record<string, unknown>>(id: string | number, params: { refresh?: boolean } = {}) =>
    call<Office | null>(`${clientePath(id)}/cnpj-info${params.refresh ? '?refresh=true' : ''}`),
  /** A CNPJ's public data (CNPJá's "office"), through our server (its cache and rate limit): Novo Cliente's Consultar. */
  lookupClienteCnpj: (cnpj: string) => call<CnpjLookupResponse['data']>(`/lookup/cnpj/${encodeURIComponent(cleanCnpj(cnpj))}`),
  /** The address of a CEP, through our server (its cache and rate limit). */
  lookupClienteCep: (cep: string) => call<CepLookupResponse['data']>(`/lookup/cep/${encodeURIComponent(cep.replace(/\D/g, ''))}`),
  /** The registros of one client (the details' Registros tab), most recent first. */
  getClienteRegistros: (id: string | number) => call<WithId<RegistroResponse>[]>(`/registros/cliente/${encodeURIComponent(String(id))}`),
  /** Sends the client a password-reset link to its login e-mail; answers the server's confirmation. */
  sendClientePasswordReset: (id: string | number) => call<unknown>(`${clientePath(id)}/enviar-redefinicao-senha`, 'POST'),
  /** The client's members (issue 54, ADR 0058): the Membros tab's list and its actions. */
  getClienteMembros: (id: string | number) => call<MembroResponse[]>(`${clientePath(id)}/membros`),
  convidarMembro: (id: string | number, body: { nome: string; email: string; cpf?: string; papel: PapelMembro; capacidades?: Capacidade[] }) =>
    call<MembroResponse>(`${clientePath(id)}/membros/convites`, 'POST', body),
  reenviarConviteMembro: (id: string | number, mid: string) => call<MembroResponse>(`${membroPath(id, mid)}/convite/reenviar`, 'POST'),
  revogarConviteMembro: (id: string | number, mid: string) => webClient.del<null>(`/api${membroPath(id, mid)}/convite`),
  atualizarMembro: (id: string | number, mid: string, body: { papel?: PapelMembro; capacidades?: Capacidade[] }) => webClient.patch<MembroResponse>(`/api${membroPath(id, mid)}`, body),
  removerMembro: (id: string | number, mid: string) => webClient.del<null>(`/api${membroPath(id, mid)}`),
};

export type ClientesMethods = typeof clientesMethods;

export function useClientesApi(): DataProvider & ClientesMethods {
  return useDataProvider<DataProvider & ClientesMethods>();
}
