/*
 * Clientes (§2.12, §3.3, §3.5, §5, §8): list, tabs and search, the form's rules, the CEP and CNPJ
 * lookups against a local fake of the providers, the four detail tabs, and who may delete.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { cnpjCheckDigits } from '@veritas/common';
import { chooseOption, withPage } from '../support/browser';
import { type FakeProviders, officeFixture, startFakeProviders } from '../support/fake-providers';
import { registerCliente } from '../support/server';
import { call, isFailedLoad, login, notified, openPanel, panelSuite, STAFF_PASSWORD } from './painel-helpers';

let fake: FakeProviders;

// Declared first: the suite's server needs the fake's address.
beforeAll(async () => {
  fake = await startFakeProviders();
  fake.ceps.set('01310100', { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' });
  fake.ceps.set('70040010', { logradouro: 'SBN Quadra 1', bairro: '', localidade: 'Brasília', uf: 'DF' });
});
afterAll(() => fake?.stop());

const t = panelSuite({ env: () => ({ CNPJ_API_URL: fake.url, CEP_API_URL: fake.url, CNPJ_RATE_PER_MINUTE: '100' }) });

beforeEach(() => fake.reset());

let seq = 0;
/** A fresh valid CNPJ, masked. */
function newCnpj(): string {
  seq += 1;
  const base = `${String(Date.now() % 1e5).padStart(5, '0')}${String(seq % 1000).padStart(3, '0')}0001`;
  const d = base + cnpjCheckDigits(base);
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** An input by its label (a required field's label ends with an asterisk). */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${escape(label)}(\\s*\\*)?$`));
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const table = (page: Page) => page.getByRole('table', { name: 'Clientes' });
const row = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text });

async function chooseIn(page: Page, scope: Locator, label: string, option: string) {
  await chooseOption(page, scope.getByRole('combobox', { name: new RegExp(`^${escape(label)}(\\s*\\*)?$`) }), option);
}

async function createViaApi(overrides: Record<string, unknown> = {}) {
  const cnpj = newCnpj();
  const body = {
    razaoSocial: `Cliente Via API ${seq} Ltda`,
    cnpj,
    email: `api${seq}.${Date.now()}@exemplo.com.br`,
    password: 'Cliente!2026',
    ...overrides,
  };
  const r = await call(t.app, 'POST', '/api/clientes', t.staff.master.token, body);
  if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return { ...r.body.data, password: body.password } as { _id: string; razaoSocial: string; cnpj: string; email: string; password: string };
}

describe('the list', () => {
  it("starts with 'Não há clientes cadastrados', then lists, filters by tab and searches on the server", async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/clientes');
      await page.getByRole('heading', { name: 'Gerenciamento de Clientes', level: 1 }).waitFor();
      await page.getByText('Não há clientes cadastrados').waitFor();
      expect(await page.getByRole('tablist', { name: 'Filtrar por status' }).getByRole('tab').allTextContents()).toEqual(['Todos', 'Ativos', 'Inativos']);

      const ativo = await createViaApi({ razaoSocial: 'Padaria São João Ltda', nomeFantasia: 'Pão de Açúcar' });
      const inativo = await createViaApi({ razaoSocial: 'Oficina Fechada ME', status: 'inativo' });
      await page.reload();
      await row(page, 'Padaria São João Ltda').waitFor();
      // The table shows once there is a client (before, only the empty text); its first column is
      // the bulk selection's checkbox (no text).
      const headers = (await table(page).getByRole('columnheader').allTextContents()).filter((h) => h.trim());
      expect(headers).toEqual(['Razão Social', 'E-mail', 'CNPJ', 'Data de Cadastro', 'Ações']);
      expect(await row(page, 'Padaria São João Ltda').textContent()).toContain('Pão de Açúcar');
      expect(await row(page, 'Padaria São João Ltda').textContent()).toContain(ativo.cnpj);
      expect(await row(page, 'Padaria São João Ltda').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      await row(page, 'Oficina Fechada ME').waitFor();

      await page.getByRole('tab', { name: 'Inativos', exact: true }).click();
      await row(page, 'Padaria São João Ltda').waitFor({ state: 'detached' });
      await row(page, 'Oficina Fechada ME').waitFor();
      await page.getByRole('tab', { name: 'Ativos', exact: true }).click();
      await row(page, 'Oficina Fechada ME').waitFor({ state: 'detached' });
      await row(page, 'Padaria São João Ltda').waitFor();

      // Accent- and case-insensitive, on nome fantasia, e-mail and the CNPJ without its mask.
      const search = page.getByRole('searchbox');
      await page.getByRole('tab', { name: 'Todos' }).click();
      await search.fill('PAO DE ACUCAR');
      await row(page, 'Oficina Fechada ME').waitFor({ state: 'detached' });
      await row(page, 'Padaria São João Ltda').waitFor();
      await search.fill(inativo.cnpj.replace(/\D/g, ''));
      await row(page, 'Oficina Fechada ME').waitFor();
      await row(page, 'Padaria São João Ltda').waitFor({ state: 'detached' });
      await search.fill('nada parecido com isto');
      await page.getByText('Nenhum cliente encontrado para esta busca').waitFor();
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it("a list that cannot load says 'Erro ao carregar clientes: ' and why", async () => {
    await withPage(t.browser, async (page) => {
      await page.route('**/api/clientes?*', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, message: 'Banco indisponível.' }) }),
      );
      await openPanel(page, t.app, t.staff.master, '/painel/clientes');
      await page.getByText('Erro ao carregar clientes: Banco indisponível.').waitFor({ timeout: 30_000 });
    });
  });
});

