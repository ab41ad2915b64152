/*
 * /cadastro end to end, against local stand-ins for the CNPJ and CEP providers: the prerendered
 * form, the lookups, the rules of §5, the success panel's countdown to /login, and signing in.
 */
import type { Browser, Page } from 'playwright-core';
import { cnpjCheckDigits, maskCnpj } from '@veritas/common';
import { startFakeProviders, officeFixture, type FakeProviders } from '../support/fake-providers';
import { launchBrowser, type LaunchedBrowser, screenshot, withPage } from '../support/browser';
import { type RunningApp, startApp } from '../support/server';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let fake: FakeProviders;

let seq = 0;
/** A CNPJ with valid check digits that no other test uses; `letters` makes it alphanumeric. */
function newCnpj(letters = false): string {
  seq += 1;
  const base = letters ? `AB${String(Date.now() % 1e6).padStart(6, '0')}${seq}`.slice(0, 8) + '0001' : `${String(Date.now() % 1e6).padStart(6, '0')}${String(seq).padStart(2, '0')}0001`;
  return base + cnpjCheckDigits(base);
}

/** A CPF with valid check digits (mod 11) from nine digits. */
function cpfWithDigits(nine: string): string {
  const digit = (s: string) => {
    let sum = 0;
    for (let i = 0; i < s.length; i++) sum += Number(s[i]) * (s.length + 1 - i);
    const r = (sum * 10) % 11;
    return String(r === 10 ? 0 : r);
  };
  const ten = nine.slice(-9) + digit(nine.slice(-9));
  return ten + digit(ten);
}

