/*
 * The panel's lists on react-admin (issue 10): a column sorts on the server and the URL says so,
 * a filter in the URL survives navigation and reload, the export is a pt-BR CSV, and the theme
 * switches to dark.
 */
import fs from 'node:fs';
import { withPage } from '../support/browser';
import { registerCliente } from '../support/server';
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
    // The list drawn: the panel is mounted and its handlers attached (a click before that is lost).
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Tipos de cliente"] tbody tr').length > 0);
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

describe('Registros, Documentos and Mensagens on the same lists', () => {
  const numeros: string[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    const reg = await registerCliente(t.app.baseUrl, { razaoSocial: 'Lista Registros Ltda' });
    const token = (await call(t.app, 'POST', '/api/clientes/login', undefined, { email: reg.email, password: reg.password })).body.token;
    for (const descricao of ['Primeira certidão', 'Segunda certidão', 'Terceira certidão']) {
      const r = await call(t.app, 'POST', '/api/registros', token, { servico: 'certidao-simplificada', descricao });
      if (r.status !== 201) throw new Error(JSON.stringify(r.body));
      numeros.push(r.body.data.numero);
      ids.push(r.body.data._id);
    }
  });

  it('Registros sorts by a column on the server, and the URL says so', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/registros');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr td.column-numero').length === 3);
      const asc = [...numeros].sort();
      const shows = (expected: string[]) =>
        page.waitForFunction((n) => [...document.querySelectorAll('tbody tr td.column-numero')].map((td) => td.textContent).join() === n, expected.join());
      const header = page.getByRole('columnheader', { name: 'Protocolo' }).getByRole('button');
      await header.click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'numero');
      const order = new URL(page.url()).searchParams.get('order');
      await shows(order === 'ASC' ? asc : [...asc].reverse());
      await header.click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'numero' && u.searchParams.get('order') !== order);
      await shows(order === 'ASC' ? [...asc].reverse() : asc);
    });
  });

  it("'Somente vencidos' is a filter of the form: it survives the search catching up, the URL and a reload; unchecked, it leaves the URL", async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/registros');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr td.column-numero').length === 3);
      const filter = () => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
      // Typed and checked at once: the debounced search must not undo the checkbox.
      await page.getByRole('searchbox', { name: 'Buscar por protocolo, cliente ou CNPJ' }).fill('Lista Registros');
      await page.getByRole('checkbox', { name: 'Somente vencidos' }).check();
      await page.waitForURL((u) => (u.searchParams.get('filter') ?? '').includes('Lista'));
      await page.getByText('Nenhum registro encontrado para esta busca.').waitFor();
      expect(filter()).toEqual({ q: 'Lista Registros', vencido: true });
      await page.reload();
      await page.getByText('Nenhum registro encontrado para esta busca.').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('checkbox', { name: 'Somente vencidos' }).isChecked()).toBe(true);
      await page.getByRole('checkbox', { name: 'Somente vencidos' }).uncheck();
      await page.waitForURL((u) => !(u.searchParams.get('filter') ?? '').includes('vencido'));
      expect(filter()).toEqual({ q: 'Lista Registros' });
      await page.waitForFunction(() => document.querySelectorAll('tbody tr td.column-numero').length === 3);
      // The status tabs too: Todos removes the filter instead of sending a status the server refuses.
      await page.getByRole('tab', { name: 'Pendente' }).click();
      await page.waitForURL((u) => (u.searchParams.get('filter') ?? '').includes('pendente'));
      await page.getByRole('tab', { name: 'Todos' }).click();
      await page.waitForURL((u) => !(u.searchParams.get('filter') ?? '').includes('status'));
    });
  });

  it('the board assigns the selected registros at once (bulk Atribuir)', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/registros');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr td.column-numero').length === 3);
      for (const n of numeros.slice(0, 2)) await page.getByRole('row').filter({ hasText: n }).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Atribuir' }).click();
      const dialog = page.getByRole('dialog', { name: 'Atribuir registros' });
      await dialog.getByText('2 registros selecionados.', { exact: false }).waitFor();
      await dialog.getByRole('combobox', { name: 'Atribuir a' }).click();
      await page.getByRole('option', { name: 'Bruno Associado' }).click();
      await dialog.getByRole('button', { name: 'Atribuir' }).click();
      await page.getByText('2 registros atribuídos a Bruno Associado.').waitFor();
      await page.getByRole('row').filter({ hasText: numeros[0] }).getByText('Bruno Associado').waitFor();
    });
    const [a, b, c] = await Promise.all(ids.map((id) => call(t.app, 'GET', `/api/registros/${id}`, t.staff.master.token)));
    expect([a.body.data.responsavelNome, b.body.data.responsavelNome, c.body.data.responsavelNome]).toEqual(['Bruno Associado', 'Bruno Associado', null]);
  });

  it('an associado gets no bulk selection on the lists it works', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/prazos');
      await page.locator('tbody tr td.column-numero').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('tbody tr').first().getByRole('checkbox').count()).toBe(0);
    });
  });

  it('Registros exports the filtered list as a pt-BR CSV', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.master, '/painel/registros');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr td.column-numero').length === 3);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
      expect(download.suggestedFilename()).toBe('registros.csv');
      const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Protocolo;Cliente;Serviço;Status;Responsável;Prazo;Solicitado em;Valor');
      expect(lines).toHaveLength(4);
      expect(lines.find((l) => l.startsWith(`${numeros[2]};`))).toMatch(/;Lista Registros Ltda;Certidão Simplificada;Pendente;Sem responsável;\d{2}\/\d{2}\/\d{4};\d{2}\/\d{2}\/\d{4};/);
    });
  });

  it('Mensagens marks the selected messages as handled at once, and its tab lives in the URL', async () => {
    for (const nome of ['Lote Um', 'Lote Dois']) {
      const r = await call(t.app, 'POST', '/api/contato', undefined, {
        nome,
        email: 'lote@exemplo.com.br',
        telefone: '1133334444',
        assunto: 'Outros Serviços',
        mensagem: `Mensagem de ${nome}.`,
        aceiteTermos: true,
      });
      expect(r.status).toBe(201);
    }
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.master, '/painel/mensagens');
      const row = (nome: string) => page.getByRole('row').filter({ hasText: nome });
      await row('Lote Um').waitFor({ timeout: 15_000 });
      await row('Lote Um').getByRole('checkbox').check();
      await row('Lote Dois').getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Marcar como tratada' }).click();
      await page.getByText('2 mensagens marcadas como tratadas.').waitFor();
      await page.getByRole('tab', { name: 'Tratadas' }).click();
      await page.waitForURL((u) => (u.searchParams.get('filter') ?? '').includes('tratadas'));
      await row('Lote Dois').getByText('Tratada', { exact: true }).waitFor();
      await page.reload();
      await row('Lote Um').getByText('Tratada', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('tab', { name: 'Tratadas' }).getAttribute('aria-selected')).toBe('true');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
      expect(download.suggestedFilename()).toBe('mensagens.csv');
      const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Nome;E-mail;Telefone;Empresa;Assunto;Mensagem;Recebida em;Situação');
      expect(lines.find((l) => l.startsWith('Lote Um;'))).toMatch(/^Lote Um;lote@exemplo\.com\.br;[^;]+;;Outros Serviços;Mensagem de Lote Um\.;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Tratada$/);
    });
  });
});
