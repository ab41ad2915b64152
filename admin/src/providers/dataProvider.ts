import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { DashboardResponse, TipoClienteResponse } from '@veritas/common';
import { agendaMethods } from '../agenda/agendaMethods';
import { clientesMethods } from './clientesMethods';
import { emailMethods } from './emailMethods';
import { exportMethods, type ExportableResource, type ExportParams } from './exportMethods';
import { mensagensMethods } from './mensagensMethods';
import { relatoriosMethods } from './relatoriosMethods';
import { financasMethods } from './financasMethods';
import { equipeMethods } from './equipeMethods';
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

/**
 * The panel's calls that are not CRUD, as named methods (react-admin's "custom methods"): screens
 * reach them with useDataProvider()/useMutation, so a 401 still signs out and no screen builds a
 * URL. The CRUD methods are ra-data-simple-rest's on our list contract.
 */
export interface PanelDataProvider extends DataProvider, Readonly<typeof relatoriosMethods>, Readonly<typeof equipeMethods> {
  /** Ativa/inativa (tipos de cliente): the server's record and its pt-BR message. */
  toggleStatus(resource: 'tipos-cliente', params: { id: Identifier }): Promise<ApiBody<TipoClienteResponse & RaRecord>>;
  /** A long list as the server streams it (CSV, the list's filter and sort), saved as a file. */
  exportCsv(resource: ExportableResource, params: ExportParams): Promise<void>;
  /** The dashboard figures of a period. */
  dashboard(periodo: string): Promise<ApiBody<DashboardResponse>>;
}

export const dataProvider: PanelDataProvider = {
  ...base,
  create: (resource, params) => base.create(resource, { ...params, data: withoutIds(params.data) }),
  update: (resource, params) => base.update(resource, { ...params, data: withoutIds(params.data) }),
  updateMany: (resource, params) => base.updateMany(resource, { ...params, data: withoutIds(params.data) }),
  ...emailMethods,
  ...registrosMethods,
  ...mensagensMethods,
  ...exportMethods,
  ...clientesMethods,
  ...relatoriosMethods,
  ...agendaMethods,
  ...financasMethods,
  ...equipeMethods,

  toggleStatus: (resource, { id }) => call(`/${resource}/${encodeURIComponent(String(id))}/toggle-status`, 'PUT'),
  dashboard: (periodo) => call(`/dashboard?periodo=${encodeURIComponent(periodo)}`),
};
