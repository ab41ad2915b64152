/*
 * Helpers of the staff panel's browser tests: seeding through the HTTP API as a person with a
 * token would, and signing in by storing the session the /login page stores.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { saveStaffLogin, type StaffLoginResponse } from '@veritas/common';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';

export const STAFF_PASSWORD = 'Equipe!2026';

export interface Http {
  status: number;
  body: any;
}

/** One call to the API, as JSON, optionally with a bearer token. */
export async function call(app: RunningApp, method: string, path: string, token?: string, body?: unknown): Promise<Http> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(app.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function login(app: RunningApp, email: string, password: string): Promise<StaffLoginResponse> {
  const r = await call(app, 'POST', '/api/auth/login', undefined, { email, password });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export type StaffName = 'master' | 'diretoria' | 'associado';
export type Staff = Record<StaffName, StaffLoginResponse>;

/** The master, plus a diretoria and an associado it creates. */
export async function seedStaff(app: RunningApp): Promise<Staff> {
  const master = await login(app, app.masterEmail, app.masterPassword);
  const make = async (username: string, nomeCompleto: string, permissions: string[], isAdmin: boolean) => {
    const r = await call(app, 'POST', '/api/users', master.token, { username, nomeCompleto, password: STAFF_PASSWORD, isAdmin, permissions });
    if (r.status !== 201) throw new Error(`create ${username}: ${r.status} ${JSON.stringify(r.body)}`);
    return login(app, r.body.data.email, STAFF_PASSWORD);
  };
  return {
    master,
    diretoria: await make('dir.ana', 'Ana Diretora', ['Diretoria'], true),
    associado: await make('assoc.bruno', 'Bruno Associado', ['Associados'], false),
  };
}

export interface PanelSuite {
  app: RunningApp;
  browser: Browser;
  staff: Staff;
}

/**
 * One built server (fresh SQLite) and one Chromium for a test file, with master, diretoria and
 * associado seeded. Read the fields inside tests (they are set in beforeAll).
 */
export function panelSuite(options: { env?: () => Record<string, string>; dataDir?: () => string } = {}): PanelSuite {
  const suite = {} as PanelSuite;
  let chromium: LaunchedBrowser | undefined;
  beforeAll(async () => {
    const [app, launched] = await Promise.all([startApp({ env: options.env?.(), dataDir: options.dataDir?.() }), launchBrowser()]);
    chromium = launched;
    suite.app = app;
    suite.browser = launched.browser;
    suite.staff = await seedStaff(app);
  });
  afterAll(async () => {
    await chromium?.close();
    await suite.app?.stop();
  });
  return suite;
}

/**
 * Opens `path` in the panel signed in as `who`: the session is stored exactly as the /login page
 * stores it (saveStaffLogin), then the panel loads and checks it with the server.
 */
export async function openPanel(page: Page, app: RunningApp, who: StaffLoginResponse, path = '/painel', extra: Record<string, string> = {}) {
  const store = new Map<string, string>();
  saveStaffLogin(
    { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    who,
  );
  for (const [k, v] of Object.entries(extra)) store.set(k, v);
  // Any page of the origin will do, as long as it does not navigate by itself (/login signs a stored
  // session in and leaves for /painel, racing the goto below).
  await page.goto(app.baseUrl + '/api/health');
  await page.evaluate((entries) => {
    window.localStorage.clear();
    for (const [k, v] of entries) window.localStorage.setItem(k, v);
  }, [...store.entries()]);
  await page.goto(app.baseUrl + path);
  // On a phone the menu is a closed drawer: wait for the app bar's profile button instead.
  // The page's default timeout (Playwright's 30 s unless the test set more for a loaded machine).
  // includeHidden: a path that opens a modal (a client's form) sets aria-hidden on the rest of the
  // page; if the modal opens before the first look, the menu is there but out of the roles' tree.
  const ready = (page.viewportSize()?.width ?? 1280) < 600
    ? page.getByRole('button', { name: 'Perfil', includeHidden: true })
    : page.getByRole('navigation', { name: 'Menu do painel', includeHidden: true });
  await ready.waitFor();
}

/** The side menu's heading and entries (label and href), in order. */
export async function readMenu(page: Page): Promise<{ heading: string; items: [string, string][] }> {
  const nav = page.getByRole('navigation', { name: 'Menu do painel' });
  const heading = (await nav.getByRole('heading').textContent())?.trim() ?? '';
  const items = await nav.locator('a').evaluateAll((links) =>
    links.map((a) => [(a.textContent ?? '').trim(), a.getAttribute('href') ?? ''] as [string, string]),
  );
  return { heading, items };
}

export const storageItem = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

/** Waits for a notification (react-admin's snackbar) saying exactly `text` (or matching it). */
export async function notified(page: Page, text: string | RegExp): Promise<void> {
  await page
    .locator('.MuiSnackbar-root')
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .waitFor({ timeout: 10_000 });
}

/** Browser-logged failed loads (a refused call shows as one): expected where a test provokes them. */
export const isFailedLoad = (text: string) => /Failed to load resource: the server responded with a status of (4\d\d|5\d\d)/.test(text);

export interface EscapeWatch {
  /** Requests to any host but the app's (answered here with a pixel: nothing leaves, no internet in tests). */
  foreign: string[];
  dialogs: string[];
  popups: number;
  /** URLs the main frame navigated to. */
  navigations: string[];
}

/**
 * Records (and stops) everything that would leave the page: requests to any other host, dialogs,
 * new windows, navigations of the page itself. Requests to other hosts get a 1-pixel PNG, so no
 * test ever reaches the internet; `passThrough` lets some really go (a local beacon that counts).
 */
export function watchForEscapes(page: Page, context: BrowserContext, app: RunningApp, passThrough: (url: URL) => boolean = () => false): EscapeWatch {
  const own = new URL(app.baseUrl).host;
  const watch: EscapeWatch = { foreign: [], dialogs: [], popups: 0, navigations: [] };
  const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  void context.route(
    (url) => /^https?:$/.test(url.protocol) && url.host !== own,
    async (route) => {
      const url = route.request().url();
      watch.foreign.push(url);
      if (passThrough(new URL(url))) await route.continue();
      else await route.fulfill({ status: 200, contentType: 'image/png', body: pixel });
    },
  );
  page.on('dialog', (d) => {
    watch.dialogs.push(d.message());
    void d.dismiss();
  });
  context.on('page', () => (watch.popups += 1));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) watch.navigations.push(frame.url());
  });
  return watch;
}
