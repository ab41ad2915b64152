/*
 * The panel's lists on react-admin (issue 10): a column sorts on the server and the URL says so,
 * a filter in the URL survives navigation and reload, the export is a pt-BR CSV, and the theme
 * switches to dark.
 */
import fs from 'node:fs';
import { withPage } from '../support/browser';
import { call, openPanel, panelSuite } from './painel-helpers';

const t = panelSuite();

const names = (page: import('playwright-core').Page) =>
  page.getByRole('table', { name: 'Tipos de cliente' }).locator('tbody tr td:first-child').allTextContents();

beforeAll(async () => {
  for (const [nome, valor] of [['Beta Ltda', 10], ['Alfa ME', 1234.5], ['Gama SA', 0]] as const) {
    const r = await call(t.app, 'POST', '/api/tipos-cliente', t.staff.master.token, { nome, servicos: [{ nome: 'Abertura', valor }] });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  }
});

it('sorting a column changes the order and the URL', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.master, '/painel/tipos-cliente');
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Tipos de cliente"] tbody tr').length === 3);
    expect(await names(page)).toEqual(['Alfa ME', 'Beta Ltda', 'Gama SA']);
    await page.getByRole('columnheader', { name: 'Nome' }).getByRole('button').click();
    await page.waitForURL((u) => (u.searchParams.get('order') ?? '') === 'DESC');
    await page.waitForFunction(() => document.querySelector('table[aria-label="Tipos de cliente"] tbody tr td')?.textContent === 'Gama SA');
    expect(await names(page)).toEqual(['Gama SA', 'Beta Ltda', 'Alfa ME']);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('nome');
  });
});

it('a filter in the URL survives navigation and reload', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.master, '/painel/tipos-cliente');
    await page.getByRole('searchbox', { name: 'Buscar tipos de cliente...' }).fill('gama');
    await page.waitForURL((u) => (u.searchParams.get('filter') ?? '').includes('gama'));
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Tipos de cliente"] tbody tr').length === 1);
    await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByText('Dashboard Master').waitFor();
    await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Tipos de Cliente' }).click();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Tipos de cliente"] tbody tr').length === 1);
    expect(await page.getByRole('searchbox', { name: 'Buscar tipos de cliente...' }).inputValue()).toBe('gama');
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Tipos de cliente"] tbody tr').length === 1);
    expect(await names(page)).toEqual(['Gama SA']);
    expect(new URL(page.url()).searchParams.get('filter')).toContain('gama');
  });
});

it('Exportar downloads a CSV with pt-BR headers, dates and BRL values', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.master, '/painel/tipos-cliente');
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Tipos de cliente"] tbody tr').length === 3);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toBe('tipos-de-cliente.csv');
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Nome;Serviços;Status;Data de Cadastro;Última atualização');
    const alfa = lines.find((l) => l.startsWith('Alfa ME;'))!;
    expect(alfa.replace(/\u00a0/g, ' ')).toMatch(/^Alfa ME;Abertura: R\$ 1\.234,50;Ativo;\d{2}\/\d{2}\/\d{4};\d{2}\/\d{2}\/\d{4}$/);
    expect(lines).toHaveLength(4);
  });
});

it('the app bar switches to the dark theme and back', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.master, '/painel/tipos-cliente');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Alternar tema claro/escuro' }).click();
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor !== before, light);
    const dark = await background();
    // Darker: the sum of the channels drops.
    const sum = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((a, n) => a + Number(n), 0);
    expect(sum(dark)).toBeLessThan(sum(light));
    await page.getByRole('button', { name: 'Alternar tema claro/escuro' }).click();
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor === before, light);
  });
});