describe('the form (§5)', () => {
  it('shows each rule with its message, offers the corrected CNPJ, and creates the client', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/clientes');
      await page.getByRole('button', { name: 'Adicionar Cliente' }).click();
      const form = dialog(page, 'Novo Cliente');
      expect(await field(form, 'País').inputValue()).toBe('Brasil');
      await form.getByRole('button', { name: 'Salvar' }).click();
      for (const message of ['Razão Social é obrigatória', 'CNPJ é obrigatório', 'E-mail é obrigatório', 'Senha é obrigatória']) {
        await form.getByText(message, { exact: true }).waitFor();
      }
      // Editing a field clears its error only.
      await field(form, 'Razão Social').fill('Comércio Teste Ltda');
      expect(await form.getByText('Razão Social é obrigatória').count()).toBe(0);
      expect(await form.getByText('CNPJ é obrigatório').count()).toBe(1);

      // The mask, then the three CNPJ rules.
      await field(form, 'CNPJ').fill('1122');
      expect(await field(form, 'CNPJ').inputValue()).toBe('11.22');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('Formato de CNPJ inválido').waitFor();
      await field(form, 'CNPJ').fill('11111111111111');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('CNPJ inválido (todos os dígitos iguais)').waitFor();
      expect(await form.getByRole('button', { name: 'Aplicar' }).count()).toBe(0);
      const good = newCnpj();
      const wrong = good.slice(0, -2) + (good.endsWith('00') ? '01' : '00');
      await field(form, 'CNPJ').fill(wrong);
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('CNPJ inválido (dígitos verificadores incorretos)').waitFor();
      await form.getByText(`CNPJ corrigido: ${good}`).waitFor();
      await form.getByRole('button', { name: 'Aplicar' }).click();
      expect(await field(form, 'CNPJ').inputValue()).toBe(good);
      expect(await form.getByText('CNPJ inválido (dígitos verificadores incorretos)').count()).toBe(0);

      await field(form, 'E-mail').fill('sem-dominio@');
      await field(form, 'Telefone').fill('11333344445555');
      expect(await field(form, 'Telefone').inputValue()).toBe('(11) 33334-4445');
      await field(form, 'Senha').fill('curta');
      await field(form, 'Confirmar senha').fill('outra');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('E-mail inválido', { exact: true }).waitFor();
      await form.getByText('A senha deve ter pelo menos 8 caracteres').waitFor();
      await form.getByText('As senhas não coincidem').waitFor();
      await field(form, 'Senha').fill('semnumero!A');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('A senha deve conter pelo menos um número').waitFor();

      const email = `novo.${Date.now()}@exemplo.com.br`;
      await field(form, 'E-mail').fill(email);
      await field(form, 'Senha').fill('Cliente!2026');
      await field(form, 'Confirmar senha').fill('Cliente!2026');
      await chooseIn(page, form, 'Cargo', 'Diretor Presidente');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Cliente cadastrado com sucesso!');
      await form.waitFor({ state: 'detached' });
      await row(page, 'Comércio Teste Ltda').waitFor();
      // The client signs in with the password given, and the confirmation was not sent.
      const signIn = await call(t.app, 'POST', '/api/clientes/login', undefined, { email, password: 'Cliente!2026' });
      expect(signIn.status).toBe(200);
      expect(signIn.body.data.cargo).toBe('Diretor Presidente');
      expect(signIn.body.data.cnpj).toBe(good);
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it('Buscar fills the address from the CEP and says when it cannot', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/clientes');
      await page.getByRole('button', { name: 'Adicionar Cliente' }).click();
      const form = dialog(page, 'Novo Cliente');
      const buscar = form.getByRole('button', { name: 'Buscar' });

      await field(form, 'CEP').fill('0131');
      await buscar.click();
      await form.getByText('CEP inválido (deve conter 8 dígitos)').waitFor();
      expect(fake.cepCalls()).toHaveLength(0);

      await field(form, 'CEP').fill('01310100');
      expect(await field(form, 'CEP').inputValue()).toBe('01310-100');
      await buscar.click();
      await page.waitForFunction(() => (document.getElementById('cliente-endereco') as HTMLInputElement).value === 'Avenida Paulista');
      expect(await field(form, 'Bairro').inputValue()).toBe('Bela Vista');
      expect(await field(form, 'Cidade').inputValue()).toBe('São Paulo');
      expect(await form.getByRole('combobox', { name: /^Estado/ }).textContent()).toBe('SP');
      expect(await field(form, 'País').inputValue()).toBe('Brasil');

      // A blank answer keeps what was typed.
      await field(form, 'Bairro').fill('Asa Norte');
      await field(form, 'CEP').fill('70040-010');
      await buscar.click();
      await page.waitForFunction(() => (document.getElementById('cliente-cidade') as HTMLInputElement).value === 'Brasília');
      expect(await field(form, 'Bairro').inputValue()).toBe('Asa Norte');
      expect(await field(form, 'Endereço').inputValue()).toBe('SBN Quadra 1');

      await field(form, 'CEP').fill('99999-999');
      await buscar.click();
      await form.getByText('CEP não encontrado', { exact: true }).waitFor();

      fake.mode = 'down';
      await field(form, 'CEP').fill('01310-200');
      await buscar.click();
      await form.getByText('Erro ao consultar CEP', { exact: true }).waitFor();
      // The browser only ever called our server.
      expect(fake.cepCalls().length).toBeGreaterThan(0);

      // Cancel from create closes the modal.
      await form.getByRole('button', { name: 'Cancelar' }).click();
      await form.waitFor({ state: 'detached' });
    });
  });

  it('Consultar beside the CNPJ fills the company from the Receita, through our server, and creates it', async () => {
    await withPage(t.browser, async (page) => {
      const cnpj = newCnpj();
      fake.offices.set(cnpj.replace(/\D/g, ''), officeFixture(cnpj.replace(/\D/g, '')));
      await openPanel(page, t.app, t.staff.associado, '/painel/clientes');
      await page.getByRole('button', { name: 'Adicionar Cliente' }).click();
      const form = dialog(page, 'Novo Cliente');
      await field(form, 'CNPJ').fill(cnpj);
      await form.getByRole('button', { name: 'Consultar' }).click();
      await form.getByText(/^Preenchido a partir do CNPJ: Razão Social, Nome Fantasia, CEP/).waitFor();
      expect(await field(form, 'Razão Social').inputValue()).toBe('PADARIA PAO QUENTE LTDA');
      expect(await field(form, 'Nome Fantasia').inputValue()).toBe('Pão Quente');
      expect(await field(form, 'CEP').inputValue()).toBe('01310-100');
      expect(await field(form, 'Endereço').inputValue()).toBe('Avenida Paulista');
      expect(await field(form, 'E-mail').inputValue()).toBe('contato@paoquente.com.br');
      expect(await form.getByRole('combobox', { name: /^Estado/ }).textContent()).toBe('SP');
      expect(fake.cnpjCalls()).toHaveLength(1);

      // The login e-mail is the client's own choice: a fresh one, so a second run does not collide.
      const email = `consulta.${Date.now()}@exemplo.com.br`;
      await field(form, 'E-mail').fill(email);
      await field(form, 'Senha').fill('Cliente!2026');
      await field(form, 'Confirmar senha').fill('Cliente!2026');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Cliente cadastrado com sucesso!');
      const signIn = await call(t.app, 'POST', '/api/clientes/login', undefined, { email, password: 'Cliente!2026' });
      expect(signIn.status).toBe(200);
      expect(signIn.body.data).toMatchObject({ razaoSocial: 'PADARIA PAO QUENTE LTDA', cidade: 'São Paulo', estado: 'SP', cnpj });
    });
  });
});

