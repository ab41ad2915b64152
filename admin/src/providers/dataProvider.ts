import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, RaRecord } from 'react-admin';
import { httpClient } from './httpClient';

const base = simpleRestProvider('/api', httpClient);

/** `id` is ours (added by httpClient) and `_id` is the server's: neither goes back in a body. */
function withoutIds<T extends Partial<RaRecord>>(data: T): Omit<T, 'id' | '_id'> {
  const { id: _id1, _id: _id2, ...rest } = data as T & { _id?: unknown };
  return rest;
}

export const dataProvider: DataProvider = {
  ...base,
  create: (resource, params) => base.create(resource, { ...params, data: withoutIds(params.data) }),
  update: (resource, params) => base.update(resource, { ...params, data: withoutIds(params.data) }),
  updateMany: (resource, params) => base.updateMany(resource, { ...params, data: withoutIds(params.data) }),
};
