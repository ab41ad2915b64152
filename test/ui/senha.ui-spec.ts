/*
 * Password recovery end to end, reading the link from the mail the product really sent: a client's
 * through the SMTP relay (a local sink); a staff member's through the recovery e-mail they set and
 * confirmed in Minha conta (issue 53), never through the panel's mailbox.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, screenshot, withPage } from '../support/browser';
import { registerCliente, type RunningApp, startApp } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { call, login, openPanel } from './painel-helpers';

const RESET_SUBJECT = 'Redefinição de senha — Veritas Assessoria Empresarial';

const NEUTRAL = 'Se o e-mail informado estiver cadastrado, você receberá em instantes um link para redefinir a sua senha. O link vale por 1 hora.';
const SPENT = 'Este link de redefinição de senha já foi usado ou expirou. Peça um novo link abaixo.';
const LINK = /https?:\/\/[^\s"<>]+\/redefinir-senha\?token=[A-Za-z0-9_-]+/;
const CONFIRM_SUBJECT = 'Confirme o seu e-mail de recuperação — Veritas Assessoria Empresarial';
const CONFIRM_LINK = /https?:\/\/[^\s"<>]+\/painel\/confirmar-email-recuperacao\?token=[A-Za-z0-9_-]+/;
const STAFF_ANSWER = /^Se o e-mail informado for de uma conta da equipe com e-mail de recuperação confirmado/;

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

/** The link's path and query, opened on this test's server (SITE_URL names the public address). */
function onThisServer(link: string): string {
  const url = new URL(link);
  return app.baseUrl + url.pathname + url.search;
}

async function askForLink(page: Page, email: string, answer: string | RegExp = NEUTRAL) {
  await page.goto(app.baseUrl + '/login');
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await page.waitForURL((u) => u.pathname === '/recuperar-senha');
  const send = page.getByRole('button', { name: 'Enviar link' });
  await send.and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
  await page.getByLabel('E-mail').fill(email);
  await send.click();
  await page.getByText(answer).waitFor();
}

async function chooseNewPassword(page: Page, url: string, password: string) {
  await page.goto(url);
  const save = page.getByRole('button', { name: 'Salvar nova senha' });
  await save.and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
  await page.getByLabel('Nova senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar nova senha').fill(password);
  await save.click();
}