describe('the server refuses (§8)', () => {
  it("a CNPJ already registered: 'Erro ao salvar cliente: ' and the server's reason, the form kept", async () => {
    const existing = await createViaApi({ razaoSocial: 'Dono do CNPJ Ltda' });
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.master, '/painel/clientes');
      await page.getByRole('button', { name: 'Adicionar Cliente' }).click();
      const form = dialog(page, 'Novo Cliente');
      await field(form, 'Razão Social').fill('Copia do CNPJ Ltda');
      await field(form, 'CNPJ').fill(existing.cnpj);
      await field(form, 'E-mail').fill(`copia.${Date.now()}@exemplo.com.br`);
      await field(form, 'Senha').fill('Cliente!2026');
      await field(form, 'Confirmar senha').fill('Cliente!2026');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await form.getByText('Erro ao salvar cliente: Já existe um cliente cadastrado com este CNPJ.').waitFor();
      expect(await field(form, 'Razão Social').inputValue()).toBe('Copia do CNPJ Ltda');
    });
    const list = await call(t.app, 'GET', `/api/clientes?filter=${encodeURIComponent(JSON.stringify({ q: 'Copia do CNPJ' }))}`, t.staff.master.token);
    expect(list.body.total).toBe(0);
  });
});

describe('details (§2.12, §3.5)', () => {
  it('shows the five tabs, renders the CNPJ data for people, and edits with cancel back to the details', async () => {
    const tipo = await call(t.app, 'POST', '/api/tipos-cliente', t.staff.master.token, {
      nome: 'Empresa de Pequeno Porte',
      servicos: [{ nome: 'Abertura de Empresa', valor: 1500.5 }, { nome: 'Certidão Simplificada', valor: 80 }],
    });
    const cliente = await createViaApi({ razaoSocial: 'Pão Quente Panificadora Ltda', cidade: 'Campinas', estado: 'SP' });
    fake.offices.set(cliente.cnpj.replace(/\D/g, ''), officeFixture(cliente.cnpj.replace(/\D/g, '')));
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/clientes');
      await row(page, 'Pão Quente Panificadora Ltda').click();
      const details = dialog(page, 'Detalhes do Cliente');
      await details.getByRole('tab', { name: 'Dados Básicos' }).waitFor();
      const tabs = await details.getByRole('tab').allTextContents();
      expect(tabs).toEqual(['Dados Básicos', 'Dados CNPJ', 'Dados Complementares', 'Registros', 'Linha do tempo', 'Membros']);
      await details.getByText('Campinas').waitFor();
      await details.getByText('Nenhum tipo de cliente atribuído.').waitFor();
      expect(await details.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Editar', 'Excluir', 'Fechar']));

      await details.getByRole('tab', { name: 'Dados CNPJ' }).click();
      await details.getByText('Microempresa').waitFor();
      for (const text of ['PADARIA PAO QUENTE LTDA', 'Pão Quente', 'Matriz', 'Ativa', '03/11/2005', 'Sociedade Empresária Limitada', 'Optante desde 01/07/2007', 'Não optante', 'Avenida Paulista, 1000', '01310-100', '1091-1/02', '4721-1/02', 'Padaria e confeitaria com predominância de revenda']) {
        expect(await details.getByText(text, { exact: false }).count()).toBeGreaterThan(0);
      }
      expect(await details.textContent()).toMatch(/R\$\s150\.000,50/);

      await details.getByRole('tab', { name: 'Dados Complementares' }).click();
      await details.getByText('JOANA DA SILVA').waitFor();
      for (const text of ['Sócio-Administrador', '20/05/2001', 'Pessoa física', 'HOLDING PAO LTDA', 'Pessoa jurídica', 'CARLOS SOUZA (Procurador)', '(11) 3333-4444', 'contato@paoquente.com.br', 'Corporativo', '110042490114', 'IE Normal', 'Sem restrição', 'Sem inscrição na SUFRAMA.']) {
        expect(await details.getByText(text, { exact: false }).count()).toBeGreaterThan(0);
      }
      // Both tabs came from one call, served from the server's cache afterwards.
      expect(fake.cnpjCalls()).toHaveLength(1);

      // Atualizar with the provider down: the stored answer stays, with the server's reason.
      fake.mode = 'down';
      await details.getByRole('button', { name: 'Atualizar' }).click();
      await details.getByText(/^O serviço de consulta de CNPJ não respondeu\. .*Exibindo a última consulta salva, de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/).waitFor();
      await details.getByText('JOANA DA SILVA').waitFor();
      fake.mode = 'ok';

      await details.getByRole('tab', { name: 'Registros' }).click();
      await details.getByText('Nenhum registro encontrado para este cliente.').waitFor();

      // Edit, cancel → back to the details; edit again and give it a type.
      await details.getByRole('button', { name: 'Editar' }).click();
      const form = dialog(page, 'Editar Cliente');
      expect(await field(form, 'Razão Social').inputValue()).toBe('Pão Quente Panificadora Ltda');
      expect(await field(form, 'Senha').inputValue()).toBe('');
      await form.getByRole('button', { name: 'Cancelar' }).click();
      await dialog(page, 'Detalhes do Cliente').waitFor();
      await dialog(page, 'Detalhes do Cliente').getByRole('button', { name: 'Editar' }).click();
      await chooseIn(page, dialog(page, 'Editar Cliente'), 'Tipo de cliente', 'Empresa de Pequeno Porte');
      await chooseIn(page, dialog(page, 'Editar Cliente'), 'Status', 'Inativo');
      await dialog(page, 'Editar Cliente').getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Cliente atualizado com sucesso!');
      await dialog(page, 'Editar Cliente').waitFor({ state: 'detached' });

      // The details now show the type's services with their BRL prices.
      await row(page, 'Pão Quente Panificadora Ltda').click();
      const again = dialog(page, 'Detalhes do Cliente');
      await again.getByText('Empresa de Pequeno Porte').waitFor();
      expect(await again.getByRole('list', { name: 'Serviços do tipo de cliente' }).textContent()).toMatch(/Abertura de Empresa: R\$\s1\.500,50.*Certidão Simplificada: R\$\s80,00/);
      await again.getByText('Inativo', { exact: true }).waitFor();
      await again.getByRole('button', { name: 'Fechar' }).click();
      await again.waitFor({ state: 'detached' });
      expect(problems.consoleErrors.filter((t) => !isFailedLoad(t))).toEqual([]);
    });
    expect(tipo.status).toBe(201);
    // The password was not sent blank: the client still signs in with its own (it is inactive now, hence 403).
    expect((await call(t.app, 'POST', '/api/clientes/login', undefined, { email: cliente.email, password: cliente.password })).status).toBe(403);
  });

  it("a CNPJ the Receita does not know: 'CNPJ não encontrado na Receita Federal'", async () => {
    const cliente = await createViaApi({ razaoSocial: 'Empresa Desconhecida Ltda' });
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/clientes');
      await row(page, 'Empresa Desconhecida Ltda').click();
      const details = dialog(page, 'Detalhes do Cliente');
      await details.getByRole('tab', { name: 'Dados CNPJ' }).click();
      await details.getByText('CNPJ não encontrado na Receita Federal').waitFor();
    });
    expect(cliente._id).toBeTruthy();
  });

  it('lists the registros of a client', async () => {
    const reg = await registerCliente(t.app.baseUrl, { razaoSocial: 'Cliente Com Registro Ltda' });
    const token = (await call(t.app, 'POST', '/api/clientes/login', undefined, { email: reg.email, password: reg.password })).body.token;
    const created = await call(t.app, 'POST', '/api/registros', token, { servico: 'certidao-simplificada', descricao: 'Certidão simplificada da empresa' });
    expect(created.status).toBe(201);
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/clientes');
      await row(page, 'Cliente Com Registro Ltda').click();
      const details = dialog(page, 'Detalhes do Cliente');
      await details.getByRole('tab', { name: 'Registros' }).click();
      const registros = details.getByRole('table', { name: 'Registros do cliente' });
      await registros.getByText(created.body.data.numero).waitFor();
      expect(await registros.textContent()).toContain('Pendente');
    });
  });
});

