/*
 * react-admin's CRUD (ra-data-simple-rest) over the panel's one client: simple-rest builds the list
 * contract's URLs and reads Content-Range; the call itself, the session, the envelope, the records'
 * ids and the errors (ApiError: status, the server's pt-BR message, its body with the per-field
 * `errors` react-admin's forms show) are the shared client's.
 */
import type { fetchUtils } from 'react-admin';
import { dataOf, type ApiClient, type Method } from '@veritas/web';
import { webClient } from './webClient';

/** ra-data-simple-rest's httpClient over `client`, answering what fetchUtils.fetchJson answers. */
export function simpleRestClient(client: ApiClient) {
  return async (url: string, options: fetchUtils.Options = {}) => {
    // simple-rest hands a JSON text; the shared client takes the value (and strips the ids from it).
    const body = typeof options.body === 'string' ? (JSON.parse(options.body) as unknown) : undefined;
    const answer = await client.exchange(url, {
      method: (options.method ?? 'GET') as Method,
      body,
      // The client sets its own Content-Type (JSON, when there is a body). simple-rest's delete names
      // text/plain on a bodiless DELETE, which Fastify refuses with 415 (no parser for that type).
      headers: Object.fromEntries([...new Headers(options.headers).entries()].filter(([name]) => name !== 'content-type')),
      signal: options.signal ?? undefined,
    });
    return {
      status: answer.status,
      headers: answer.headers,
      get body() {
        return JSON.stringify(answer.body);
      },
      json: dataOf<unknown>(answer.body),
    };
  };
}

export const httpClient = simpleRestClient(webClient);
