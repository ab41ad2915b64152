/*
 * Issue 53 (ADR 0052): the portal's Novidades. The header says how many notices are unread; the list
 * opens each one on its screen and marks it read; "Marcar todas como lidas" clears the rest.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { expectNoPageProblems, Seed, signInWithToken } from './portal-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp(), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

it('a status change reaches Novidades: the badge counts it, opening it lands on the registro and marks it read', async () => {
  // Three notices: the welcome, the request received, its status change.
  const ana = await seed.cliente({ razaoSocial: 'Padaria Novidades Ltda' });
  const registro = await seed.solicitar(ana.token, 'alteracoes-contratuais', 'Mudança de endereço da sede');
  await seed.status(await seed.masterToken(), registro._id, 'andamento');

  await withPage(browser, async (page, problems) => {
    await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente');
    const entrada = page.getByRole('button', { name: 'Novidades, 3 não lidas' });
    await entrada.waitFor({ timeout: 15_000 });
    await entrada.click();

    const dialog = page.getByRole('dialog', { name: 'Novidades' });
    await dialog.getByText('3 novidades não lidas.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/cliente/novidades');
    const status = dialog.getByRole('link', { name: new RegExp(`Registro ${registro.numero}`) }).first();
    await status.click();

    await page.getByRole('dialog', { name: `Registro ${registro.numero}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/cliente/registros/${registro._id}`);
    await page.getByRole('button', { name: 'Novidades, 2 não lidas' }).waitFor();

    await page.goBack();
    await dialog.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await dialog.getByText('Nenhuma novidade não lida.').waitFor();
    await page.getByRole('button', { name: 'Novidades', exact: true }).waitFor();
    expectNoPageProblems(problems);
  });
});