describe('delete (master only, §6)', () => {
  it('diretoria and associado see no Excluir, in the list or the details', async () => {
    await createViaApi({ razaoSocial: 'Cliente Protegido Ltda' });
    for (const who of ['diretoria', 'associado'] as const) {
      await withPage(t.browser, async (page) => {
        await openPanel(page, t.app, t.staff[who], '/painel/clientes');
        await row(page, 'Cliente Protegido Ltda').waitFor();
        expect(await row(page, 'Cliente Protegido Ltda').getByRole('button', { name: /^Excluir/ }).count()).toBe(0);
        await row(page, 'Cliente Protegido Ltda').click();
        const details = dialog(page, 'Detalhes do Cliente');
        await details.getByRole('button', { name: 'Editar' }).waitFor();
        expect(await details.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
      });
    }
  });

  it('master deletes after the confirmation; an active client with registros gets the server message', async () => {
    const livre = await createViaApi({ razaoSocial: 'Cliente Para Excluir Ltda' });
    const reg = await registerCliente(t.app.baseUrl, { razaoSocial: 'Cliente Ocupado Ltda' });
    const token = (await call(t.app, 'POST', '/api/clientes/login', undefined, { email: reg.email, password: reg.password })).body.token;
    expect((await call(t.app, 'POST', '/api/registros', token, { servico: 'certidao-simplificada', descricao: 'Certidão' })).status).toBe(201);
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/clientes');
      await row(page, 'Cliente Ocupado Ltda').getByRole('button', { name: 'Excluir Cliente Ocupado Ltda' }).click();
      const confirm = dialog(page, 'Excluir cliente');
      await confirm.getByText('Tem certeza que deseja excluir este cliente?').waitFor();
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await page.getByText(/^Erro ao excluir cliente: Este cliente possui 1 registro\. Inative o cliente antes de excluí-lo/).waitFor();
      await row(page, 'Cliente Ocupado Ltda').waitFor();

      // From the details modal this time.
      await row(page, 'Cliente Para Excluir Ltda').click();
      await dialog(page, 'Detalhes do Cliente').getByRole('button', { name: 'Excluir' }).click();
      await dialog(page, 'Excluir cliente').getByRole('button', { name: 'Excluir' }).click();
      await notified(page, 'Cliente excluído com sucesso!');
      await row(page, 'Cliente Para Excluir Ltda').waitFor({ state: 'detached' });
      await dialog(page, 'Detalhes do Cliente').waitFor({ state: 'detached' });
      expect(problems.consoleErrors.filter((t) => !isFailedLoad(t))).toEqual([]);
    });
    expect((await call(t.app, 'GET', `/api/clientes/${livre._id}`, t.staff.master.token)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/clientes/${reg.id}`, t.staff.master.token)).status).toBe(200);
  });
});

describe('react-admin list (issue 10): sort, URL filters, links, export, bulk status', () => {
  const FILTER = (q: string) => `filter=${encodeURIComponent(JSON.stringify({ q }))}`;
  /** The razão social of each row, in order (the first cell is the selection checkbox). */
  const names = (page: Page) => table(page).locator('tbody tr td:nth-child(2) p').allTextContents();

  it('a column sorts on the server and says so in the URL; a search and a type filter live in the URL', async () => {
    const tipo = await call(t.app, 'POST', '/api/tipos-cliente', t.staff.master.token, { nome: 'Tipo Para Filtrar', servicos: [] });
    expect(tipo.status).toBe(201);
    await createViaApi({ razaoSocial: 'Ordenação Beta Ltda' });
    await createViaApi({ razaoSocial: 'Ordenação Alfa Ltda', tipoClienteId: tipo.body.data._id });
    await createViaApi({ razaoSocial: 'Ordenação Gama Ltda' });
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.associado, `/painel/clientes?${FILTER('ordenacao')}`);
      await row(page, 'Ordenação Beta Ltda').waitFor();
      expect(await page.getByRole('searchbox').inputValue()).toBe('ordenacao');
      // Newest first by default.
      expect(await names(page)).toEqual(['Ordenação Gama Ltda', 'Ordenação Alfa Ltda', 'Ordenação Beta Ltda']);
      await table(page).getByRole('columnheader', { name: 'Razão Social' }).getByRole('button').click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'razaoSocial' && u.searchParams.get('order') === 'ASC');
      await page.waitForFunction(() => document.querySelector('table[aria-label="Clientes"] tbody tr td:nth-child(2) p')?.textContent === 'Ordenação Alfa Ltda');
      expect(await names(page)).toEqual(['Ordenação Alfa Ltda', 'Ordenação Beta Ltda', 'Ordenação Gama Ltda']);
      await table(page).getByRole('columnheader', { name: 'Razão Social' }).getByRole('button').click();
      await page.waitForURL((u) => u.searchParams.get('order') === 'DESC');
      await page.waitForFunction(() => document.querySelector('table[aria-label="Clientes"] tbody tr td:nth-child(2) p')?.textContent === 'Ordenação Gama Ltda');

      // The type filter, then a reload: both filters and the order are kept.
      await chooseOption(page, page.getByRole('combobox', { name: 'Tipo de cliente' }), 'Tipo Para Filtrar');
      await page.waitForURL((u) => (u.searchParams.get('filter') ?? '').includes(tipo.body.data._id));
      await row(page, 'Ordenação Beta Ltda').waitFor({ state: 'detached' });
      await page.reload();
      await row(page, 'Ordenação Alfa Ltda').waitFor();
      expect(await names(page)).toEqual(['Ordenação Alfa Ltda']);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('razaoSocial');
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it('the details and the edit form have links of their own; Back and Fechar return to the list', async () => {
    const cliente = await createViaApi({ razaoSocial: 'Cliente Com Link Ltda', cidade: 'Recife' });
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.diretoria, `/painel/clientes/${cliente._id}/show`);
      const details = dialog(page, 'Detalhes do Cliente');
      await details.getByText('Recife').waitFor();
      await details.getByRole('button', { name: 'Fechar' }).click();
      await page.waitForURL((u) => u.pathname === '/painel/clientes');
      await details.waitFor({ state: 'detached' });

      await page.goto(`${t.app.baseUrl}/painel/clientes/${cliente._id}`);
      const form = dialog(page, 'Editar Cliente');
      await page.waitForFunction(() => (document.getElementById('cliente-razaoSocial') as HTMLInputElement | null)?.value === 'Cliente Com Link Ltda');
      expect(await field(form, 'Cidade').inputValue()).toBe('Recife');
      // Back (to the list the details' Fechar had gone to) closes the form.
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/painel/clientes');
      await form.waitFor({ state: 'detached' });
      await row(page, 'Cliente Com Link Ltda').waitFor();
    });
  });

  it('Exportar downloads the filtered list as a pt-BR CSV', async () => {
    const a = await createViaApi({ razaoSocial: 'Exportação Um Ltda', nomeFantasia: 'Um; Fantasia', cidade: 'Curitiba', estado: 'PR' });
    await createViaApi({ razaoSocial: 'Exportação Dois ME', status: 'inativo' });
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, `/painel/clientes?${FILTER('exportacao')}`);
      await row(page, 'Exportação Dois ME').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
      expect(download.suggestedFilename()).toBe('clientes.csv');
      const raw = fs.readFileSync((await download.path())!, 'utf8');
      expect(raw.startsWith('\uFEFF')).toBe(true);
      const lines = raw.slice(1).split('\r\n');
      expect(lines[0]).toBe('Razão Social;Nome Fantasia;CNPJ;CPF do fundador;E-mail;Telefone;Celular/WhatsApp;Cidade;Estado;Status;Data de Cadastro');
      expect(lines).toHaveLength(3);
      const um = lines.find((l) => l.startsWith('Exportação Um Ltda;'))!;
      expect(um).toMatch(new RegExp(`^Exportação Um Ltda;"Um; Fantasia";${escape(a.cnpj)};;${escape(a.email)};;;Curitiba;PR;Ativo;\\d{2}/\\d{2}/\\d{4}$`));
      expect(lines.find((l) => l.startsWith('Exportação Dois ME;'))).toContain(';Inativo;');
    });
  });

  it("Exportar writes the whole filtered list, past the server's page of 200", async () => {
    for (let i = 0; i < 205; i += 5) {
      await Promise.all([0, 1, 2, 3, 4].map((j) => createViaApi({ razaoSocial: `Volume ${String(i + j).padStart(3, '0')} Ltda` })));
    }
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, `/painel/clientes?${FILTER('volume')}`);
      await row(page, 'Volume 204 Ltda').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
      const lines = fs.readFileSync((await download.path())!, 'utf8').slice(1).split('\r\n').slice(1);
      expect(lines).toHaveLength(205);
      expect(new Set(lines.map((l) => l.split(';')[0])).size).toBe(205);
      // Newest first, as the list.
      expect(lines[0].startsWith('Volume 20')).toBe(true);
    });
  });

  it('Inativar and Ativar act on the selected clients, after a confirmation', async () => {
    const um = await createViaApi({ razaoSocial: 'Lote Um Ltda' });
    const dois = await createViaApi({ razaoSocial: 'Lote Dois Ltda' });
    const tres = await createViaApi({ razaoSocial: 'Lote Três Ltda' });
    const status = async (id: string) => (await call(t.app, 'GET', `/api/clientes/${id}`, t.staff.master.token)).body.data.status;
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.associado, `/painel/clientes?${FILTER('lote')}`);
      await row(page, 'Lote Três Ltda').waitFor();
      await row(page, 'Lote Um Ltda').getByRole('checkbox').check();
      await row(page, 'Lote Dois Ltda').getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Inativar', exact: true }).click();
      const confirm = dialog(page, 'Inativar clientes');
      await confirm.getByText('Inativar os 2 clientes selecionados? Eles não poderão entrar no portal.').waitFor();
      await confirm.getByRole('button', { name: 'Inativar' }).click();
      await notified(page, '2 clientes inativados.');
      await row(page, 'Lote Um Ltda').getByText('(inativo)').waitFor();
      expect([await status(um._id), await status(dois._id), await status(tres._id)]).toEqual(['inativo', 'inativo', 'ativo']);

      // Ativar on a selection where one is already active changes only the other.
      await row(page, 'Lote Um Ltda').getByRole('checkbox').check();
      await row(page, 'Lote Três Ltda').getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Ativar', exact: true }).click();
      await dialog(page, 'Ativar clientes').getByText('Ativar o cliente selecionado?').waitFor();
      await dialog(page, 'Ativar clientes').getByRole('button', { name: 'Ativar' }).click();
      await notified(page, '1 cliente ativado.');
      await page.waitForFunction(async (id) => {
        const r = await fetch(`/api/clientes/${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
        return (await r.json()).data.status === 'ativo';
      }, um._id);
      expect([await status(um._id), await status(dois._id), await status(tres._id)]).toEqual(['ativo', 'inativo', 'ativo']);
      expect(problems.consoleErrors).toEqual([]);
    });
  });
});

