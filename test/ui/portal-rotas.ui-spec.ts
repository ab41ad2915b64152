/*
 * Issue 51: the client area on react-router and TanStack Query. Its tabs and records are addresses
 * in the browser's history (Back, bookmarks, reloads), a deep link opened signed out comes back
 * after the sign-in, and a change made in a dialog reaches every screen that shows it at once.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { expectNoPageProblems, Seed, signInWithForm, signInWithToken } from './portal-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;
let ana: Awaited<ReturnType<Seed['cliente']>>;
let aberto: any;
let cancelado: any;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp(), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
  ana = await seed.cliente({ razaoSocial: 'Padaria Pão Quente Ltda' });
  cancelado = await seed.solicitar(ana.token, 'consultoria', 'Consultoria sobre o enquadramento tributário');
  await seed.status(ana.token, cancelado._id, 'cancelado');
  aberto = await seed.solicitar(ana.token, 'alteracoes-contratuais', 'Mudança de endereço da sede');
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** Each tab, its address and a heading only its panel has. */
const TABS = [
  ['Registros e Solicitações', '/cliente/registros', 'Registros e Solicitações'],
  ['Documentos', '/cliente/documentos', 'Documentos'],
  ['Financeiro', '/cliente/financeiro', 'Financeiro'],
  ['Agenda', '/cliente/agenda', 'Agenda'],
  ['FAQs', '/cliente/faq', 'Perguntas Frequentes'],
] as const;

async function expectTab(page: Page, name: string, heading: string) {
  await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
  expect(await tab(page, name).getAttribute('aria-selected')).toBe('true');
  expect(await page.getByRole('tab', { selected: true }).count()).toBe(1);
}

describe('tabs and records are addresses', () => {
  it('each tab gets its address; Back walks back through them and Forward again', async () => {
    await withPage(browser, async (page, problems) => {
      await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente');
      await page.getByRole('heading', { name: 'Olá, Padaria Pão Quente Ltda' }).waitFor({ timeout: 15_000 });
      for (const [name, path, heading] of TABS) {
        await tab(page, name).click();
        await expectTab(page, name, heading);
        expect(pathOf(page)).toBe(path);
      }
      // The browser's history names the tab.
      expect(await page.title()).toBe('FAQs — Área do Cliente | Veritas Assessoria Empresarial');

      for (const [name, path, heading] of [...TABS].reverse().slice(1)) {
        await page.goBack();
        await expectTab(page, name, heading);
        expect(pathOf(page)).toBe(path);
      }
      await page.goBack();
      await page.getByRole('heading', { name: 'Olá, Padaria Pão Quente Ltda' }).waitFor();
      expect(pathOf(page)).toBe('/cliente');
      expect(await tab(page, 'Dashboard').getAttribute('aria-selected')).toBe('true');

      await page.goForward();
      await expectTab(page, 'Registros e Solicitações', 'Registros e Solicitações');
      expectNoPageProblems(problems);
    });
  });

  it('a bookmarked tab, filtered list or record opens as it was, and again after a reload', async () => {
    await withPage(browser, async (page, problems) => {
      await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente/agenda');
      await expectTab(page, 'Agenda', 'Agenda');

      for (const [name, path, heading] of TABS) {
        await page.goto(app.baseUrl + path);
        await expectTab(page, name, heading);
        await page.reload();
        await expectTab(page, name, heading);
        expect(pathOf(page)).toBe(path);
      }

      // A list's filters live in its address: a bookmark keeps them, and the filter bar shows them.
      await page.goto(`${app.baseUrl}/cliente/registros?status=cancelado`);
      await page.locator('tbody tr').first().waitFor();
      expect(await page.locator('tbody tr td:first-child').allTextContents()).toEqual([cancelado.numero]);
      expect(await page.getByLabel('Status').inputValue()).toBe('cancelado');
      await page.getByLabel('Buscar', { exact: true }).fill('endereço');
      await page.waitForURL((u) => u.searchParams.get('busca') === 'endereço');
      await page.getByLabel('Status').selectOption('');
      await page.waitForFunction((n) => [...document.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent).join() === n, aberto.numero);
      await page.reload();
      expect(await page.getByLabel('Buscar', { exact: true }).inputValue()).toBe('endereço');
      await page.waitForFunction((n) => [...document.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent).join() === n, aberto.numero);

      // A record's dialog over its list; closing it leaves the list, filters kept.
      await page.goto(`${app.baseUrl}/cliente/registros/${aberto._id}?busca=endere%C3%A7o`);
      const dialog = page.getByRole('dialog', { name: `Registro ${aberto.numero}` });
      await dialog.getByRole('heading', { name: 'Andamento' }).waitFor();
      await page.reload();
      await dialog.getByRole('heading', { name: 'Andamento' }).waitFor();
      expect(await tab(page, 'Registros e Solicitações').getAttribute('aria-selected')).toBe('true');
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/cliente/registros');
      expect(await page.getByLabel('Buscar', { exact: true }).inputValue()).toBe('endereço');

      // An address the portal does not know shows the dashboard.
      await page.goto(`${app.baseUrl}/cliente/nada/por/aqui`);
      await page.getByRole('heading', { name: 'Olá, Padaria Pão Quente Ltda' }).waitFor();
      expect(pathOf(page)).toBe('/cliente');
      expectNoPageProblems(problems);
    });
  });

  it('a registro address with no record in it says "não encontrado" with nothing in the console (issue 58)', async () => {
    await withPage(browser, async (page, problems) => {
      await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente/registros/inexistente');
      await page.getByRole('dialog', { name: 'Registro' }).getByText('Registro não encontrado.').waitFor();
      expectNoPageProblems(problems);
    });
  });

  it('the server answers the portal page for every address under /cliente', async () => {
    for (const path of ['/cliente', '/cliente/registros', `/cliente/registros/${aberto._id}`, '/cliente/financeiro/qualquer', '/cliente/meus-dados']) {
      const res = await fetch(app.baseUrl + path);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, expect.stringContaining('text/html')]);
      // The portal's index.html: the frame prerendered in its root (ADR 0059).
      expect(await res.text()).toContain('<div id="root"><div class="portal">');
    }
  });
});