async function api(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(app.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  fake = await startFakeProviders();
  fake.ceps.set('20040020', { logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' });
  [app, chromium] = await Promise.all([
    startApp({ env: { CNPJ_API_URL: fake.url, CEP_API_URL: fake.url } }),
    launchBrowser(),
  ]);
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
  await fake?.stop();
});

async function openCadastro(page: Page) {
  await page.goto(app.baseUrl + '/cadastro');
  await page.getByRole('button', { name: 'Cadastrar' }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const errorsShown = (page: Page) => page.locator('.field-error').allTextContents();

describe('/cadastro', () => {
  it('is a complete form in the HTML itself, before any script (every field of §3.3, 19 cargos, 27 states)', async () => {
    await withPage(
      browser,
      async (page) => {
        await page.goto(app.baseUrl + '/cadastro');
        await page.getByRole('heading', { name: 'Cadastro de Cliente' }).waitFor();
        const names = await page.locator('form.signup__form [name]').evaluateAll((els) => els.map((e) => e.getAttribute('name')));
        expect(names.sort()).toEqual(
          [
            'razaoSocial', 'nomeFantasia', 'cnpj', 'nire', 'email', 'telefone', 'celularWhatsApp', 'cep', 'endereco', 'numero',
            'complemento', 'bairro', 'cidade', 'estado', 'pais', 'nomeCompletoResponsavel', 'cargo', 'dataNascimento', 'emailRF',
            'telefoneResponsavel', 'celularWhatsAppResponsavel', 'nomeCompletoAssinanteDBE', 'cargoAssinanteDBE',
            'dataNascimentoAssinanteDBE', 'password', 'confirmPassword',
          ].sort(),
        );
        expect(await field(page, 'Cargo').locator('option').count()).toBe(20); // 19 + "Selecione"
        expect(await field(page, 'Estado').locator('option').count()).toBe(28); // 27 + "Selecione"
        expect(await field(page, 'País').inputValue()).toBe('Brasil');
        for (const label of ['Razão Social *', 'CNPJ *', 'E-mail (login) *', 'Senha *', 'Confirmar senha *']) {
          expect(await field(page, label).count()).toBe(1);
        }
        // NIRE is optional (the server takes a registration without it): no "*".
        expect(await field(page, 'NIRE').count()).toBe(1);
        expect(await field(page, 'NIRE *').count()).toBe(0);
      },
      { javaScriptEnabled: false },
    );
  });

  it('checks the CNPJ length before a lookup, shows the whole answer and fills the form from it', async () => {
    const cnpj = newCnpj();
    fake.offices.set(cnpj, officeFixture(cnpj));
    await withPage(browser, async (page, problems) => {
      await openCadastro(page);
      await field(page, 'CNPJ *').fill('11222333');
      await page.getByRole('button', { name: 'Consultar CNPJ' }).click();
      expect(await page.getByRole('alert').textContent()).toBe('CNPJ deve ter 14 dígitos');
      // The error was about the CNPJ it was given: changing the field takes it away (issue 10).
      await field(page, 'CNPJ *').press('4');
      await page.getByText('CNPJ deve ter 14 dígitos').waitFor({ state: 'detached' });

      await field(page, 'CNPJ *').fill(cnpj);
      expect(await field(page, 'CNPJ *').inputValue()).toBe(maskCnpj(cnpj));
      await page.getByRole('button', { name: 'Consultar CNPJ' }).click();
      const json = page.locator('.cnpj-result__json');
      await json.waitFor();
      const shown = JSON.parse((await json.textContent()) ?? '');
      expect(shown.data.taxId).toBe(cnpj);
      expect(shown.data.company.name).toBe('PADARIA PAO QUENTE LTDA');

      await page.getByRole('button', { name: 'Preencher o formulário com estes dados' }).click();
      expect(await field(page, 'Razão Social *').inputValue()).toBe('PADARIA PAO QUENTE LTDA');
      expect(await field(page, 'Nome Fantasia').inputValue()).toBe('Pão Quente');
      expect(await field(page, 'E-mail (login) *').inputValue()).toBe('contato@paoquente.com.br');
      expect(await field(page, 'Telefone').inputValue()).toBe('(11) 3333-4444');
      expect(await field(page, 'CEP').inputValue()).toBe('01310-100');
      expect(await field(page, 'Endereço').inputValue()).toBe('Avenida Paulista');
      expect(await field(page, 'Número').inputValue()).toBe('1000');
      expect(await field(page, 'Complemento').inputValue()).toBe('Conj 101');
      expect(await field(page, 'Bairro').inputValue()).toBe('Bela Vista');
      expect(await field(page, 'Cidade').inputValue()).toBe('São Paulo');
      expect(await field(page, 'Estado').inputValue()).toBe('SP');
      await page.getByText(/^Preenchido a partir da consulta: Razão Social, Nome Fantasia/).waitFor();

      // A CNPJ the provider does not know: the reason, and the previous answer is gone.
      await field(page, 'CNPJ *').fill(newCnpj());
      await page.getByRole('button', { name: 'Consultar CNPJ' }).click();
      await page.getByText('Erro ao buscar informações do CNPJ: CNPJ não encontrado na Receita Federal').waitFor();
      expect(await page.locator('.cnpj-result__json').count()).toBe(0);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
    });
  });

  it('masks CNPJ (alphanumeric too), phones and CEP, and fills the address when the CEP field is left', async () => {
    await withPage(browser, async (page) => {
      await openCadastro(page);
      const alpha = newCnpj(true);
      await field(page, 'CNPJ *').fill(alpha.toLowerCase());
      expect(await field(page, 'CNPJ *').inputValue()).toBe(maskCnpj(alpha));
      expect(await field(page, 'CNPJ *').inputValue()).toMatch(/^AB\./);
      await field(page, 'Celular/WhatsApp').fill('21987654321999');
      expect(await field(page, 'Celular/WhatsApp').inputValue()).toBe('(21) 98765-4321');
      await field(page, 'CEP').fill('200400209');
      expect(await field(page, 'CEP').inputValue()).toBe('20040-020');
      await field(page, 'CEP').blur();
      await page.waitForFunction(() => (document.getElementById('cadastro-cidade') as HTMLInputElement).value === 'Rio de Janeiro');
      expect(await field(page, 'Endereço').inputValue()).toBe('Avenida Rio Branco');
      expect(await field(page, 'Bairro').inputValue()).toBe('Centro');
      expect(await field(page, 'Estado').inputValue()).toBe('RJ');
      expect(fake.cepCalls().map((c) => c.path)).toContain('/ws/20040020/json/');
    });
  });

  it('applies the rules of §5, shows the server’s message, then registers, counts down to /login, and the client signs in', async () => {
    const cnpj = newCnpj();
    const email = `cadastro.${Date.now()}@exemplo.com.br`;
    await withPage(browser, async (page, problems) => {
      await openCadastro(page);
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      expect(await errorsShown(page)).toEqual([
        'O campo Razão Social é obrigatório',
        'O campo CNPJ é obrigatório',
        'O campo E-mail é obrigatório',
        'O campo Senha é obrigatório',
      ]);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('cadastro-razaoSocial');

      await field(page, 'Razão Social *').fill('Oficina Verdade Ltda');
      expect(await errorsShown(page)).not.toContain('O campo Razão Social é obrigatório');
      await field(page, 'CNPJ *').fill(cnpj);
      await field(page, 'E-mail (login) *').fill(email);
      await field(page, 'Senha *').fill('Cliente!2026');
      await field(page, 'Confirmar senha *').fill('Cliente!2025');
      await field(page, 'Cargo').selectOption('Diretor Presidente');
      await field(page, 'Nome completo do responsável').fill('Joana da Silva');
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      expect(await errorsShown(page)).toEqual(['As senhas não conferem']);

      // The server has the last word: an e-mail already registered.
      await field(page, 'Confirmar senha *').fill('Cliente!2026');
      const taken = await fetch(`${app.baseUrl}/api/clientes/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ razaoSocial: 'Outra Ltda', cnpj: newCnpj(), email: `ja.${email}`, password: 'Cliente!2026' }),
      });
      expect(taken.status).toBe(201);
      await field(page, 'E-mail (login) *').fill(`ja.${email}`);
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      await page.getByRole('alert').filter({ hasText: /já está cadastrado/ }).waitFor();

      await field(page, 'E-mail (login) *').fill(email);
      await screenshot(page, 'cadastro-preenchido-1280');
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      await page.getByRole('heading', { name: 'Cadastro realizado com sucesso!' }).waitFor();
      await page.getByText(/Você será redirecionado para a página de login em \d segundos?\./).waitFor();
      expect(await page.getByRole('link', { name: 'Ir para o login agora' }).getAttribute('href')).toBe('/login');
      await screenshot(page, 'cadastro-sucesso-1280');
      await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
      expect(problems.pageErrors).toEqual([]);

      await page.getByRole('button', { name: 'Entrar' }).and(page.locator(':enabled')).waitFor();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill('Cliente!2026');
      await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/cliente'), { timeout: 15_000 });
      await page.getByRole('heading', { name: 'Olá, Oficina Verdade Ltda' }).waitFor({ timeout: 15_000 });
    });

    const list = await fetch(`${app.baseUrl}/api/clientes/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Cliente!2026' }),
    });
    const { data } = await list.json();
    expect(data).toMatchObject({ razaoSocial: 'Oficina Verdade Ltda', cnpj: maskCnpj(cnpj), cargo: 'Diretor Presidente', pais: 'Brasil' });
  });

  it('says what is wrong with each field: an impossible CEP on leaving it, a placeholder CNPJ, the server’s refusals by field', async () => {
    await withPage(browser, async (page, problems) => {
      await openCadastro(page);
      await field(page, 'CEP').fill('1234');
      await field(page, 'CEP').blur();
      await page.locator('#cadastro-cep-erro').getByText('CEP inválido', { exact: false }).waitFor();
      expect(await field(page, 'CEP').getAttribute('aria-invalid')).toBe('true');
      await field(page, 'CEP').fill('');

      await field(page, 'Razão Social *').fill('Oficina Repetida Ltda');
      await field(page, 'CNPJ *').fill('11.111.111/1111-11');
      await field(page, 'E-mail (login) *').fill(`repetida.${Date.now()}@exemplo.com.br`);
      await field(page, 'Senha *').fill('Cliente!2026');
      await field(page, 'Confirmar senha *').fill('Cliente!2026');
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      expect(await page.locator('#cadastro-cnpj-erro').textContent()).toBe('CNPJ inválido (todos os dígitos iguais)');

      // Phones are judged by the server: each refusal lands by its own field, one sentence each, never joined with ";".
      await field(page, 'CNPJ *').fill(newCnpj());
      await field(page, 'Telefone').fill('123');
      await field(page, 'Celular/WhatsApp').fill('219');
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      await page.locator('#cadastro-telefone-erro').waitFor();
      await page.locator('#cadastro-celularWhatsApp-erro').waitFor();
      const alert = (await page.getByRole('alert').textContent()) ?? '';
      expect(alert).toBe('Confira os campos indicados: cada um diz o que corrigir.');
      for (const text of [alert, ...(await errorsShown(page))]) expect(text).not.toContain(';');
      expect(await page.locator('#cadastro-telefone-erro').textContent()).toMatch(/^[^;]+\.?$/);
      expect(problems.pageErrors).toEqual([]);
    });
  });

  it('registers a founder with a CPF (no CNPJ yet), who signs in and becomes the company when the abertura records its CNPJ', async () => {
    const email = `fundador.${Date.now()}@exemplo.com.br`;
    const cpf = cpfWithDigits(`${Date.now() % 1e9}`.padStart(9, '0'));
    const cnpj = newCnpj();
    await withPage(browser, async (page, problems) => {
      await openCadastro(page);
      await page.getByRole('radio', { name: 'Ainda não tenho CNPJ (abertura de empresa)' }).check();
      // The founder's form, without the company's fields.
      expect(await field(page, 'CNPJ *').count()).toBe(0);
      await page.getByRole('button', { name: 'Cadastrar e solicitar a abertura' }).click();
      expect(await errorsShown(page)).toEqual([
        'O campo Nome completo é obrigatório',
        'CPF é obrigatório',
        'O campo E-mail é obrigatório',
        'O campo Telefone é obrigatório',
        'O campo Nome pretendido da empresa é obrigatório',
        'O campo Senha é obrigatório',
      ]);
      await field(page, 'Nome completo *').fill('Ana Souza');
      await field(page, 'CPF *').fill(cpf.slice(0, 10) + ((Number(cpf[10]) + 1) % 10));
      expect(await field(page, 'CPF *').inputValue()).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
      await field(page, 'E-mail (login) *').fill(email);
      await field(page, 'Telefone *').fill('11988887777');
      expect(await field(page, 'Telefone *').inputValue()).toBe('(11) 98888-7777');
      await field(page, 'Nome pretendido da empresa *').fill('Ana Doces Finos');
      await field(page, 'Senha *').fill('Fundador!2026');
      await field(page, 'Confirmar senha *').fill('Fundador!2026');
      await page.getByRole('button', { name: 'Cadastrar e solicitar a abertura' }).click();
      expect(await errorsShown(page)).toEqual(['CPF inválido (dígitos verificadores incorretos)']);

      await field(page, 'CPF *').fill(cpf);
      await screenshot(page, 'cadastro-fundador-1280');
      await page.getByRole('button', { name: 'Cadastrar e solicitar a abertura' }).click();
      await page.getByRole('heading', { name: 'Cadastro realizado com sucesso!' }).waitFor();
      await page.getByRole('link', { name: 'Ir para o login agora' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByRole('button', { name: 'Entrar' }).and(page.locator(':enabled')).waitFor();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill('Fundador!2026');
      await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/cliente'), { timeout: 15_000 });
      await page.getByRole('heading', { name: 'Olá, Ana Doces Finos' }).waitFor({ timeout: 15_000 });
      expect(problems.pageErrors).toEqual([]);

      // The firm works the abertura: the stages before CNPJ, then CNPJ with the company's CNPJ and NIRE.
      const staff = await api('POST', '/api/auth/login', undefined, { email: app.masterEmail, password: app.masterPassword });
      const token = staff.body.token as string;
      const clienteToken = (await api('POST', '/api/clientes/login', undefined, { email, password: 'Fundador!2026' })).body.token as string;
      const [abertura] = (await api('GET', '/api/registros/me', clienteToken)).body.data;
      expect(abertura.servico).toBe('abertura-empresas');
      const etapas = (await api('GET', `/api/registros/${abertura._id}`, token)).body.data.etapas.sort((a: any, b: any) => a.ordem - b.ordem);
      const cnpjStage = etapas.find((e: any) => e.nome === 'CNPJ');
      for (const e of etapas.filter((x: any) => x.ordem < cnpjStage.ordem)) {
        expect((await api('PUT', `/api/registros/${abertura._id}/etapas/${e._id}`, token, { status: 'dispensada', nota: 'Teste' })).status).toBe(200);
      }
      expect((await api('PUT', `/api/registros/${abertura._id}/etapas/${cnpjStage._id}`, token, { status: 'andamento' })).status).toBe(200);
      const done = await api('PUT', `/api/registros/${abertura._id}/etapas/${cnpjStage._id}`, token, { status: 'concluida', cnpj, nire: '35212345678', razaoSocial: 'Ana Doces Finos Ltda' });
      expect([done.status, done.body?.message]).toEqual([200, undefined]);

      // The same session, now the company.
      await page.reload();
      await page.getByRole('heading', { name: 'Olá, Ana Doces Finos Ltda' }).waitFor({ timeout: 15_000 });
      const me = (await api('GET', '/api/clientes/me', clienteToken)).body.data;
      expect(me).toMatchObject({ cnpj: maskCnpj(cnpj), nire: '35212345678', cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` });
    });
  });

  it('fits a 360 px phone', async () => {
    await withPage(
      browser,
      async (page) => {
        await openCadastro(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, 'cadastro-360');
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
