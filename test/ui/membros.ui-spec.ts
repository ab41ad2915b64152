/*
 * Members per client company end to end (issue 54, ADR 0058): the Responsável invites a Contador in the
 * portal's Equipe tab, the invitee follows the link from the e-mail the product sent, accepts it on the
 * public site, signs in and sees only what the role (and the Responsável's choice) allows.
 */
import type { Browser, Page } from 'playwright-core';
import { SEM_CAPACIDADE } from '@veritas/common';
import { launchBrowser, type LaunchedBrowser, screenshot, withPage } from '../support/browser';
import { registerCliente, type RunningApp, startApp } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';

const SUBJECT = 'Convite para a área do cliente — Veritas Assessoria Empresarial';
const LINK = /https?:\/\/[^\s"<>]+\/convite\?token=[A-Za-z0-9_-]+/;

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await SmtpSink.start();
  [app, chromium] = await Promise.all([startApp({ env: { SMTP_URL: sink.url } }), launchBrowser()]);
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
  await sink?.stop();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto(app.baseUrl + '/login');
  await page.locator('form').getByRole('button', { name: 'Entrar' }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/cliente'), { timeout: 15_000 });
}

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Área do cliente' }).getByRole('tab').allTextContents();

describe('members of a client company in the browser', () => {
  it('the Responsável invites a Contador, who accepts by the e-mailed link, signs in and sees no charges', async () => {
    const cliente = await registerCliente(app.baseUrl, { razaoSocial: 'Padaria Pão Quente Ltda' });
    const email = `ana.${Date.now()}@contabil.com.br`;

    await withPage(browser, async (page, problems) => {
      await signIn(page, cliente.email, cliente.password);
      await page.getByRole('tab', { name: 'Equipe' }).click();
      await page.getByRole('heading', { name: 'Equipe da empresa' }).waitFor();
      await page.getByLabel('Nome', { exact: true }).fill('Ana');
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Papel', { exact: true }).selectOption('contador');
      // A Contador sees charges by default: the Responsável turns it off.
      await page.getByLabel('Ver e pagar cobranças').uncheck();
      await page.getByRole('button', { name: 'Enviar convite' }).click();
      await page.getByText(`Convite enviado para ${email}. O link vale por 7 dias.`).waitFor();
      await page.getByRole('row', { name: /Ana/ }).getByText(/Convite enviado \(vale até/).waitFor();
      await screenshot(page, 'portal-equipe-convite-1280');
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
    });

    const mail = await sink.waitForSubject(SUBJECT, 15_000, email);
    const link = new URL(LINK.exec(mail.parsed.text ?? '')![0]);

    await withPage(browser, async (page, problems) => {
      await page.goto(app.baseUrl + link.pathname + link.search);
      const aceitar = page.getByRole('button', { name: 'Aceitar o convite' });
      await aceitar.and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
      await page.getByText(/para acompanhar a empresa Padaria Pão Quente Ltda como Contador/).waitFor();
      await page.getByLabel('Seu nome').fill('Ana Souza');
      await page.getByLabel('Senha', { exact: true }).fill('Contadora!2026');
      await page.getByLabel('Confirmar senha').fill('Contadora!2026');
      await aceitar.click();
      await page.getByText('Convite aceito! Entre com o seu e-mail e a senha que você escolheu.').waitFor();
      await screenshot(page, 'convite-aceito-1280');
      await page.getByRole('link', { name: 'Ir para o login' }).click();
      await page.waitForURL((u) => u.pathname === '/login');

      await signIn(page, email, 'Contadora!2026');
      await page.getByRole('tab', { name: 'Documentos' }).waitFor();
      expect(await tabs(page)).toEqual(['Dashboard', 'Registros e Solicitações', 'Documentos', 'Agenda', 'FAQs']);
      // No new request either (a Contador does not open requests by default).
      await page.getByRole('tab', { name: 'Registros e Solicitações' }).click();
      await page.getByRole('heading', { name: 'Registros e Solicitações' }).waitFor();
      expect(await page.getByRole('button', { name: 'Nova Solicitação' }).count()).toBe(0);
      // A bookmarked charges address says why instead.
      await page.goto(app.baseUrl + '/cliente/financeiro');
      await page.getByText(SEM_CAPACIDADE.cobrancas).waitFor({ timeout: 15_000 });
      // Meus dados shows the member's own access.
      await page.goto(app.baseUrl + '/cliente/meus-dados');
      await page.getByRole('heading', { name: 'Meu acesso' }).waitFor({ timeout: 15_000 });
      await page.getByText('Ana Souza', { exact: true }).waitFor();
      await screenshot(page, 'portal-meu-acesso-contador-1280');
      // The link was spent.
      await page.goto(app.baseUrl + link.pathname + link.search);
      await page.getByRole('alert').getByText(/expirou ou já foi usado/).waitFor({ timeout: 15_000 });
      // The portal asked for nothing the member may not see (no 403); the spent link's 410 is the only refusal.
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors.filter((e) => !/status of 410/.test(e))).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
    });
  });
});
