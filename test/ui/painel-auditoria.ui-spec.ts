/*
 * Auditoria (issue 16): the master's change shows in /painel/auditoria, filtered by entity and by
 * person, with the before → after of the entry; "Verificar integridade" for the master only; the
 * diretoria reads; an associado has no menu entry and is refused at the URL.
 */
import type { Page } from 'playwright-core';
import { cnpjCheckDigits } from '@veritas/common';
import { chooseOption, withPage } from '../support/browser';
import { call, isFailedLoad, openPanel, panelSuite, readMenu } from './painel-helpers';

const t = panelSuite();

const table = (page: Page) => page.getByRole('table', { name: 'Trilha de auditoria' });
const rows = (page: Page, text: string | RegExp) => table(page).getByRole('row').filter({ hasText: text });

let cliente: { _id: string; razaoSocial: string };

beforeAll(async () => {
  const base = `${String(Date.now() % 1e5).padStart(5, '0')}7770001`;
  const d = base + cnpjCheckDigits(base);
  const cnpj = `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  const r = await call(t.app, 'POST', '/api/clientes', t.staff.master.token, { razaoSocial: 'Padaria Auditada Ltda', cnpj, email: `auditada.${Date.now()}@exemplo.com.br`, password: 'Cliente!2026' });
  if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  cliente = r.body.data;
  // The change to find: the master renames the trade name and moves the client to Campinas.
  const u = await call(t.app, 'PUT', `/api/clientes/${cliente._id}`, t.staff.master.token, { nomeFantasia: 'Pão Auditado', cidade: 'Campinas' });
  if (u.status !== 200) throw new Error(`${u.status} ${JSON.stringify(u.body)}`);
  // A charge of the client: on the client's own trail too.
  const c = await call(t.app, 'POST', '/api/cobrancas', t.staff.diretoria.token, { clienteId: cliente._id, linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor: 80 }] });
  if (c.status !== 201) throw new Error(`${c.status} ${JSON.stringify(c.body)}`);
  // Someone else's change, to be filtered out by person.
  const o = await call(t.app, 'POST', '/api/calendario/feriados', t.staff.diretoria.token, { data: '2031-03-19', nome: 'Dia do Padroeiro' });
  if (o.status !== 201) throw new Error(`${o.status} ${JSON.stringify(o.body)}`);
});

describe('Auditoria', () => {
  it('the master filters by entity and person, opens the entry and sees before → after, and verifies the chain', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel');
      const menu = await readMenu(page);
      expect(menu.items).toContainEqual(['Auditoria', '/painel/auditoria']);
      await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Auditoria' }).click();
      await page.getByRole('heading', { name: 'Auditoria', level: 1 }).waitFor();
      await rows(page, 'Dia do Padroeiro').or(rows(page, 'Feriado da empresa: criação')).first().waitFor();

      // By entity: Clientes.
      await chooseOption(page, page.getByRole('combobox', { name: 'Entidade' }), 'Clientes');
      await page.waitForURL(/filter=.*entidade.*clientes/);
      await rows(page, 'Cliente: alteração').first().waitFor();
      await rows(page, 'Feriado da empresa: criação').waitFor({ state: 'detached' });

      // By person: the master (the entity filter cleared, so the person's filter alone keeps the feriado out).
      await page.goto(`${t.app.baseUrl}/painel/auditoria?filter=%7B%7D`);
      await rows(page, 'Feriado da empresa: criação').first().waitFor();
      await page.getByRole('combobox', { name: 'Pessoa' }).click();
      await page.getByRole('combobox', { name: 'Pessoa' }).fill('Administrador');
      await page.getByRole('option', { name: /Administrador Master/ }).click();
      await page.waitForURL(/filter=.*atorId/);
      const update = rows(page, 'Cliente: alteração').first();
      await update.waitFor();
      await rows(page, 'Feriado da empresa: criação').waitFor({ state: 'detached' });
      expect(await update.textContent()).toContain('Administrador Master');
      expect(await update.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);

      // The entry opens on its diff: field, before, after.
      await update.click();
      const diff = page.getByRole('table', { name: 'Alterações' });
      await diff.waitFor();
      const cidade = diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'cidade' }) });
      expect((await cidade.getByRole('cell').allTextContents()).map((s) => s.trim())).toEqual(['—', 'Campinas']);
      const fantasia = diff.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'nomeFantasia' }) });
      expect((await fantasia.getByRole('cell').allTextContents())[1]).toBe('Pão Auditado');

      await page.getByRole('button', { name: 'Verificar integridade' }).click();
      await page.getByRole('status').getByText(/^Trilha íntegra: \d+ entradas conferidas\.$/).waitFor();
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it("the client's details show its trail, with its charges", async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, `/painel/clientes/${cliente._id}/show`);
      const trail = page.getByRole('region', { name: 'Histórico de alterações' });
      await trail.getByRole('row').filter({ hasText: 'Cliente: alteração' }).first().waitFor();
      await trail.getByRole('row').filter({ hasText: 'Cliente: criação' }).first().waitFor();
      expect(await trail.getByRole('row').filter({ hasText: 'Cobrança: criação' }).first().textContent()).toContain('Cobranças');
      expect(problems.pageErrors).toEqual([]);
    });
  });

  it('the diretoria reads the list without the verify button; an associado has no menu entry and is refused', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/auditoria');
      await page.getByRole('heading', { name: 'Auditoria', level: 1 }).waitFor();
      await rows(page, 'Cliente: alteração').first().waitFor();
      expect(await page.getByRole('button', { name: 'Verificar integridade' }).count()).toBe(0);
      expect(problems.pageErrors).toEqual([]);
    });
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.associado, '/painel');
      const menu = await readMenu(page);
      expect(menu.items.map(([label]) => label)).not.toContain('Auditoria');
      await page.goto(`${t.app.baseUrl}/painel/auditoria`);
      await page.getByText('Você não tem permissão para acessar esta página.').waitFor();
      expect(await table(page).count()).toBe(0);
      expect(problems.consoleErrors.filter((e) => !isFailedLoad(e))).toEqual([]);
      // And the server refuses it too.
      expect((await call(t.app, 'GET', '/api/auditoria', t.staff.associado.token)).status).toBe(403);
    });
  });
});
