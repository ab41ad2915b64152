/*
 * Tipos de Cliente (§2.13, §3.7, §5): empty texts, the form's rules, BRL badges, the details
 * modal, toggle, tabs, search, and delete for master only.
 */
import type { Page } from 'playwright-core';
import { withPage } from '../support/browser';
import { call, isFailedLoad, notified, openPanel, panelSuite } from './painel-helpers';

const t = panelSuite();

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const table = (page: Page) => page.getByRole('table', { name: 'Tipos de cliente' });
const row = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text });

describe('Tipos de Cliente', () => {
  it("starts with 'Não há tipos de cliente cadastrados'; creating checks the rules of §5 and shows BRL badges", async () => {
    await withPage(t.browser, async (page, problems) => {
      // Prices are the board's (issue 9).
      await openPanel(page, t.app, t.staff.diretoria, '/painel/tipos-cliente');
      await page.getByRole('heading', { name: 'Tipos de Cliente', level: 1 }).waitFor();
      await page.getByText('Não há tipos de cliente cadastrados').waitFor();
      await page.getByRole('searchbox', { name: 'Buscar tipos de cliente...' }).waitFor();

      await page.getByRole('button', { name: 'Cadastrar Tipo de Cliente' }).click();
      const form = dialog(page, 'Cadastrar Tipo de Cliente');
      await form.getByText('Nenhum serviço cadastrado').waitFor();
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('Por favor, preencha o nome do tipo de cliente.').waitFor();
      await form.getByLabel(/^Nome/).first().fill('   ');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('Por favor, preencha o nome do tipo de cliente.').waitFor();
      await form.getByLabel(/^Nome\s*\*?$/).fill('Microempreendedor Individual');

      // A new service starts with an empty name and value 0.
      await form.getByRole('button', { name: 'Adicionar Serviço' }).click();
      expect(await form.getByLabel('Nome do serviço 1').inputValue()).toBe('');
      expect(await form.getByLabel('Valor (R$)').inputValue()).toBe('0');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('Por favor, preencha o nome de todos os serviços.').waitFor();
      await form.getByLabel('Nome do serviço 1').fill('Abertura de MEI');
      await form.getByLabel('Valor (R$)').fill('-5');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('O valor do serviço não pode ser negativo.').waitFor();
      await form.getByLabel('Valor (R$)').fill('1500.5');
      await form.getByRole('button', { name: 'Adicionar Serviço' }).click();
      await form.getByLabel('Nome do serviço 2').fill('Declaração anual');
      await form.getByLabel('Valor (R$)').nth(1).fill('89.9');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Tipo de cliente cadastrado com sucesso!');
      await form.waitFor({ state: 'detached' });

      const r = row(page, 'Microempreendedor Individual');
      await r.waitFor();
      // react-admin's DataTable shows its empty text instead of an empty table: the headers come with the first row.
      expect(await table(page).getByRole('columnheader').allTextContents()).toEqual(['Nome', 'Serviços', 'Status', 'Data de Cadastro', 'Ações']);
      expect(await r.textContent()).toMatch(/Abertura de MEI: R\$\s1\.500,50/);
      expect(await r.textContent()).toMatch(/Declaração anual: R\$\s89,90/);
      expect(await r.textContent()).toContain('Ativo');
      expect(await r.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      // Stored exactly.
      const stored = await call(t.app, 'GET', '/api/tipos-cliente', t.staff.master.token);
      expect(stored.body.data[0].servicos).toEqual([
        { nome: 'Abertura de MEI', valor: 1500.5 },
        { nome: 'Declaração anual', valor: 89.9 },
      ]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it('row click opens the details; the backdrop closes it; edit, toggle, tabs and search work', async () => {
    await call(t.app, 'POST', '/api/tipos-cliente', t.staff.master.token, { nome: 'Sociedade Anônima', servicos: [] });
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/tipos-cliente');
      await row(page, 'Sociedade Anônima').click();
      const details = dialog(page, 'Detalhes do Tipo de Cliente');
      await details.getByText('Nenhum serviço cadastrado').waitFor();
      await details.getByText('Data de Cadastro').waitFor();
      await details.getByText('Última atualização').waitFor();
      expect(await details.getByRole('button').allTextContents()).toEqual(['Editar', 'Fechar']);
      await page.mouse.click(5, 5);
      await details.waitFor({ state: 'detached' });

      await row(page, 'Sociedade Anônima').click();
      await dialog(page, 'Detalhes do Tipo de Cliente').getByRole('button', { name: 'Editar' }).click();
      const form = dialog(page, 'Editar Tipo de Cliente');
      expect(await form.getByLabel(/^Nome\s*\*?$/).inputValue()).toBe('Sociedade Anônima');
      await form.getByRole('button', { name: 'Adicionar Serviço' }).click();
      await form.getByLabel('Nome do serviço 1').fill('Ata de assembleia');
      await form.getByLabel('Valor (R$)').fill('350');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Tipo de cliente atualizado com sucesso!');
      expect(await row(page, 'Sociedade Anônima').textContent()).toMatch(/Ata de assembleia: R\$\s350,00/);

      await row(page, 'Sociedade Anônima').getByRole('button', { name: 'Inativar Sociedade Anônima' }).click();
      await notified(page, 'Tipo de cliente inativado com sucesso!');
      await row(page, 'Sociedade Anônima').getByText('Inativo', { exact: true }).waitFor();

      await page.getByRole('tab', { name: 'Ativos', exact: true }).click();
      await row(page, 'Sociedade Anônima').waitFor({ state: 'detached' });
      await row(page, 'Microempreendedor Individual').waitFor();
      await page.getByRole('tab', { name: 'Inativos', exact: true }).click();
      await row(page, 'Sociedade Anônima').waitFor();
      await row(page, 'Microempreendedor Individual').waitFor({ state: 'detached' });
      await row(page, 'Sociedade Anônima').getByRole('button', { name: 'Ativar Sociedade Anônima' }).click();
      await notified(page, 'Tipo de cliente ativado com sucesso!');
      await row(page, 'Sociedade Anônima').waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Todos' }).click();
      await page.getByRole('searchbox', { name: 'Buscar tipos de cliente...' }).fill('anonima');
      await row(page, 'Sociedade Anônima').waitFor();
      await row(page, 'Microempreendedor Individual').waitFor({ state: 'detached' });
      await page.getByRole('searchbox', { name: 'Buscar tipos de cliente...' }).fill('limitada');
      await page.getByText('Nenhum tipo de cliente encontrado para esta busca').waitFor();
      // No delete for diretoria, anywhere.
      expect(await page.getByRole('button', { name: /^Excluir/ }).count()).toBe(0);
      expect(problems.consoleErrors).toEqual([]);
    });
    const tipo = (await call(t.app, 'GET', '/api/tipos-cliente', t.staff.master.token)).body.data.find((t: any) => t.nome === 'Sociedade Anônima');
    expect((await call(t.app, 'DELETE', `/api/tipos-cliente/${tipo._id}`, t.staff.diretoria.token)).status).toBe(403);
  });

  it('master deletes; a type in use gets the server message', async () => {
    const emUso = await call(t.app, 'POST', '/api/tipos-cliente', t.staff.master.token, { nome: 'Tipo Em Uso', servicos: [] });
    const cliente = await call(t.app, 'POST', '/api/clientes', t.staff.master.token, {
      razaoSocial: 'Cliente do Tipo Ltda',
      cnpj: '11.222.333/0001-81',
      email: `tipo.${Date.now()}@exemplo.com.br`,
      password: 'Cliente!2026',
      tipoClienteId: emUso.body.data._id,
    });
    expect(cliente.status).toBe(201);
    await call(t.app, 'POST', '/api/tipos-cliente', t.staff.master.token, { nome: 'Tipo Descartável', servicos: [] });
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/tipos-cliente');
      await row(page, 'Tipo Em Uso').getByRole('button', { name: 'Excluir Tipo Em Uso' }).click();
      const confirm = dialog(page, 'Excluir tipo de cliente');
      await confirm.getByText('Tem certeza que deseja excluir o tipo de cliente Tipo Em Uso?').waitFor();
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await notified(page, /^Erro ao excluir tipo de cliente: .+/);
      await row(page, 'Tipo Em Uso').waitFor();

      await row(page, 'Tipo Descartável').click();
      await dialog(page, 'Detalhes do Tipo de Cliente').getByRole('button', { name: 'Excluir' }).click();
      await dialog(page, 'Excluir tipo de cliente').getByRole('button', { name: 'Excluir' }).click();
      await notified(page, 'Tipo de cliente excluído com sucesso!');
      await row(page, 'Tipo Descartável').waitFor({ state: 'detached' });
      expect(problems.consoleErrors.filter((t) => !isFailedLoad(t))).toEqual([]);
    });
  });
  it('an associado reads the types but is offered nothing the server would refuse (issue 52)', async () => {
    await call(t.app, 'POST', '/api/tipos-cliente', t.staff.master.token, { nome: 'Tipo Só Leitura', servicos: [] });
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/tipos-cliente');
      await row(page, 'Tipo Só Leitura').waitFor();
      expect(await page.getByRole('button', { name: 'Cadastrar Tipo de Cliente' }).count()).toBe(0);
      expect(await row(page, 'Tipo Só Leitura').getByRole('button').count()).toBe(0);
      await row(page, 'Tipo Só Leitura').click();
      const details = dialog(page, 'Detalhes do Tipo de Cliente');
      await details.getByRole('button', { name: 'Fechar' }).waitFor();
      expect(await details.getByRole('button', { name: 'Editar' }).count()).toBe(0);
      // A typed address to the create form opens nothing either.
      await page.goto(`${t.app.baseUrl}/painel/tipos-cliente/create`);
      await row(page, 'Tipo Só Leitura').waitFor();
      expect(await page.getByRole('dialog', { name: 'Cadastrar Tipo de Cliente' }).count()).toBe(0);
    });
    expect((await call(t.app, 'POST', '/api/tipos-cliente', t.staff.associado.token, { nome: 'Recusado', servicos: [] })).status).toBe(403);
  });
});
