/**
 * The authorisation matrix: every route of the API × {anonymous, cliente, associado, diretoria,
 * master}. 'ok' means the guard lets the caller through (any answer but 401/403); a number is the
 * exact status expected. Calls use ids that do not exist and bodies that fail validation, so no
 * cell changes data. Later issues add their routes here: a route missing from this table fails the
 * suite.
 */
export type Who = 'anonymous' | 'cliente' | 'associado' | 'diretoria' | 'master';
export type Expect = 'ok' | 401 | 403;
export interface MatrixRow {
  method: string;
  path: string;
  /** The concrete URL to call (path parameters filled). */
  url?: string;
  body?: unknown;
  expect: Record<Who, Expect>;
}

export const NO_ID = '00000000-0000-4000-8000-000000000000';

const anyone: Record<Who, Expect> = { anonymous: 'ok', cliente: 'ok', associado: 'ok', diretoria: 'ok', master: 'ok' };
const staff: Record<Who, Expect> = { anonymous: 401, cliente: 403, associado: 'ok', diretoria: 'ok', master: 'ok' };
const board: Record<Who, Expect> = { anonymous: 401, cliente: 403, associado: 403, diretoria: 'ok', master: 'ok' };
const clienteOnly: Record<Who, Expect> = { anonymous: 401, cliente: 'ok', associado: 403, diretoria: 403, master: 403 };

export const MATRIX: MatrixRow[] = [
  { method: 'GET', path: '/api/health', expect: anyone },
  { method: 'POST', path: '/api/auth/login', body: {}, expect: anyone },
  { method: 'GET', path: '/api/auth/me', expect: staff },
  { method: 'POST', path: '/api/auth/register', body: {}, expect: board },
  { method: 'GET', path: '/api/users', expect: board },
  { method: 'GET', path: '/api/users/:id', url: `/api/users/${NO_ID}`, expect: board },
  { method: 'POST', path: '/api/users', body: {}, expect: board },
  { method: 'PUT', path: '/api/users/:id', url: `/api/users/${NO_ID}`, body: {}, expect: board },
  { method: 'DELETE', path: '/api/users/:id', url: `/api/users/${NO_ID}`, expect: board },
  { method: 'POST', path: '/api/clientes/register', body: {}, expect: anyone },
  { method: 'POST', path: '/api/clientes/login', body: {}, expect: anyone },
  { method: 'GET', path: '/api/clientes/me', expect: clienteOnly },
];

export const MATRIX_GROUPS = { anyone, staff, board, clienteOnly };
