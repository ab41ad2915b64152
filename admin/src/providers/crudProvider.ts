import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient';

const base = simpleRestProvider('/api', httpClient);

/** react-admin's CRUD methods: ra-data-simple-rest on our list contract, through the panel's client (see httpClient). */
export const crudMethods: DataProvider = {
  ...base,
  getList: async (resource, params) => {
    const result = await base.getList(resource, params);
    if (!Number.isNaN(result.total)) return result;
    // `Content-Range: <resource> a-b/*`: the server stopped counting (more than CONTAGEM_LIMITE
    // matches), so the list pages without a total (react-admin's partial pagination).
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    return { data: result.data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: result.data.length === perPage } };
  },
};
