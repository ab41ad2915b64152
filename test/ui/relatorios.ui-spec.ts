/*
 * Relatórios (issue 13): a report opens with its period and filters in the URL, shows the server's
 * figures in a chart and a table, and downloads as CSV and XLSX.
 */
import fs from 'node:fs';
import { withPage } from '../support/browser';
import { registerCliente } from '../support/server';
import { call, login, openPanel, panelSuite, STAFF_PASSWORD } from './painel-helpers';

const t = panelSuite();
const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const inicioAno = `${hoje.slice(0, 4)}-01-01`;

beforeAll(async () => {
  const cliente = await registerCliente(t.app.baseUrl);
  for (const servico of ['certidao-simplificada', 'certidao-simplificada', 'abertura-empresas']) {
    const r = await call(t.app, 'POST', '/api/registros', t.staff.master.token, { clienteId: cliente.id, servico, descricao: 'Pedido do relatório' });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  }
});

it("opens a report from the URL, with the server's figures in the chart's table and the report table", async () => {
  const api = await call(t.app, 'GET', `/api/relatorios/registros-por-servico?de=${inicioAno}&ate=${hoje}`, t.staff.master.token);
  expect(api.status).toBe(200);
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.master, `/painel/relatorios?nome=registros-por-servico&de=${inicioAno}&ate=${hoje}`);
    const table = page.getByRole('table', { name: 'Registros por serviço', exact: true });
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const expected = api.body.data.linhas.map((l: any) => [l.servico, String(l.total), String(l.abertos), String(l.concluidos), String(l.cancelados)]);
    expect(rows.slice(0, expected.length)).toEqual(expected);
    expect(rows.at(-1)).toEqual(['Total', '3', '3', '0', '0']);
    // The chart (its own chunk) is named by its totals; its table repeats the figures for screen readers.
    await page.getByRole('img', { name: /^Gráfico: Em aberto: 3; Concluídos: 0; Cancelados ou recusados: 0$/ }).waitFor();
    expect(await page.locator('table[data-chart-table] tbody tr').count()).toBe(expected.length);
  });
});

it('a filter goes into the URL and survives a reload', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.master, '/painel/relatorios?nome=registros-por-status');
    await page.getByRole('table', { name: 'Registros por status', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Serviço' }).click();
    await page.getByRole('option', { name: 'Abertura de Empresa' }).click();
    await page.waitForURL((u) => u.searchParams.get('servico') === 'abertura-empresas');
    await page.reload();
    const table = page.getByRole('table', { name: 'Registros por status', exact: true });
    await table.locator('tbody tr:last-child td:nth-child(2)').filter({ hasText: /^1$/ }).waitFor();
    expect(await table.locator('tbody tr:last-child td').first().textContent()).toBe('Total');
  });
});

it('downloads the report as CSV (BOM, ";") and as XLSX', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.master, `/painel/relatorios?nome=registros-por-status&de=${inicioAno}&ate=${hoje}`);
    await page.getByRole('table', { name: 'Registros por status', exact: true }).waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar CSV' }).click()]);
    const text = fs.readFileSync((await csv.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')[0]).toBe('Status;Quantidade;Percentual');
    expect(text).toContain('Total;3;100%');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar XLSX' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^registros-por-status-.*\.xlsx$/);
    // An XLSX is a ZIP: it starts with PK.
    expect(fs.readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');
  });
});

it('an associado is told the screen is not for it, and the server refuses it too', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.associado, '/painel/relatorios');
    await page.getByText('Você não tem permissão para acessar esta página.').waitFor();
  });
  expect((await call(t.app, 'GET', '/api/relatorios/registros-por-status', t.staff.associado.token)).status).toBe(403);
});

it('a financeiro opens Relatórios from its menu and finds the reports with money figures only', async () => {
  const r = await call(t.app, 'POST', '/api/users', t.staff.master.token, { username: 'fin.rel', nomeCompleto: 'Fernanda Financeiro', password: STAFF_PASSWORD, isAdmin: false, permissions: ['Financeiro'] });
  expect(r.status).toBe(201);
  const fin = await login(t.app, r.body.data.email, STAFF_PASSWORD);
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, fin, '/painel/relatorios');
    await page.getByRole('table', { name: 'Recebido e a receber por serviço', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Relatório' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['Recebido e a receber por serviço', 'Recebido e a receber por tipo de cliente']);
  });
  expect((await call(t.app, 'GET', '/api/relatorios/registros-por-status', fin.token)).status).toBe(403);
});
