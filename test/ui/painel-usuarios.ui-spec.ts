/*
 * Configurações: user management (§2.11, §3.4, §5, §8) as master, diretoria and associado.
 */
import type { Page } from 'playwright-core';
import { chooseOption, withPage } from '../support/browser';
import { call, isFailedLoad, login, notified, openPanel, panelSuite } from './painel-helpers';

const t = panelSuite();

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const row = (page: Page, text: string) => page.getByRole('table', { name: 'Usuários' }).getByRole('row').filter({ hasText: text });

async function waitForRows(page: Page, expected: string[]) {
  await page.waitForFunction(
    (want) => {
      const cells = Array.from(document.querySelectorAll('table[aria-label="Usuários"] tbody tr td:first-child')).map((td) => td.textContent);
      return JSON.stringify(cells.sort()) === JSON.stringify([...want].sort());
    },
    expected,
    { timeout: 10_000 },
  );
}

async function chooseRole(page: Page, label: string) {
  await chooseOption(page, page.getByRole('combobox', { name: 'Função' }), label);
}

describe('as master', () => {
  it('shows the title, the search, the six tabs and the columns, with role badges by priority', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await page.getByRole('heading', { name: 'Gerenciamento de Usuários', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Buscar por nome, email...' }).waitFor();
      const tabs = await page.getByRole('tablist', { name: 'Filtrar por função' }).getByRole('tab').allTextContents();
      expect(tabs).toEqual(['Todos', 'Master', 'Diretoria', 'Associados', 'Financeiro', 'Suporte']);
      // The table is drawn once its first page arrives: its last header waited for before they are read.
      await page.getByRole('table', { name: 'Usuários' }).getByRole('columnheader', { name: 'Ações' }).waitFor();
      const headers = await page.getByRole('table', { name: 'Usuários' }).getByRole('columnheader').allTextContents();
      expect(headers).toEqual(['Usuário', 'Nome Completo', 'E-mail', 'Função', 'Data de Cadastro', 'Ações']);
      await waitForRows(page, ['master', 'dir.ana', 'assoc.bruno']);
      expect(await row(page, 'master').getByText('Master', { exact: true }).count()).toBe(1);
      expect(await row(page, 'dir.ana').getByText('Diretoria', { exact: true }).count()).toBe(1);
      expect(await row(page, 'assoc.bruno').getByText('Associados', { exact: true }).count()).toBe(1);
      expect(await row(page, 'master').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it('creates, filters, edits and deletes a user, with the messages of §5 and §8', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await waitForRows(page, ['master', 'dir.ana', 'assoc.bruno']);

      await page.getByRole('button', { name: 'Novo Usuário' }).click();
      const form = dialog(page, 'Novo Usuário');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByRole('alert').getByText('Por favor, preencha todos os campos obrigatórios.').waitFor();

      await form.getByLabel('Nome Completo').fill('Carla Financeira');
      await form.getByLabel('Nome de Usuário').fill('carla.fin');
      expect(await form.getByLabel('E-mail').inputValue()).toBe('carla.fin@veritas.com.br');
      expect(await form.getByRole('combobox', { name: 'Função' }).textContent()).toBe('Associados');
      await chooseRole(page, 'Financeiro');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('As senhas não coincidem ou estão em branco.').waitFor();
      await form.getByLabel(/^Senha/).fill('Equipe!2026');
      await form.getByLabel('Confirmar senha').fill('Outra!2026');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('As senhas não coincidem ou estão em branco.').waitFor();
      // The server's password policy answers in the modal, and beside the field it is about.
      await form.getByLabel(/^Senha/).fill('fraca');
      await form.getByLabel('Confirmar senha').fill('fraca');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByRole('alert').getByText('A senha deve ter pelo menos 8 caracteres').waitFor();
      expect(await form.getByLabel(/^Senha/).getAttribute('aria-invalid')).toBe('true');
      expect(await form.getByText('A senha deve ter pelo menos 8 caracteres').count()).toBe(2);

      await form.getByLabel(/^Senha/).fill('Equipe!2026');
      await form.getByLabel('Confirmar senha').fill('Equipe!2026');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Usuário criado com sucesso!');
      await form.waitFor({ state: 'detached' });
      await waitForRows(page, ['master', 'dir.ana', 'assoc.bruno', 'carla.fin']);
      expect(await row(page, 'carla.fin').getByText('Financeiro', { exact: true }).count()).toBe(1);
      const created = await login(t.app, 'carla.fin@veritas.com.br', 'Equipe!2026');
      expect(created.user.permissions).toEqual(['Financeiro']);
      expect(created.user.isAdmin).toBe(false);

      // Tabs and search run on the server.
      await page.getByRole('tab', { name: 'Financeiro' }).click();
      await waitForRows(page, ['carla.fin']);
      await page.getByRole('tab', { name: 'Diretoria' }).click();
      await waitForRows(page, ['dir.ana']);
      await page.getByRole('tab', { name: 'Todos' }).click();
      await page.getByRole('searchbox', { name: 'Buscar por nome, email...' }).fill('FINANCEIRA');
      await waitForRows(page, ['carla.fin']);
      await page.getByRole('searchbox', { name: 'Buscar por nome, email...' }).fill('ninguém assim');
      await page.getByText('Nenhum usuário encontrado.').waitFor();
      await page.getByRole('searchbox', { name: 'Buscar por nome, email...' }).fill('');
      await waitForRows(page, ['master', 'dir.ana', 'assoc.bruno', 'carla.fin']);

      // Edit: role changes, a blank password keeps the current one.
      await row(page, 'carla.fin').getByRole('button', { name: 'Editar carla.fin' }).click();
      const edit = dialog(page, 'Editar Usuário');
      expect(await edit.getByLabel('Nome Completo').inputValue()).toBe('Carla Financeira');
      expect(await edit.getByRole('combobox', { name: 'Função' }).textContent()).toBe('Financeiro');
      await chooseRole(page, 'Suporte');
      await edit.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Usuário atualizado com sucesso!');
      await row(page, 'carla.fin').getByText('Suporte', { exact: true }).waitFor();
      expect((await login(t.app, 'carla.fin@veritas.com.br', 'Equipe!2026')).user.permissions).toEqual(['Suporte']);

      // Delete: the confirmation names the user; a click on the backdrop closes it.
      await row(page, 'carla.fin').getByRole('button', { name: 'Excluir carla.fin' }).click();
      const confirm = dialog(page, 'Excluir usuário');
      await confirm.getByText('Tem certeza que deseja excluir o usuário Carla Financeira?').waitFor();
      await confirm.getByText('Esta ação não pode ser desfeita e todos os dados do usuário serão permanentemente removidos.').waitFor();
      await page.mouse.click(5, 400);
      await confirm.waitFor({ state: 'detached' });
      expect(await row(page, 'carla.fin').count()).toBe(1);
      await row(page, 'carla.fin').getByRole('button', { name: 'Excluir carla.fin' }).click();
      await dialog(page, 'Excluir usuário').getByRole('button', { name: 'Excluir' }).click();
      await notified(page, 'Usuário excluído com sucesso!');
      await waitForRows(page, ['master', 'dir.ana', 'assoc.bruno']);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors.filter((t) => !isFailedLoad(t))).toEqual([]);
    });
  });

  it('a user saved with the default role is an associado: permission Associados and listed under the Associados tab', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await page.getByRole('button', { name: 'Novo Usuário' }).click();
      const form = dialog(page, 'Novo Usuário');
      await form.getByLabel('Nome Completo').fill('Davi Padrão');
      await form.getByLabel('Nome de Usuário').fill('davi.padrao');
      expect(await form.getByRole('combobox', { name: 'Função' }).textContent()).toBe('Associados');
      await form.getByLabel(/^Senha/).fill('Equipe!2026');
      await form.getByLabel('Confirmar senha').fill('Equipe!2026');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Usuário criado com sucesso!');
      await page.getByRole('tab', { name: 'Associados' }).click();
      await waitForRows(page, ['assoc.bruno', 'davi.padrao']);
      expect(new URL(page.url()).searchParams.get('filter')).toContain('associados');
      expect(problems.consoleErrors).toEqual([]);
    });
    const created = await login(t.app, 'davi.padrao@veritas.com.br', 'Equipe!2026');
    expect(created.user.permissions).toEqual(['Associados']);
    expect(created.user.isAdmin).toBe(false);
    const id = created.user._id;
    expect((await call(t.app, 'DELETE', `/api/users/${id}`, t.staff.master.token)).status).toBe(200);
  });

  it('a team member holds several permissions: Permissões adicionais add up, one badge each, and the edit form reads them back (issue 52)', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await page.getByRole('button', { name: 'Novo Usuário' }).click();
      const form = dialog(page, 'Novo Usuário');
      await form.getByLabel('Nome Completo').fill('Eva Multipla');
      await form.getByLabel('Nome de Usuário').fill('eva.multi');
      await chooseRole(page, 'Financeiro');
      const extras = form.getByRole('group', { name: 'Permissões adicionais' });
      // The role's own permission is not offered again.
      expect(await extras.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent))).toEqual(['Associados', 'Suporte']);
      await extras.getByRole('checkbox', { name: 'Suporte' }).check();
      await form.getByLabel(/^Senha/).fill('Equipe!2026');
      await form.getByLabel('Confirmar senha').fill('Equipe!2026');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Usuário criado com sucesso!');
      await row(page, 'eva.multi').getByText('Financeiro', { exact: true }).waitFor();
      await row(page, 'eva.multi').getByText('Suporte', { exact: true }).waitFor();
      expect((await login(t.app, 'eva.multi@veritas.com.br', 'Equipe!2026')).user.permissions.sort()).toEqual(['Financeiro', 'Suporte']);
      // Listed under both tabs.
      await page.getByRole('tab', { name: 'Financeiro' }).click();
      await row(page, 'eva.multi').waitFor();
      await page.getByRole('tab', { name: 'Suporte' }).click();
      await row(page, 'eva.multi').waitFor();

      await row(page, 'eva.multi').getByRole('button', { name: 'Editar eva.multi' }).click();
      const edit = dialog(page, 'Editar Usuário');
      const ticked = edit.getByRole('group', { name: 'Permissões adicionais' }).getByRole('checkbox', { name: 'Financeiro' });
      // Read back: Suporte shows first as the role (§3.4's priority), Financeiro ticked beside it.
      expect(await edit.getByRole('combobox', { name: 'Função' }).textContent()).toBe('Suporte');
      expect(await ticked.isChecked()).toBe(true);
      await ticked.uncheck();
      await edit.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Usuário atualizado com sucesso!');
      expect((await login(t.app, 'eva.multi@veritas.com.br', 'Equipe!2026')).user.permissions).toEqual(['Suporte']);
      expect(problems.consoleErrors.filter((text) => !isFailedLoad(text))).toEqual([]);
    });
    const eva = await login(t.app, 'eva.multi@veritas.com.br', 'Equipe!2026');
    expect((await call(t.app, 'DELETE', `/api/users/${eva.user._id}`, t.staff.master.token)).status).toBe(200);
  });

  it('cannot delete itself: the button is disabled', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await waitForRows(page, ['master', 'dir.ana', 'assoc.bruno']);
      expect(await row(page, 'master').getByRole('button', { name: 'Excluir master' }).isDisabled()).toBe(true);
    });
  });

  it('Enviar link de redefinição in a row asks first, then tells the board when the person has no confirmed recovery e-mail (issue 53)', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await waitForRows(page, ['master', 'dir.ana', 'assoc.bruno']);
      await row(page, 'assoc.bruno').getByRole('button', { name: 'Enviar link de redefinição assoc.bruno' }).click();
      const ask = dialog(page, 'Enviar link de redefinição de senha');
      await ask.getByText(/O link vai para o e-mail de recuperação confirmado da pessoa/).waitFor();
      await ask.getByRole('button', { name: 'Enviar link de redefinição' }).click();
      await notified(page, /^Não foi possível enviar o link: Este usuário não tem e-mail de recuperação confirmado/);
    });
  });

  it("a list that cannot load says 'Erro ao carregar usuários. Por favor, tente novamente.'", async () => {
    await withPage(t.browser, async (page) => {
      await page.route('**/api/users?*', (route) => route.fulfill({ status: 500, body: 'falhou' }));
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await page.getByText('Erro ao carregar usuários. Por favor, tente novamente.').waitFor();
    });
  });
});