describe('credentials and the reset link (issue 10)', () => {
  it("an associado edits a client but not its login e-mail or password, and sends it a reset link instead", async () => {
    const ativo = await createViaApi({ razaoSocial: 'Cliente Esqueceu Senha Ltda' });
    await createViaApi({ razaoSocial: 'Cliente Inativo Sem Link Ltda', status: 'inativo' });
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.associado, `/painel/clientes/${ativo._id}`);
      const form = dialog(page, 'Editar Cliente');
      await page.waitForFunction(() => (document.getElementById('cliente-razaoSocial') as HTMLInputElement | null)?.value === 'Cliente Esqueceu Senha Ltda');
      expect(await field(form, 'E-mail').isDisabled()).toBe(true);
      expect(await form.getByLabel(/^Senha/).count()).toBe(0);
      await form.getByText(/Enviar redefinição de senha/).waitFor();
      await field(form, 'Cidade').fill('Olinda');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await notified(page, 'Cliente atualizado com sucesso!');

      await row(page, 'Cliente Esqueceu Senha Ltda').click();
      const details = dialog(page, 'Detalhes do Cliente');
      await details.getByText('Olinda').waitFor();
      await details.getByRole('button', { name: 'Enviar redefinição de senha' }).click();
      const ask = dialog(page, 'Enviar redefinição de senha');
      await ask.getByText(`Enviar para ${ativo.email} um link de redefinição de senha?`, { exact: false }).waitFor();
      await ask.getByRole('button', { name: 'Enviar' }).click();
      await notified(page, 'Link de redefinição de senha enviado para o e-mail de acesso do cliente. O link vale por 1 hora.');
      await details.getByRole('button', { name: 'Fechar' }).click();

      await row(page, 'Cliente Inativo Sem Link Ltda').click();
      await dialog(page, 'Detalhes do Cliente').getByRole('button', { name: 'Enviar redefinição de senha' }).click();
      await dialog(page, 'Enviar redefinição de senha').getByRole('button', { name: 'Enviar' }).click();
      await notified(page, /^Erro ao enviar link de redefinição de senha: O cliente está inativo/);
      expect(problems.consoleErrors.filter((t) => !isFailedLoad(t))).toEqual([]);
    });
    // The e-mail was not changed by the associado's save.
    expect((await call(t.app, 'GET', `/api/clientes/${ativo._id}`, t.staff.master.token)).body.data.email).toBe(ativo.email);
  });
});

