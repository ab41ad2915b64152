import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type {
  CepLookupResponse,
  DashboardResponse,
  RegistroResponse,
  TipoClienteResponse,
} from '@veritas/common';
import { emailMethods } from './emailMethods';
import { mensagensMethods } from './mensagensMethods';
import { financasMethods } from './financasMethods';
import { registrosMethods } from './registrosMethods';
import { apiFetch, httpClient, withId } from './httpClient';

const base = simpleRestProvider('/api', httpClient);

/** `id` is ours (added by httpClient) and `_id` is the server's: neither goes back in a body. */
function withoutIds<T extends Partial<RaRecord>>(data: T): Omit<T, 'id' | '_id'> {
  const { id: _id1, _id: _id2, ...rest } = data as T & { _id?: unknown };
  return rest;
}

/** A whole answer of ours: `data`, plus `message`/`meta` when the route gives them. */
export interface ApiBody<T = unknown> {
  data: T;
  total?: number;
  message?: string;
  meta?: Record<string, unknown>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call<T>(path: string, method: Method = 'GET', body?: unknown): Promise<ApiBody<T>> {
  const { json } = await apiFetch(`/api${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(withoutIds(body as Partial<RaRecord>)),
  });
  const answer = (json ?? {}) as ApiBody<T>;
  const data = Array.isArray(answer.data) ? (answer.data.map(withId) as T) : withId(answer.data);
  return { ...answer, data };
}

/** The CNPJ data of a client as the server keeps it (§3.5), with the server's note when stale. */
export type CnpjInfoAnswer<Office = unknown> = ApiBody<Office | null>;

/**
 * The panel's calls that are not CRUD, as named methods (react-admin's "custom methods"): screens
 * reach them with useDataProvider()/useMutation, so a 401 still signs out and no screen builds a
 * URL. The CRUD methods are ra-data-simple-rest's on our list contract.
 */
export interface PanelDataProvider extends DataProvider {
  /** Ativa/inativa (tipos de cliente): the server's record and its pt-BR message. */
  toggleStatus(resource: 'tipos-cliente', params: { id: Identifier }): Promise<ApiBody<TipoClienteResponse & RaRecord>>;
  /** The address of a CEP, through our server (its cache and rate limit). */
  cepLookup(cep: string): Promise<ApiBody<CepLookupResponse['data']>>;
  /** The CNPJ data of a client; `refresh` asks the provider again (Atualizar). */
  cnpjInfo<Office = unknown>(clienteId: Identifier, params?: { refresh?: boolean }): Promise<CnpjInfoAnswer<Office>>;
  /** The registros of one client (the details' Registros tab). */
  clienteRegistros(clienteId: Identifier): Promise<ApiBody<(RegistroResponse & RaRecord)[]>>;
  /** The dashboard figures of a period. */
  dashboard(periodo: string): Promise<ApiBody<DashboardResponse>>;
  /**
   * @deprecated a raw path call, kept only while the screens of the other panel resources move
   * to named methods (issue 10); no new caller.
   */
  api<T = unknown>(path: string, init?: { method?: Method; body?: unknown }): Promise<ApiBody<T>>;
}

export const dataProvider: PanelDataProvider = {
  ...base,
  create: (resource, params) => base.create(resource, { ...params, data: withoutIds(params.data) }),
  update: (resource, params) => base.update(resource, { ...params, data: withoutIds(params.data) }),
  updateMany: (resource, params) => base.updateMany(resource, { ...params, data: withoutIds(params.data) }),
  ...emailMethods,
  ...registrosMethods,
  ...mensagensMethods,
  ...financasMethods,

  toggleStatus: (resource, { id }) => call(`/${resource}/${encodeURIComponent(String(id))}/toggle-status`, 'PUT'),
  cepLookup: (cep) => call(`/lookup/cep/${encodeURIComponent(cep.replace(/\D/g, ''))}`),
  cnpjInfo: (clienteId, params = {}) =>
    call(`/clientes/${encodeURIComponent(String(clienteId))}/cnpj-info${params.refresh ? '?refresh=true' : ''}`),
  clienteRegistros: (clienteId) => call(`/registros/cliente/${encodeURIComponent(String(clienteId))}`),
  dashboard: (periodo) => call(`/dashboard?periodo=${encodeURIComponent(periodo)}`),

  api: (path, init = {}) => call(path, init.method ?? 'GET', init.body),
};