describe('as diretoria', () => {
  it('manages users but not masters: master rows are locked and the Master role is not offered', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/configuracoes');
      await waitForRows(page, ['master', 'dir.ana', 'assoc.bruno']);
      expect(await row(page, 'master').getByRole('button', { name: 'Editar master' }).isDisabled()).toBe(true);
      expect(await row(page, 'master').getByRole('button', { name: 'Excluir master' }).isDisabled()).toBe(true);
      expect(await row(page, 'assoc.bruno').getByRole('button', { name: 'Editar assoc.bruno' }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Novo Usuário' }).click();
      await page.getByRole('combobox', { name: 'Função' }).click();
      const options = await page.getByRole('option').allTextContents();
      // One option per role (issue 10): no permission-less 'Associados' beside 'Associado'.
      expect(options).toEqual(['Diretoria', 'Associados', 'Financeiro', 'Suporte']);
      expect(problems.consoleErrors).toEqual([]);
    });
    // And the server agrees.
    const r = await call(t.app, 'POST', '/api/users', t.staff.diretoria.token, {
      username: 'novo.master',
      nomeCompleto: 'Novo Master',
      password: 'Equipe!2026',
      isAdmin: true,
      permissions: ['Master'],
    });
    expect(r.status).toBe(403);
  });
});

describe('as associado', () => {
  it('has no Configurações and the page says it is not allowed; the server refuses the list', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/configuracoes');
      await page.getByText('Você não tem permissão para acessar esta página.').waitFor();
      expect(await page.getByRole('button', { name: 'Novo Usuário' }).count()).toBe(0);
    });
    expect((await call(t.app, 'GET', '/api/users', t.staff.associado.token)).status).toBe(403);
  });
});