describe('read-only staff (issue 10)', () => {
  it('a financeiro reads clients and may send a reset link, but sees no add, edit or bulk action', async () => {
    const cliente = await createViaApi({ razaoSocial: 'Cliente Só Leitura Ltda' });
    const user = await call(t.app, 'POST', '/api/users', t.staff.master.token, {
      username: 'fin.clientes',
      nomeCompleto: 'Financeiro dos Clientes',
      password: STAFF_PASSWORD,
      isAdmin: false,
      permissions: ['Financeiro'],
    });
    expect(user.status).toBe(201);
    const financeiro = await login(t.app, user.body.data.email, STAFF_PASSWORD);
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, financeiro, '/painel/clientes');
      await row(page, 'Cliente Só Leitura Ltda').waitFor();
      await page.getByRole('heading', { name: 'Gerenciamento de Clientes', level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Adicionar Cliente' }).count()).toBe(0);
      expect(await row(page, 'Cliente Só Leitura Ltda').getByRole('checkbox').count()).toBe(0);
      expect(await row(page, 'Cliente Só Leitura Ltda').getByRole('button', { name: /^(Editar|Excluir)/ }).count()).toBe(0);
      await row(page, 'Cliente Só Leitura Ltda').click();
      const details = dialog(page, 'Detalhes do Cliente');
      await details.getByRole('button', { name: 'Enviar redefinição de senha' }).waitFor();
      expect(await details.getByRole('button', { name: 'Editar' }).count()).toBe(0);
      // The form's link shows the details instead; the create link shows only the list.
      await page.goto(`${t.app.baseUrl}/painel/clientes/${cliente._id}`);
      await dialog(page, 'Detalhes do Cliente').getByText('Cliente Só Leitura Ltda').first().waitFor();
      expect(await dialog(page, 'Editar Cliente').count()).toBe(0);
      await page.goto(`${t.app.baseUrl}/painel/clientes/create`);
      await row(page, 'Cliente Só Leitura Ltda').waitFor();
      expect(await dialog(page, 'Novo Cliente').count()).toBe(0);
      expect(problems.consoleErrors).toEqual([]);
    });
  });
});
