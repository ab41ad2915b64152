/*
 * Issue 54 in Chromium, against the built product: Sair ends the session on the server, and Back
 * after it does not show the panel's or the portal's data again.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { registerCliente, startApp } from '../support/server';

type App = Awaited<ReturnType<typeof startApp>>;

let app: App;
let chromium: LaunchedBrowser;
let browser: Browser;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp(), launchBrowser()]);
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

const url = (path: string) => app.baseUrl + path;
const waitForPath = (page: Page, path: string) => page.waitForURL((u) => u.pathname === path, { timeout: 15_000 });
const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));
/** The status the API gives `token` now. */
const statusWith = async (token: string, path: string) => (await fetch(url(path), { headers: { authorization: `Bearer ${token}` } })).status;

async function signIn(page: Page, email: string, password: string, lands: string) {
  await page.goto(url('/login'));
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
  await waitForPath(page, lands);
}

it('the portal: Sair ends the token on the server, and Back shows the login, not the client’s data', async () => {
  const cliente = await registerCliente(app.baseUrl);
  await withPage(browser, async (page) => {
    await signIn(page, cliente.email, cliente.password, '/cliente');
    const greeting = page.getByRole('heading', { name: `Olá, ${cliente.razaoSocial}` });
    await greeting.waitFor({ timeout: 15_000 });
    const token = (await storedToken(page))!;
    expect(await statusWith(token, '/api/clientes/me')).toBe(200);

    await page.getByRole('button', { name: 'Sair' }).click();
    await waitForPath(page, '/login');
    expect(await statusWith(token, '/api/clientes/me')).toBe(401);

    await page.goBack();
    await waitForPath(page, '/login');
    await page.getByLabel('E-mail').waitFor();
    expect(await greeting.count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
  });
});

it('the panel: Sair ends the token on the server, and Back shows the login, not the panel', async () => {
  await withPage(browser, async (page) => {
    await signIn(page, app.masterEmail, app.masterPassword, '/painel');
    const greeting = page.getByText('Olá, Administrador Master');
    await greeting.waitFor({ timeout: 15_000 });
    const token = (await storedToken(page))!;
    expect(await statusWith(token, '/api/auth/me')).toBe(200);

    await page.getByRole('menuitem', { name: 'Sair' }).or(page.getByRole('button', { name: 'Sair' })).first().click();
    await waitForPath(page, '/login');
    expect(await statusWith(token, '/api/auth/me')).toBe(401);

    await page.goBack();
    await waitForPath(page, '/login');
    await page.getByLabel('E-mail').waitFor();
    expect(await greeting.count()).toBe(0);
  });
});

it('Meus dados: "Sair de todos os dispositivos" ends the client’s other sessions too', async () => {
  const cliente = await registerCliente(app.baseUrl);
  const other = await fetch(url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: cliente.email, password: cliente.password }) });
  const otherToken = ((await other.json()) as { token: string }).token;
  expect(await statusWith(otherToken, '/api/clientes/me')).toBe(200);
  await withPage(browser, async (page) => {
    await signIn(page, cliente.email, cliente.password, '/cliente');
    await page.getByRole('button', { name: 'Meus dados' }).click();
    await page.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
    await waitForPath(page, '/login');
    expect(await statusWith(otherToken, '/api/clientes/me')).toBe(401);
  });
});