async function signIn(page: Page, email: string, password: string, area: '/cliente' | '/painel') {
  await page.goto(app.baseUrl + '/login');
  await page.locator('form').getByRole('button', { name: 'Entrar' }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((u) => u.pathname.startsWith(area), { timeout: 15_000 });
}

describe('password recovery', () => {
  it('a client asks at /recuperar-senha, follows the link from the e-mail and signs in with the new password', async () => {
    const cliente = await registerCliente(app.baseUrl);
    await withPage(browser, async (page, problems) => {
      await page.goto(app.baseUrl + '/recuperar-senha');
      await page.getByRole('button', { name: 'Enviar link' }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await page.getByRole('alert').getByText('Informe o seu e-mail.').waitFor();

      await askForLink(page, cliente.email);
      await screenshot(page, 'recuperar-senha-enviado-360');
      // The registration's welcome goes to the same address: the reset link is the message of its subject.
      const mail = await sink.waitForSubject(RESET_SUBJECT, 10_000, cliente.email);
      expect(mail.to).toEqual([cliente.email]);
      const link = LINK.exec(mail.parsed.text ?? '')![0];

      await page.goto(onThisServer(link));
      await page.getByRole('button', { name: 'Salvar nova senha' }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
      await page.getByLabel('Nova senha', { exact: true }).fill('Nova!Senha2026');
      await page.getByLabel('Confirmar nova senha').fill('Nova!Senha2027');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await page.getByRole('alert').getByText('As senhas não conferem').waitFor();
      await page.getByLabel('Nova senha', { exact: true }).fill('fraca');
      await page.getByLabel('Confirmar nova senha').fill('fraca');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await page.getByRole('alert').getByText('A senha deve ter pelo menos 8 caracteres').waitFor();

      await chooseNewPassword(page, onThisServer(link), 'Nova!Senha2026');
      await page.getByText('Senha redefinida com sucesso! Faça login com a nova senha.').waitFor();
      await screenshot(page, 'redefinir-senha-sucesso-1280');
      await page.getByRole('link', { name: 'Ir para o login' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      await signIn(page, cliente.email, 'Nova!Senha2026', '/cliente');

      // The link was spent: refused as soon as the page opens, no form to fill, no raw path in the text.
      await page.goto(onThisServer(link));
      await page.getByRole('alert').getByText(SPENT).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Salvar nova senha' }).count()).toBe(0);
      expect(await page.getByLabel('Nova senha', { exact: true }).count()).toBe(0);
      expect(await page.locator('main').innerText()).not.toContain('/recuperar-senha');
      expect(await page.getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe('/recuperar-senha');
      // The check answers 200 either way: no refused request in the console for a spent link.
      expect(problems.consoleErrors.filter((e) => /status of 40[04]/.test(e))).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
    }, { viewport: { width: 360, height: 740 } });
  });

  it('an unknown e-mail gets the same answer, and only the registered address gets mail', async () => {
    const cliente = await registerCliente(app.baseUrl);
    const before = sink.messages.length;
    await withPage(browser, async (page) => {
      await askForLink(page, 'ninguem.aqui@exemplo.com.br');
      await askForLink(page, cliente.email);
    });
    await sink.waitForSubject(RESET_SUBJECT, 10_000, cliente.email);
    const resets = sink.messages.slice(before).filter((m) => m.parsed.subject === RESET_SUBJECT);
    expect(resets.map((m) => m.to)).toEqual([[cliente.email]]);
  });

  it('a staff member sets a recovery e-mail in Minha conta, confirms it by its link, and resets through it (not the panel mailbox)', async () => {
    const pessoal = `master.${Date.now().toString(36)}@exemplo.com`;
    const master = await login(app, app.masterEmail, app.masterPassword);
    await withPage(browser, async (page) => {
      await openPanel(page, app, master);
      await page.getByRole('button', { name: 'Perfil' }).click();
      await page.getByRole('menuitem', { name: 'Minha conta' }).click();
      const field = page.getByRole('textbox', { name: /^E-mail de recuperação/ });
      await field.waitFor({ timeout: 15_000 });
      await field.fill(pessoal);
      await page.getByRole('button', { name: 'Salvar e enviar confirmação' }).click();
      await page.getByText(`Aguardando confirmação: abra o link que enviamos para ${pessoal}.`).waitFor({ timeout: 15_000 });
    });
    // The link is opened without a session (another device, say), and so is the recovery page.
    await withPage(browser, async (page) => {
      const confirm = await sink.waitForSubject(CONFIRM_SUBJECT, 10_000, pessoal);
      await page.goto(onThisServer(CONFIRM_LINK.exec(confirm.parsed.text ?? '')![0]));
      await page.getByRole('status').getByText(/^E-mail de recuperação confirmado!/).waitFor({ timeout: 15_000 });

      await askForLink(page, app.masterEmail, STAFF_ANSWER);
      const reset = await sink.waitForSubject(RESET_SUBJECT, 10_000, pessoal);
      expect(reset.to).toEqual([pessoal]);
      const inbox = await call(app, 'GET', '/api/emails/inbox', master.token);
      expect(inbox.body.data.filter((m: any) => m.subject.startsWith('Redefinição de senha'))).toEqual([]);
      await chooseNewPassword(page, onThisServer(LINK.exec(reset.parsed.text ?? '')![0]), 'Master!Nova2027');
      await page.getByText('Senha redefinida com sucesso! Faça login com a nova senha.').waitFor();
      await signIn(page, app.masterEmail, 'Master!Nova2027', '/painel');
    });
    expect((await call(app, 'POST', '/api/auth/login', undefined, { email: app.masterEmail, password: app.masterPassword })).status).toBe(401);
  });

  it('an unknown or expired token is refused when the page opens', async () => {
    await withPage(browser, async (page) => {
      await page.goto(app.baseUrl + '/redefinir-senha?token=' + 'x'.repeat(43));
      await page.getByRole('alert').getByText(SPENT).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Salvar nova senha' }).count()).toBe(0);
    });
  });

  it('without a token the page says the link is incomplete and offers a new one', async () => {
    await withPage(browser, async (page) => {
      await page.goto(app.baseUrl + '/redefinir-senha');
      await page.getByRole('alert').getByText(/link de redefinição de senha está incompleto/).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe('/recuperar-senha');
    });
  });
});
