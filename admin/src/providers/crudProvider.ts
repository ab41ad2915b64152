import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient, withoutIds } from './httpClient';

const base = simpleRestProvider('/api', httpClient);

/** react-admin's CRUD methods: ra-data-simple-rest on our list contract (see httpClient). */
export const crudMethods: DataProvider = {
  ...base,
  create: (resource, params) => base.create(resource, { ...params, data: withoutIds(params.data) }),
  update: (resource, params) => base.update(resource, { ...params, data: withoutIds(params.data) }),
  updateMany: (resource, params) => base.updateMany(resource, { ...params, data: withoutIds(params.data) }),
};
