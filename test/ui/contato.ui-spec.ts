/*
 * The contact form as a visitor meets it (/contato, /fale-conosco), and the message arriving where
 * the firm works: /painel/mensagens and the configured inbox (CONTACT_INBOX, the master's mailbox
 * by default). A local SMTP sink stands in for the relay, so a reply from the panel really leaves.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, screenshot, withPage } from '../support/browser';
import { type RunningApp, startApp } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { call, openPanel, seedStaff, type Staff } from './painel-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let sink: SmtpSink;
let staff: Staff;

beforeAll(async () => {
  sink = await SmtpSink.start();
  [app, chromium] = await Promise.all([startApp({ env: { SMTP_URL: sink.url } }), launchBrowser()]);
  browser = chromium.browser;
  staff = await seedStaff(app);
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
  await sink?.stop();
});

const REQUIRED_ERRORS = [
  'Nome é obrigatório',
  'Email é obrigatório',
  'Telefone é obrigatório',
  'Selecione um assunto',
  'Mensagem é obrigatória',
  'Você deve aceitar os termos',
];

/** Opens a contact page and waits until the form has hydrated (its button turns on). */
async function openForm(page: Page, path = '/contato') {
  await page.goto(app.baseUrl + path);
  await page.getByRole('button', { name: 'Enviar mensagem' }).and(page.locator(':enabled')).waitFor({ timeout: 15_000 });
}

async function fillValid(page: Page, nome: string) {
  await page.getByLabel('Nome *').fill(nome);
  await page.getByLabel('E-mail *').fill('maria.souza@exemplo.com.br');
  await page.getByLabel('Telefone *').fill('11988887777');
  await page.getByLabel('Empresa (opcional)').fill('Padaria Pão Quente');
  await page.getByLabel('Assunto *').selectOption('Alterações Contratuais');
  await page.getByLabel('Mensagem *').fill('Preciso alterar o endereço da sede.\nPodem me ligar?');
  await page.getByLabel(/Li e aceito os termos de uso/).check();
}

/** Polls the API until `fn` returns something (the outbox delivers in the background). */
async function eventually<T>(fn: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`não chegou: ${what}`);
}