describe('signed out', () => {
  it('a deep link to a registro goes to /login and, after the sign-in, back to the same address', async () => {
    await withPage(browser, async (page, problems) => {
      const address = `/cliente/registros/${aberto._id}`;
      await page.goto(app.baseUrl + address);
      await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get('next')).toBe(address);
      await signInWithForm(page, app, ana.email, ana.password);
      await page.waitForURL((u) => u.pathname === address, { timeout: 15_000 });
      await page.getByRole('dialog', { name: `Registro ${aberto.numero}` }).getByRole('heading', { name: 'Andamento' }).waitFor();
      expect(await tab(page, 'Registros e Solicitações').getAttribute('aria-selected')).toBe('true');
      // Closing it shows its list: the portal's own history begins at the address asked for.
      await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
      await page.getByRole('heading', { name: 'Registros e Solicitações', level: 1 }).waitFor();
      expect(pathOf(page)).toBe('/cliente/registros');
      expectNoPageProblems(problems, [/status of 401/]);
    });
  });

  it.each([
    '//evil.example/cliente/registros',
    'https://evil.example/cliente',
    '/painel/usuarios',
    '/cliente/../painel',
  ])('a sign-in never follows next=%s: the client lands on its area', async (next) => {
    await withPage(browser, async (page) => {
      await page.goto(`${app.baseUrl}/login?next=${encodeURIComponent(next)}`);
      await signInWithForm(page, app, ana.email, ana.password);
      await page.getByRole('heading', { name: 'Olá, Padaria Pão Quente Ltda' }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).origin).toBe(app.baseUrl);
      expect(pathOf(page)).toBe('/cliente');
    });
  });
});

describe('a change reaches every screen that shows it', () => {
  it('cancelling a request refreshes its dialog (no current stage, nothing pending), the list and the dashboard', async () => {
    const bia = await seed.cliente({ razaoSocial: 'Bia Doces Finos Ltda' });
    const r = await seed.solicitar(bia.token, 'abertura-empresas', 'Abertura de filial em Campinas');
    await withPage(browser, async (page, problems) => {
      await signInWithToken(page, app, 'cliente', bia.token, bia.data, '/cliente');
      const emAberto = page.getByRole('button', { name: /^Meus Registros/ });
      await emAberto.getByText('1 em aberto').waitFor({ timeout: 15_000 });
      const aguardando = page.getByRole('region', { name: 'Aguardando você' });
      await aguardando.getByText(/Documento de identidade e CPF de cada sócio/).waitFor();

      await page.getByRole('button', { name: `Detalhes do registro ${r.numero}` }).click();
      const dialog = page.getByRole('dialog', { name: `Registro ${r.numero}` });
      const steps = dialog.getByRole('list', { name: 'Etapas do processo' }).getByRole('listitem');
      await steps.first().getByText('Etapa atual — a iniciar').waitFor();
      const item = dialog.getByRole('list', { name: 'Documentos necessários' }).getByRole('listitem', { name: 'Documento de identidade e CPF de cada sócio' });
      await item.getByText('Pendente', { exact: true }).waitFor();
      expect(await item.getByRole('button', { name: 'Enviar' }).count()).toBe(1);

      await dialog.getByRole('button', { name: 'Cancelar solicitação' }).click();
      await dialog.getByLabel('Motivo (opcional)').fill('Desistimos da filial.');
      await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();

      // The same dialog, without a reload: closed, nothing current, nothing asked of the client.
      await dialog.locator('.details .status--cancelado').waitFor();
      await item.getByText('Não enviado', { exact: true }).waitFor();
      expect(await dialog.getByText('Etapa atual', { exact: false }).count()).toBe(0);
      expect(await dialog.locator('[aria-current="step"]').count()).toBe(0);
      expect(await steps.first().textContent()).toContain('Não realizada');
      expect(await dialog.getByText('Pendente', { exact: true }).count()).toBe(0);
      expect(await item.getByRole('button', { name: 'Enviar' }).count()).toBe(0);
      expect(await dialog.getByText('Anexar documento a este registro').count()).toBe(0);
      expect(await dialog.getByRole('button', { name: 'Cancelar solicitação' }).count()).toBe(0);
      expect(await dialog.locator('.timeline__item').last().textContent()).toContain('Desistimos da filial.');

      // Back to the dashboard it was opened from: the counts, the pendências and the table follow.
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/cliente');
      await emAberto.getByText('0 em aberto').waitFor();
      await aguardando.waitFor({ state: 'detached' });
      await page.locator('tbody .status--cancelado').waitFor();
      // And the list tab, not yet shown, asks again when it is opened.
      await tab(page, 'Registros e Solicitações').click();
      await page.locator('tbody .status--cancelado').waitFor();
      expect(await page.locator('tbody .status--pendente').count()).toBe(0);
      expectNoPageProblems(problems);
    });
  });
});
