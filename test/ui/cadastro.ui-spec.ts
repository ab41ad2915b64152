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
        for (const label of ['Razão Social *', 'CNPJ *', 'NIRE *', 'E-mail (login) *', 'Senha *', 'Confirmar senha *']) {
          expect(await field(page, label).count()).toBe(1);
        }
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
