import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, RaRecord } from 'react-admin';
import { emailMethods } from './emailMethods';
import { mensagensMethods } from './mensagensMethods';
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

/**
 * The calls that are not CRUD (lookups, dashboard, toggle) and mutations whose `message` the
 * screen shows. Called through react-admin's useDataProvider(), so a 401 still signs out.
 */
export interface PanelDataProvider extends DataProvider {
  api<T = unknown>(path: string, init?: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown }): Promise<ApiBody<T>>;
}

export const dataProvider: PanelDataProvider = {
  ...base,
  create: (resource, params) => base.create(resource, { ...params, data: withoutIds(params.data) }),
  update: (resource, params) => base.update(resource, { ...params, data: withoutIds(params.data) }),
  updateMany: (resource, params) => base.updateMany(resource, { ...params, data: withoutIds(params.data) }),
  ...emailMethods,
  ...registrosMethods,
  ...mensagensMethods,

  async api<T>(path: string, init: { method?: string; body?: unknown } = {}) {
    const { json } = await apiFetch(`/api${path}`, {
      method: init.method ?? 'GET',
      body: init.body === undefined ? undefined : JSON.stringify(withoutIds(init.body as Partial<RaRecord>)),
    });
    const body = (json ?? {}) as ApiBody<T>;
    const data = Array.isArray(body.data) ? (body.data.map(withId) as T) : withId(body.data);
    return { ...body, data };
  },
};