describe('the contact form', () => {
  it('shows the errors of §5 per field, and clears a field’s error when it is edited', async () => {
    await withPage(browser, async (page, problems) => {
      await openForm(page);
      await page.getByRole('button', { name: 'Enviar mensagem' }).click();
      await page.locator('.field-error').first().waitFor();
      expect(await page.locator('.field-error').allTextContents()).toEqual(REQUIRED_ERRORS);
      // The first invalid field gets the focus, and says why it is invalid.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contato-nome');
      expect(await page.getByLabel('Nome *').getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('Nome *').fill('M');
      expect(await page.locator('.field-error').allTextContents()).toEqual(REQUIRED_ERRORS.slice(1));

      await page.getByLabel('E-mail *').fill('maria@');
      await page.getByRole('button', { name: 'Enviar mensagem' }).click();
      await page.locator('#contato-email-erro').getByText('Email inválido').waitFor();

      // The robots' field is there but out of sight.
      expect(await page.getByRole('textbox', { name: /Não preencha/ }).count()).toBe(0);
      expect((await page.locator('input[name="website"]').boundingBox())!.x).toBeLessThan(0);
      await screenshot(page, 'contato-erros-360');
      expect(problems.pageErrors).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
    }, { viewport: { width: 360, height: 740 } });
  });

  it('sends: success for 5 seconds, the form resets, and the message reaches /painel/mensagens and the inbox', async () => {
    await withPage(browser, async (page, problems) => {
      await openForm(page, '/fale-conosco');
      await fillValid(page, 'Maria Souza UI');
      expect(await page.getByLabel('Telefone *').inputValue()).toBe('(11) 98888-7777');
      await page.getByRole('button', { name: 'Enviar mensagem' }).click();
      const success = page.getByText('Mensagem enviada com sucesso! Entraremos em contato em breve.');
      await success.waitFor();
      expect(await page.getByLabel('Nome *').inputValue()).toBe('');
      expect(await page.getByLabel('Assunto *').inputValue()).toBe('');
      expect(await page.getByLabel(/Li e aceito os termos de uso/).isChecked()).toBe(false);
      await screenshot(page, 'contato-sucesso-1280');
      // It goes away by itself (§4: 5 seconds).
      await success.waitFor({ state: 'detached', timeout: 8_000 });
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });

    // The configured inbox (CONTACT_INBOX unset: the master's mailbox), through the API.
    const mail = await eventually(async () => {
      const inbox = await call(app, 'GET', '/api/emails/inbox', staff.master.token);
      return inbox.body.data.find((m: any) => m.subject === 'Contato pelo site: Alterações Contratuais — Maria Souza UI');
    }, 'e-mail na caixa do master');
    expect(mail.from).toBe('maria.souza@exemplo.com.br');

    // The panel's screen, for an associado.
    await withPage(browser, async (page, problems) => {
      await openPanel(page, app, staff.associado, '/painel/mensagens');
      const row = page.getByRole('row').filter({ hasText: 'Maria Souza UI' });
      await row.waitFor({ timeout: 15_000 });
      await row.getByText('Não lida').waitFor();
      await screenshot(page, 'mensagens-lista-1280');
      await row.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Alterações Contratuais' }).waitFor();
      await dialog.getByText('Preciso alterar o endereço da sede.').waitFor();
      await dialog.getByText('Padaria Pão Quente').waitFor();
      await dialog.getByRole('button', { name: 'Marcar como tratada' }).click();
      await dialog.getByText(/^Tratada por Bruno Associado em/).waitFor();
      await screenshot(page, 'mensagens-detalhe-1280');
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await row.getByText('Tratada', { exact: true }).waitFor();
      expect(await row.getByText('Não lida').count()).toBe(0);
      expect(problems.pageErrors).toEqual([]);
    });
  });

  it('staff answer from the panel: the e-mail leaves from their address and stays in their Enviados', async () => {
    const sent = await call(app, 'POST', '/api/contato', undefined, {
      nome: 'Carlos Resposta',
      email: 'carlos@exemplo.org',
      telefone: '1133334444',
      assunto: 'Certidões e Documentos',
      mensagem: 'Preciso de uma certidão simplificada.',
      aceiteTermos: true,
    });
    expect(sent.status).toBe(201);
    const [{ _id }] = (await call(app, 'GET', `/api/contato?filter=${encodeURIComponent('{"q":"Carlos Resposta"}')}`, staff.master.token)).body.data;

    await withPage(
      browser,
      async (page, problems) => {
        // The link of the inbox notification opens the message directly.
        await openPanel(page, app, staff.master, `/painel/mensagens?id=${_id}`);
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Preciso de uma certidão simplificada.').waitFor({ timeout: 15_000 });
        await dialog.getByRole('button', { name: 'Responder' }).click();
        expect(await dialog.getByLabel('Assunto').inputValue()).toBe('Re: Certidões e Documentos');
        await dialog.getByRole('button', { name: 'Enviar resposta' }).click();
        await dialog.getByText('Escreva a resposta.').waitFor();
        await dialog.getByLabel('Resposta').fill('Olá, Carlos! A certidão sai em até 3 dias úteis.');
        await screenshot(page, 'mensagens-resposta-360');
        await dialog.getByRole('button', { name: 'Enviar resposta' }).click();
        await dialog.getByText(/Última resposta por Administrador Master em/).waitFor();
        expect(problems.pageErrors).toEqual([]);
      },
      { viewport: { width: 360, height: 740 } },
    );

    const [out] = await sink.waitFor(1);
    expect(out.from).toBe(app.masterEmail);
    expect(out.to).toEqual(['carlos@exemplo.org']);
    expect(out.parsed.text).toContain('A certidão sai em até 3 dias úteis.');
    const enviados = await call(app, 'GET', '/api/emails/sent', staff.master.token);
    expect(enviados.body.data.map((m: any) => m.subject)).toContain('Re: Certidões e Documentos');
  });

  it('diretoria has no Mensagens in its menu (§2.10) but may still read the messages at the address', async () => {
    await withPage(browser, async (page) => {
      await openPanel(page, app, staff.diretoria, '/painel/mensagens');
      await page.getByText('Mensagens enviadas pelo formulário de contato do site.').waitFor({ timeout: 15_000 });
      expect(await page.getByText('Você não tem permissão para acessar esta página.').count()).toBe(0);
      // The menu is the diretoria's: Clientes is there, Mensagens is not.
      await page.getByRole('menuitem', { name: 'Clientes', exact: true }).first().waitFor();
      expect(await page.getByRole('menuitem', { name: 'Mensagens', exact: true }).count()).toBe(0);
    });
  });
});
