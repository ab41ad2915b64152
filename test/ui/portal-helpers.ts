/*
 * Seeding and signing in for the client-area and registros browser tests. Everything goes
 * through the HTTP API of the running product, as a person (or the staff) would.
 */
import type { Page } from 'playwright-core';
import type { PageProblems } from '../support/browser';
import { registerCliente, type RunningApp } from '../support/server';

export type Cliente = Awaited<ReturnType<typeof registerCliente>>;

export class Seed {
  constructor(readonly app: RunningApp) {}

  async call<T = any>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.app.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async staffLogin(email: string, password: string): Promise<{ token: string; user: any }> {
    return this.call('POST', '/api/auth/login', null, { email, password });
  }

  async masterToken(): Promise<string> {
    return (await this.staffLogin(this.app.masterEmail, this.app.masterPassword)).token;
  }

  /** A staff member made by the master; returns its sign-in and profile. */
  async staff(master: string, username: string, nomeCompleto: string, permissions: string[], isAdmin = false) {
    const password = 'Equipe!2026pw';
    const created = await this.call('POST', '/api/users', master, { username, nomeCompleto, password, isAdmin, permissions });
    const login = await this.staffLogin(created.data.email, password);
    return { email: created.data.email as string, password, token: login.token, user: login.user };
  }

  async cliente(overrides: Record<string, string> = {}): Promise<Cliente & { token: string; data: any }> {
    const c = await registerCliente(this.app.baseUrl, overrides);
    const login = await this.call('POST', '/api/clientes/login', null, { email: c.email, password: c.password });
    return { ...c, token: login.token, data: login.data };
  }

  async solicitar(token: string, servico: string, descricao: string): Promise<any> {
    return (await this.call('POST', '/api/registros', token, { servico, descricao })).data;
  }

  async status(token: string, id: string, status: string, note?: string, visivelCliente?: boolean): Promise<any> {
    return (await this.call('PUT', `/api/registros/${id}/status`, token, { status, note, visivelCliente })).data;
  }

  async upload(token: string, name: string, content: Buffer, fields: Record<string, string>): Promise<any> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('arquivo', new Blob([new Uint8Array(content)]), name);
    const res = await fetch(`${this.app.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as any).data;
  }
}

/**
 * Signs a browser in without the login form (that form has its own tests): stores the session
 * the way /login does, then opens `path`, where the app checks the token with the server.
 */
export async function signInWithToken(page: Page, app: RunningApp, role: 'user' | 'cliente', token: string, profile: any, path: string) {
  await page.goto(`${app.baseUrl}/api/health`);
  await page.evaluate(
    ({ role, token, profile }) => {
      localStorage.clear();
      localStorage.setItem('token', token);
      localStorage.setItem('userRole', role);
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userData', JSON.stringify(profile));
      if (role === 'user') {
        const p: string[] = profile.permissions ?? [];
        localStorage.setItem('userType', p.includes('Master') ? 'master' : p.includes('Diretoria') ? 'diretoria' : 'associado');
      }
    },
    { role, token, profile },
  );
  await page.goto(app.baseUrl + path);
}

/**
 * What sticks out of the window sideways (empty when nothing scrolls sideways): the outermost
 * elements whose right edge passes the viewport's, named by tag and class for the failure message.
 */
export async function overflowingSideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const limit = root.clientWidth + 1;
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= limit) continue;
      const parent = el.parentElement;
      if (parent && parent.getBoundingClientRect().right > limit && parent !== document.body) continue;
      out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} (${Math.round(r.right)} px)`);
    }
    return out.length ? out : [`documento com ${root.scrollWidth} px`];
  });
}

/** No CSP violation, no uncaught error, no console error. */
export function expectNoPageProblems(problems: PageProblems, allow: RegExp[] = []) {
  expect(problems.cspViolations).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors.filter((text) => !allow.some((re) => re.test(text)))).toEqual([]);
}

/**
 * Signs in through the /login form on screen (reached by a redirect, or opened when `page` is
 * elsewhere). The form is a prerendered island: it is filled once the network rests, after hydration.
 */
export async function signInWithForm(page: Page, app: RunningApp, email: string, password: string) {
  if (new URL(page.url()).pathname !== '/login') await page.goto(`${app.baseUrl}/login`);
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
}
