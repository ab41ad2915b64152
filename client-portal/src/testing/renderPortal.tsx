/*
 * The portal as a component test meets it: its routes in a memory router at an address (declared
 * as the app declares them), a fresh query cache, a signed-in client in localStorage and the API
 * answered by `answer` through the app's own client (only `fetch` is replaced). Every call is kept.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { createQueryClient } from '../lib/queries';
import { PortalRoutes } from '../routes';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** What the fake server says to one call: a body sent as `{ data }` (status 200), or a status and body. */
export type Answer = { data: unknown; total?: number; naoLidas?: number } | { status: number; body: unknown };

export const CLIENTE = {
  _id: 'c-1',
  razaoSocial: 'Padaria Pão Quente Ltda',
  nomeFantasia: 'Pão Quente',
  cnpj: '11222333000181',
  email: 'contato@paoquente.com.br',
};

const EMPTY_LIST = { data: [], total: 0 };

/** Answers every call the dashboard and the tabs make with nothing, the profile with CLIENTE. */
export function emptyPortal(call: Call): Answer | undefined {
  if (call.path === '/api/clientes/me') return { data: CLIENTE };
  if (/^\/api\/(registros|documentos|cobrancas)\/me(\?|$)/.test(call.path)) return EMPTY_LIST;
  if (call.path === '/api/registros/me/pendencias') return { data: { exigencias: [], documentos: [] } };
  if (call.path === '/api/agenda/me') return { data: [] };
  if (call.path === '/api/clientes/me/solicitacoes') return { data: [] };
  if (call.path.startsWith('/api/clientes/me/novidades?')) return { data: [], total: 0, naoLidas: 0 };
  if (/^\/api\/registros\/[^/]+\/mensagens\?/.test(call.path)) return { data: [], total: 0, naoLidas: 0 };
  if (call.path === '/api/clientes/me/notificacoes') return { data: { andamento: true, documentos: true, mensagens: true, cobrancas: true, agenda: true } };
  return undefined;
}

export function renderPortal(address: string, answer: (call: Call) => Answer | undefined) {
  const calls: Call[] = [];
  window.localStorage.clear();
  window.localStorage.setItem('token', 'token-de-teste');
  window.localStorage.setItem('userRole', 'cliente');
  window.localStorage.setItem('isAuthenticated', 'true');
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const a = answer(call) ?? emptyPortal(call);
    if (!a) throw new Error(`chamada inesperada: ${call.method} ${call.path}`);
    const [status, body] = 'status' in a ? [a.status, a.body] : [200, a];
    return { ok: status < 400, status, text: async () => JSON.stringify(body) } as Response;
  }) as typeof fetch;
  const where = { pathname: '', search: '' };
  function Where() {
    Object.assign(where, useLocation());
    return null;
  }
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[address]}>
        <PortalRoutes />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  /** The address on screen, as the router holds it. */
  const location = () => `${where.pathname}${where.search}`;
  return { ...view, location, calls };
}
