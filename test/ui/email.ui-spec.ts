/*
 * The staff mailbox at /painel/email (issue 4) as people use it, in Chromium, against the built
 * product: mail really arrives over SMTP (Debian's swaks, a client we did not write), really
 * leaves through a local SMTP sink standing in for the relay, and hostile HTML is opened in the
 * real browser.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { createTransport } from 'nodemailer';
import type { Dialog, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, type PageProblems, screenshot, withPage } from '../support/browser';
import { freePort, startApp, type RunningApp } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { call, isFailedLoad, notified, openPanel, seedStaff, type Staff, type StaffName, watchForEscapes } from './painel-helpers';

const run = promisify(execFile);
const CORPUS = path.join(__dirname, '..', 'fixtures', 'hostile-emails');
const ANA = 'dir.ana@veritas.com.br';
const BRUNO = 'assoc.bruno@veritas.com.br';

let app: RunningApp;
let chromium: LaunchedBrowser;
let staff: Staff;
let sink: SmtpSink;
let smtpPort: number;
let workDir: string;

beforeAll(async () => {
  [sink, smtpPort] = await Promise.all([SmtpSink.start(), freePort()]);
  [app, chromium] = await Promise.all([
    startApp({ env: { SMTP_PORT: String(smtpPort), SMTP_URL: sink.url } }),
    launchBrowser(),
  ]);
  staff = await seedStaff(app);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-email-ui-'));
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
  await sink?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

beforeEach(() => {
  sink.refuseWith = null;
  sink.messages.length = 0;
});

// ---------------------------------------------------------------- seeding and reading through the API

const tokenOf = (who: StaffName) => staff[who].token;

async function folderRows(who: StaffName, folder: string, q?: string): Promise<any[]> {
  const filter = q ? `&filter=${encodeURIComponent(JSON.stringify({ q }))}` : '';
  const r = await call(app, 'GET', `/api/emails/${folder}?range=[0,199]${filter}`, tokenOf(who));
  expect(r.status).toBe(200);
  return r.body.data;
}

const findMail = async (who: StaffName, folder: string, subject: string) => (await folderRows(who, folder)).find((m) => m.subject === subject);

async function detailOf(who: StaffName, id: string): Promise<any> {
  return (await call(app, 'GET', `/api/emails/message/${id}`, tokenOf(who))).body.data;
}

/** Sends as `who` through the API, as compose does (multipart, files in `attachments`). */
async function sendAs(who: StaffName, fields: Record<string, string>, files: { name: string; type: string; content: Buffer }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('attachments', new Blob([new Uint8Array(f.content)], { type: f.type }), f.name);
  const res = await fetch(`${app.baseUrl}/api/emails/send`, { method: 'POST', headers: { authorization: `Bearer ${tokenOf(who)}` }, body: form });
  if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
  return ((await res.json()) as any).data;
}

/** Waits until `check` holds (the screen's calls run in the background of a click). */
async function until(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`não aconteceu: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pdfBytes = (n: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(n, 7), Buffer.from('\n%%EOF')]);

// ---------------------------------------------------------------- the screen

/**
 * openPanel stores the session on /login, whose own script then signs that session in and
 * navigates, racing openPanel's next step: here /login is a blank page of the same origin.
 */
async function signInAt(page: Page, who: StaffName, path: string) {
  await page.route((u) => u.pathname === '/login', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>login</title>' }));
  await openPanel(page, app, staff[who], path);
}

async function openMailbox(page: Page, who: StaffName, query = '') {
  await signInAt(page, who, `/painel/email${query}`);
  await page.getByRole('searchbox', { name: 'Pesquisar email' }).waitFor();
}

const mailList = (page: Page) => page.getByRole('list', { name: 'Emails' });
const rowOf = (page: Page, subject: string) => mailList(page).getByRole('listitem').filter({ hasText: subject });
const composer = (page: Page) => page.getByRole('dialog', { name: 'Nova mensagem' });
const field = (page: Page, label: string) => composer(page).getByRole('textbox', { name: label, exact: true });
const editorOf = (page: Page) => composer(page).getByRole('textbox', { name: 'Corpo da mensagem' });
const messageBody = (page: Page) => page.frameLocator('iframe[title="Conteúdo do email"]').locator('body');
const folderButton = (page: Page, label: string | RegExp) => page.getByRole('navigation', { name: 'Pastas de email' }).getByRole('button', { name: label });

async function openRow(page: Page, subject: string) {
  await rowOf(page, subject).getByText(subject).first().click();
}

async function goToFolder(page: Page, label: string) {
  const button = folderButton(page, new RegExp(`^${label}`));
  await button.click();
  await page.waitForURL((u) => !u.searchParams.has('email'));
  // The folder is on screen (not only in the address): a second click at once could otherwise
  // land before React showed this one, and the screen would never have left the first folder.
  await button.and(page.locator('[aria-current="page"]')).waitFor();
}

/** Answers the editor's prompts (link address, table rows and columns) in order. */
function answerPrompts(page: Page, answers: (string | null)[]): string[] {
  const asked: string[] = [];
  const handler = async (dialog: Dialog) => {
    asked.push(dialog.message());
    const answer = answers.shift();
    if (answer === undefined) await dialog.dismiss();
    else await dialog.accept(answer === null ? dialog.defaultValue() : answer);
  };
  page.on('dialog', handler);
  return asked;
}

function expectCleanPage(problems: PageProblems) {
  expect(problems.cspViolations).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors.filter((t) => !isFailedLoad(t))).toEqual([]);
}

// ---------------------------------------------------------------- tests

describe('receiving', () => {
  it('swaks delivers a message with an attachment and a UTF-8 subject: it shows in the right inbox, opens, is marked read, and the attachment downloads', async () => {
    const pdf = pdfBytes(3000);
    const file = path.join(workDir, 'relatório anual.pdf');
    fs.writeFileSync(file, pdf);
    const subject = 'Relatório de ações — São Paulo ✓';
    await run('swaks', [
      '--server', '127.0.0.1', '--port', String(smtpPort),
      '--to', ANA, '--from', 'contador@exemplo.com.br',
      '--header', 'From: Contabilidade Silva <contador@exemplo.com.br>',
      '--header', `Subject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`,
      '--body', 'Segue o relatório.\nAtenciosamente,\nContabilidade',
      '--attach-type', 'application/pdf', '--attach-name', 'relatório anual.pdf', '--attach', `@${file}`,
      '--suppress-data',
    ]);
    // Nobody else got it.
    expect(await findMail('associado', 'inbox', subject)).toBeUndefined();
    expect(await findMail('master', 'inbox', subject)).toBeUndefined();

    await withPage(chromium.browser, async (page, problems) => {
      await openMailbox(page, 'diretoria');
      const row = rowOf(page, subject);
      await row.waitFor();
      await expect(row.textContent()).resolves.toContain('Não lido: Contabilidade Silva');
      await expect(row.textContent()).resolves.toContain('Segue o relatório. Atenciosamente,');
      expect(await row.getByRole('img', { name: 'Com anexo' }).count()).toBe(1);
      await folderButton(page, /^Caixa de Entrada\s*1 não lido$/).waitFor();

      await openRow(page, subject);
      await page.getByRole('heading', { name: subject, level: 2 }).waitFor();
      await page.getByText('<contador@exemplo.com.br>').waitFor();
      await messageBody(page).getByText('Atenciosamente,').waitFor();
      await page.getByRole('heading', { name: 'Anexos (1)' }).waitFor();

      // Opened from the inbox: read, on the server and on the screen.
      const id = new URL(page.url()).searchParams.get('email')!;
      await until(async () => (await detailOf('diretoria', id)).read === true, 'marcado como lido');
      await folderButton(page, /^Caixa de Entrada$/).waitFor();

      await page.getByRole('button', { name: 'Mostrar detalhes' }).click();
      const details = page.locator('#email-details');
      await expect(details.textContent()).resolves.toMatch(/De:Contabilidade Silva <contador@exemplo\.com\.br>Para:dir\.ana@veritas\.com\.brData:\d\d\/\d\d\/\d{4} \d\d:\d\d/);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar relatório anual.pdf' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('relatório anual.pdf');
      expect(fs.readFileSync((await download.path())!).equals(pdf)).toBe(true);

      // Imprimir prints the message alone (the print style shows only the reading view).
      await page.evaluate(() => {
        window.print = () => {
          (window as any).__printedAlone = document.body.classList.contains('mail-printing') && !!document.querySelector('.mail-print-area');
        };
      });
      await page.getByRole('button', { name: 'Imprimir' }).click();
      expect(await page.evaluate(() => (window as any).__printedAlone)).toBe(true);

      await page.goBack();
      await rowOf(page, subject).waitFor();
      await expect(rowOf(page, subject).textContent()).resolves.not.toContain('Não lido');
      expectCleanPage(problems);
    });
  });

  it('the hostile corpus is shown without running anything: no script, no dialog, no navigation, no request to another host', async () => {
    const files = fs.readdirSync(CORPUS).filter((f) => f.endsWith('.eml')).sort();
    for (const f of files) {
      await run('swaks', ['--server', '127.0.0.1', '--port', String(smtpPort), '--to', 'master@veritas.com.br', '--from', 'atacante@exemplo.com', '--data', `@${path.join(CORPUS, f)}`, '--suppress-data']);
    }

    await withPage(chromium.browser, async (page, problems, context) => {
      const watch = watchForEscapes(page, context, app);
      await openMailbox(page, 'master');
      await mailList(page).getByText('Script tags').waitFor();
      watch.navigations.length = 0; // signing in went through /login
      const seen = new Set<string>();
      for (const f of files) {
        const n = f.slice(0, 2);
        const row = mailList(page).getByRole('listitem').filter({ hasText: `Texto legítimo ${n}` });
        await row.first().locator('a').click();
        await messageBody(page).getByText(`Texto legítimo ${n}`).first().waitFor();
        // Whatever could fire on load has had its chance.
        await page.waitForTimeout(300);
        const state = await page.evaluate(() => {
          const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Conteúdo do email"]')!;
          const doc = frame.contentDocument!;
          return {
            pwned: (window as any).__pwned,
            framePwned: (frame.contentWindow as any).__pwned,
            sandbox: frame.getAttribute('sandbox'),
            dangerous: [...doc.querySelectorAll('script, iframe, frame, object, embed, form, svg, math, style:not(head style), meta:not(head meta), link, base:not(head base)')].map((e) => e.tagName),
            handlers: [...doc.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
            badLinks: [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!).filter((h) => !/^(https?:|mailto:|tel:|#)/i.test(h)),
            remoteSrc: [...doc.querySelectorAll('img[src]')].map((i) => i.getAttribute('src')!).filter((s) => !/^data:image\//.test(s)),
          };
        });
        expect(state.sandbox).not.toContain('allow-scripts');
        expect({ file: f, ...state, sandbox: undefined }).toEqual({ file: f, pwned: undefined, framePwned: undefined, sandbox: undefined, dangerous: [], handlers: [], badLinks: [], remoteSrc: [] });
        seen.add(n);
        await page.goBack();
        await mailList(page).waitFor();
      }
      expect([...seen].sort()).toEqual(files.map((f) => f.slice(0, 2)));
      expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
      expect(watch.dialogs).toEqual([]);
      expect(watch.foreign).toEqual([]);
      expect(watch.popups).toBe(0);
      expect(watch.navigations.filter((u) => new URL(u).pathname !== '/painel/email')).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
    });
  });

  it('an inline (cid:) image is shown in place, fetched with the token, and not listed again as an attachment', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
    await createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true }).sendMail({
      from: 'Marketing <mkt@exemplo.com>',
      to: BRUNO,
      subject: 'Com logotipo',
      html: '<p>Nosso logotipo:</p><img src="cid:logo@exemplo" alt="Logotipo">',
      attachments: [{ filename: 'logo.png', content: png, contentType: 'image/png', cid: 'logo@exemplo' }],
    });
    await withPage(chromium.browser, async (page, problems, context) => {
      const watch = watchForEscapes(page, context, app);
      await openMailbox(page, 'associado');
      await openRow(page, 'Com logotipo');
      const logo = messageBody(page).getByRole('img', { name: 'Logotipo' });
      await until(async () => /^blob:/.test((await logo.getAttribute('src')) ?? ''), 'imagem embutida com blob:');
      await until(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 2), 'imagem embutida carregada');
      expect(await page.getByRole('heading', { name: /^Anexos/ }).count()).toBe(0);
      expect(watch.foreign).toEqual([]);
      expectCleanPage(problems);
    });
  });

  it('remote images load only after "Exibir imagens", and only over https from the message\'s img tags', async () => {
    // Only the panel's pages may show https images at all; the rest of the site keeps img-src to itself.
    const imgSrc = async (p: string) => /img-src ([^;]*)/.exec((await fetch(app.baseUrl + p)).headers.get('content-security-policy') ?? '')?.[1];
    expect(await imgSrc('/painel/email')).toBe("'self' data: blob: https:");
    expect(await imgSrc('/')).toBe("'self' data: blob:");
    expect(await imgSrc('/cliente')).toBe("'self' data: blob:");
    expect(await imgSrc('/api/health')).toBe("'self' data: blob:");

    await run('swaks', ['--server', '127.0.0.1', '--port', String(smtpPort), '--to', BRUNO, '--from', 'boletim@exemplo.com', '--data', `@${path.join(CORPUS, '07-remote-images.eml')}`, '--suppress-data']);
    await withPage(chromium.browser, async (page, _problems, context) => {
      const watch = watchForEscapes(page, context, app);
      await openMailbox(page, 'associado');
      await openRow(page, 'Remote images');
      await messageBody(page).getByText('Texto legítimo 07').waitFor();
      await page.getByText('As imagens externas desta mensagem não foram carregadas').waitFor();
      await page.waitForTimeout(300);
      expect(watch.foreign).toEqual([]);

      await page.getByRole('button', { name: 'Exibir imagens' }).click();
      await until(async () => watch.foreign.length >= 2, 'imagens remotas pedidas');
      await page.waitForTimeout(300);
      expect([...new Set(watch.foreign)].sort()).toEqual(['https://tracker.example/d.png', 'https://tracker.example/pixel.gif?u=master']);
    });
  });
});

describe('sending', () => {
  it('compose sends to a colleague, with an attachment: it arrives in their inbox (another browser)', async () => {
    await withPage(chromium.browser, async (page, problems) => {
      await openMailbox(page, 'master');
      await page.getByRole('button', { name: 'Escrever' }).first().click();
      await editorOf(page).waitFor();

      // Para is required: nothing is sent without it, and the field says why and takes the focus.
      const sends: string[] = [];
      page.on('request', (r) => r.url().includes('/api/emails/send') && sends.push(r.url()));
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      await composer(page).getByText('Por favor, adicione um destinatário.').waitFor();
      expect(await field(page, 'Para').getAttribute('aria-invalid')).toBe('true');
      await until(() => field(page, 'Para').evaluate((e) => e === document.activeElement), 'Para com o foco');
      // An address that is not one is refused on its own field, by the shared rule.
      await field(page, 'Para').fill('ana@');
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      await composer(page).getByText('Endereço de email inválido em Para: ana@.').waitFor();
      expect(sends).toEqual([]);

      await field(page, 'Para').fill(ANA);
      // Cco appears when asked for.
      expect(await field(page, 'Cco').count()).toBe(0);
      await composer(page).getByRole('button', { name: 'Cco' }).click();
      await field(page, 'Cco').fill(BRUNO);
      await field(page, 'Assunto').fill('Proposta de honorários');
      await editorOf(page).click();
      await page.keyboard.type('Segue a proposta. ');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('Valor: R$ 1.500,00');

      const input = composer(page).getByLabel('Arquivos para anexar');
      await input.setInputFiles([
        { name: 'proposta.pdf', mimeType: 'application/pdf', buffer: pdfBytes(2048) },
        { name: 'errado.txt', mimeType: 'text/plain', buffer: Buffer.from('não era este') },
      ]);
      await composer(page).getByText('proposta.pdf').waitFor();
      await composer(page).getByText('(2 KB)').waitFor();
      await composer(page).getByRole('button', { name: 'Remover errado.txt' }).click();
      expect(await composer(page).getByText('errado.txt').count()).toBe(0);

      // Slow the upload down enough to see the button say what is happening.
      await page.route('**/api/emails/send', async (route) => {
        await new Promise((r) => setTimeout(r, 600));
        await route.continue();
      });
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      await composer(page).getByRole('button', { name: 'Enviando...' }).waitFor();
      expect(await composer(page).getByRole('button', { name: 'Enviando...' }).isDisabled()).toBe(true);
      await notified(page, 'Email enviado com sucesso!');
      await composer(page).waitFor({ state: 'detached' });

      await goToFolder(page, 'Enviados');
      await rowOf(page, 'Proposta de honorários').getByText(`Para: ${ANA}`).waitFor();
      expectCleanPage(problems);
    });

    await withPage(chromium.browser, async (page) => {
      await openMailbox(page, 'diretoria');
      await rowOf(page, 'Proposta de honorários').getByText('Administrador Master').waitFor();
      await openRow(page, 'Proposta de honorários');
      await messageBody(page).locator('strong', { hasText: 'Valor: R$ 1.500,00' }).waitFor();
      await page.getByRole('heading', { name: 'Anexos (1)' }).waitFor();
      await page.getByRole('button', { name: 'Baixar proposta.pdf' }).waitFor();
      // The blind copy is not shown to the recipients.
      await page.getByRole('button', { name: 'Mostrar detalhes' }).click();
      expect(await page.locator('#email-details').textContent()).not.toContain('Cco');
    });
    expect(await findMail('associado', 'inbox', 'Proposta de honorários')).toBeDefined();
  });

  it("the editor's tools make HTML that survives the trip: fonts, the 1–6 size scale, marks, colour, alignment, lists, indent, link, a 3 × 3 table, a rule", async () => {
    await withPage(chromium.browser, async (page) => {
      await openMailbox(page, 'master');
      await page.getByRole('button', { name: 'Escrever' }).first().click();
      const box = composer(page);
      await field(page, 'Para').fill(BRUNO);
      await field(page, 'Assunto').fill('Ferramentas do editor');
      const editor = editorOf(page);
      await editor.click();

      // Undo and redo.
      await page.keyboard.type('apagar');
      await box.getByRole('button', { name: 'Desfazer' }).click();
      expect((await editor.textContent())?.trim()).toBe('');
      await box.getByRole('button', { name: 'Refazer' }).click();
      expect((await editor.textContent())?.trim()).toBe('apagar');
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');

      // The fonts and sizes of §9 (size 3 is the default).
      const fonts = await box.getByLabel('Fonte', { exact: true }).locator('option').allTextContents();
      expect(fonts).toEqual(['Arial', 'Times New Roman', 'Courier New', 'Georgia', 'Verdana', 'Comic Sans MS']);
      expect(await box.getByLabel('Tamanho da fonte').inputValue()).toBe('3');
      expect(await box.getByLabel('Tamanho da fonte').locator('option').count()).toBe(6);
      await box.getByLabel('Fonte', { exact: true }).selectOption('Georgia');
      await box.getByLabel('Tamanho da fonte').selectOption('5');
      await editor.click();
      await page.keyboard.type('Título grande');
      await page.keyboard.press('Enter');
      await box.getByLabel('Tamanho da fonte').selectOption('3');
      await box.getByLabel('Fonte', { exact: true }).selectOption('Arial');

      for (const [tool, text] of [['Negrito', 'negrito'], ['Itálico', 'itálico'], ['Sublinhado', 'sublinhado'], ['Tachado', 'tachado']]) {
        await box.getByRole('button', { name: tool }).click();
        await page.keyboard.type(text);
        await box.getByRole('button', { name: tool }).click();
        await page.keyboard.type(' ');
      }
      await box.getByLabel('Cor do texto').fill('#cc0000');
      await editor.press('End');
      await page.keyboard.type('vermelho');
      await page.keyboard.press('Enter');
      await box.getByRole('button', { name: 'Remover formatação' }).click();

      await box.getByRole('button', { name: 'Centralizar' }).click();
      await page.keyboard.type('centralizado');
      await page.keyboard.press('Enter');
      await box.getByRole('button', { name: 'Alinhar à esquerda' }).click();
      await box.getByRole('button', { name: 'Aumentar recuo' }).click();
      await page.keyboard.type('recuado');
      await page.keyboard.press('Enter');
      await box.getByRole('button', { name: 'Diminuir recuo' }).click();
      await box.getByRole('button', { name: 'Lista com marcadores' }).click();
      await page.keyboard.type('item um');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await box.getByRole('button', { name: 'Lista numerada' }).click();
      await page.keyboard.type('passo um');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');

      const asked = answerPrompts(page, ['exemplo.com.br/proposta', null, null]);
      await box.getByRole('button', { name: 'Inserir link' }).click();
      await box.getByRole('button', { name: 'Inserir linha horizontal' }).click();
      await box.getByRole('button', { name: 'Inserir tabela' }).click();
      await editor.locator('table').waitFor();
      expect(asked).toEqual(['Endereço do link:', 'Número de linhas:', 'Número de colunas:']);

      await box.getByRole('button', { name: 'Enviar' }).click();
      await notified(page, 'Email enviado com sucesso!');
    });

    const row = await findMail('associado', 'inbox', 'Ferramentas do editor');
    const html: string = (await detailOf('associado', row._id)).body;
    expect(html).toMatch(/<span style="[^"]*font-family: ?Georgia[^"]*font-size: ?24px[^"]*">Título grande<\/span>|<span style="[^"]*font-size: ?24px[^"]*font-family: ?Georgia[^"]*">Título grande<\/span>/);
    expect(html).toContain('<strong>negrito</strong>');
    expect(html).toContain('<em>itálico</em>');
    expect(html).toContain('<u>sublinhado</u>');
    expect(html).toContain('<s>tachado</s>');
    expect(html).toMatch(/<span style="color: ?(#cc0000|rgb\(204, ?0, ?0\));?">vermelho<\/span>/);
    expect(html).toMatch(/<p style="text-align: ?center;?">centralizado<\/p>/);
    expect(html).toMatch(/<p style="[^"]*margin-left: ?40px;?">recuado<\/p>/);
    expect(html).toMatch(/<ul><li><p[^>]*>item um<\/p><\/li><\/ul>/);
    expect(html).toMatch(/<ol><li><p[^>]*>passo um<\/p><\/li><\/ol>/);
    expect(html).toMatch(/<a [^>]*href="https:\/\/exemplo\.com\.br\/proposta"[^>]*>exemplo\.com\.br\/proposta<\/a>/);
    expect(html).toContain('<hr');
    const table = /<table[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    expect(table.match(/<tr/g)).toHaveLength(3);
    expect(table.match(/<td/g)).toHaveLength(9);

    // And the reader sees it formatted: the browser's own sanitiser keeps the harmless formatting.
    await withPage(chromium.browser, async (page) => {
      await openMailbox(page, 'associado');
      await openRow(page, 'Ferramentas do editor');
      const body = messageBody(page);
      const title = body.getByText('Título grande');
      await title.waitFor();
      expect(await title.evaluate((e) => [getComputedStyle(e).fontFamily, getComputedStyle(e).fontSize])).toEqual(['Georgia', '24px']);
      expect(await body.getByText('centralizado').evaluate((e) => getComputedStyle(e).textAlign)).toBe('center');
      expect(await body.getByText('recuado').evaluate((e) => getComputedStyle(e).marginLeft)).toBe('40px');
      expect(await body.getByText('vermelho').evaluate((e) => getComputedStyle(e).color)).toBe('rgb(204, 0, 0)');
      for (const tag of ['strong', 'em', 'u', 's', 'ul li', 'ol li', 'hr']) expect(await body.locator(tag).count()).toBe(1);
      expect(await body.locator('table[border="1"] td').count()).toBe(9);
      expect(await body.locator('a[href="https://exemplo.com.br/proposta"][target="_blank"][rel~="noopener"]').count()).toBe(1);
    });
  });

  it('reply, reply to all and forward each do what they say', async () => {
    const original = await sendAs(
      'diretoria',
      { to: `master@veritas.com.br, ${BRUNO}`, cc: 'cliente@exemplo.com', subject: 'Contrato social', body: '<p>Segue o contrato para revisão.</p>' },
      [{ name: 'contrato.pdf', type: 'application/pdf', content: pdfBytes(1500) }],
    );
    await sink.waitFor(1);
    const originalMessageId = (await detailOf('diretoria', original._id)).messageId;
    sink.messages.length = 0;

    await withPage(chromium.browser, async (page, problems) => {
      await openMailbox(page, 'master');
      await openRow(page, 'Contrato social');
      await messageBody(page).getByText('Segue o contrato para revisão.').waitFor();

      // Responder: to the sender only, 'Re: ', the original quoted under its date and sender.
      await page.getByRole('button', { name: 'Responder', exact: true }).click();
      expect(await field(page, 'Para').inputValue()).toBe(ANA);
      expect(await field(page, 'Assunto').inputValue()).toBe('Re: Contrato social');
      await editorOf(page).getByText(/^Em \d\d\/\d\d\/\d{4} \d\d:\d\d, Ana Diretora <dir\.ana@veritas\.com\.br> escreveu:$/).waitFor();
      await editorOf(page).locator('blockquote', { hasText: 'Segue o contrato para revisão.' }).waitFor();
      // The cursor waits at the top, above the quote.
      await until(() => editorOf(page).evaluate((e) => e === document.activeElement), 'o editor com o foco');
      await page.keyboard.type('Recebido, obrigado.');
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      await notified(page, 'Email enviado com sucesso!');
      await composer(page).waitFor({ state: 'detached' });

      // Responder a todos: the sender and the other recipients, Cc kept; never oneself.
      await page.getByRole('button', { name: 'Responder a todos' }).click();
      expect((await field(page, 'Para').inputValue()).split(',')).toEqual([ANA, BRUNO]);
      expect(await field(page, 'Cc').inputValue()).toBe('cliente@exemplo.com');
      expect(await field(page, 'Assunto').inputValue()).toBe('Re: Contrato social');
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      await notified(page, 'Email enviado com sucesso!');
      await composer(page).waitFor({ state: 'detached' });

      // Encaminhar: nobody yet, 'Enc: ', the original attachment along.
      await page.getByRole('button', { name: 'Encaminhar' }).click();
      expect(await field(page, 'Para').inputValue()).toBe('');
      expect(await field(page, 'Assunto').inputValue()).toBe('Enc: Contrato social');
      await composer(page).getByText('contrato.pdf').waitFor();
      await editorOf(page).getByText('---------- Mensagem encaminhada ----------', { exact: false }).waitFor();
      await field(page, 'Para').fill('escritorio@exemplo.com');
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      await notified(page, 'Email enviado com sucesso!');
      expectCleanPage(problems);
    });

    const anaReplies = (await folderRows('diretoria', 'inbox')).filter((m) => m.subject === 'Re: Contrato social');
    const brunoReplies = (await folderRows('associado', 'inbox')).filter((m) => m.subject === 'Re: Contrato social');
    expect(anaReplies).toHaveLength(2); // the reply and the reply to all
    expect(brunoReplies).toHaveLength(1); // only the reply to all
    const first = await detailOf('diretoria', anaReplies[anaReplies.length - 1]._id);
    expect(first.text).toMatch(/^Recebido, obrigado\./);
    expect(first.to.map((a: any) => a.address)).toEqual([ANA]);
    expect(first.inReplyTo).toBe(originalMessageId);

    const outside = await sink.waitFor(2);
    const toClient = outside.find((m) => m.to.includes('cliente@exemplo.com'))!;
    expect(toClient.parsed.subject).toBe('Re: Contrato social');
    expect(toClient.parsed.inReplyTo).toBe(originalMessageId);
    const forwarded = outside.find((m) => m.to.includes('escritorio@exemplo.com'))!;
    expect(forwarded.parsed.subject).toBe('Enc: Contrato social');
    expect(forwarded.parsed.attachments.map((a) => [a.filename, a.size])).toEqual([['contrato.pdf', pdfBytes(1500).length]]);
    expect(forwarded.parsed.text).toContain('Segue o contrato para revisão.');
  });

  it('a draft is saved, reopened from Rascunhos, edited and sent; closing keeps the work, Descartar does not', async () => {
    await withPage(chromium.browser, async (page, problems) => {
      await openMailbox(page, 'master');
      await page.getByRole('button', { name: 'Escrever' }).first().click();
      await field(page, 'Para').fill(BRUNO);
      await field(page, 'Assunto').fill('Rascunho da ata');
      await editorOf(page).click();
      await page.keyboard.type('Primeira versão da ata.');
      await composer(page).getByLabel('Arquivos para anexar').setInputFiles({ name: 'ata.txt', mimeType: 'text/plain', buffer: Buffer.from('Ata da reunião') });
      await composer(page).getByRole('button', { name: 'Salvar rascunho' }).click();
      await notified(page, 'Rascunho salvo.');
      await composer(page).waitFor({ state: 'detached' });

      await goToFolder(page, 'Rascunhos');
      await rowOf(page, 'Rascunho da ata').getByText(`Para: ${BRUNO}`).waitFor();
      await openRow(page, 'Rascunho da ata');
      await editorOf(page).getByText('Primeira versão da ata.').waitFor();
      expect(await field(page, 'Para').inputValue()).toBe(BRUNO);
      expect(await field(page, 'Assunto').inputValue()).toBe('Rascunho da ata');
      await composer(page).getByText('ata.txt').waitFor();
      await field(page, 'Assunto').fill('Rascunho da ata (revisada)');
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      await notified(page, 'Email enviado com sucesso!');
      await mailList(page).waitFor({ state: 'detached' });
      await page.getByText('Nenhum email encontrado').waitFor();

      // Closing compose keeps what was written; Descartar throws it away.
      await page.getByRole('button', { name: 'Escrever' }).first().click();
      await field(page, 'Assunto').fill('Só um começo');
      await composer(page).getByRole('button', { name: 'Fechar' }).click();
      await notified(page, 'Rascunho salvo.');
      await rowOf(page, 'Só um começo').waitFor();
      await page.getByRole('button', { name: 'Escrever' }).first().click();
      await field(page, 'Assunto').fill('Descartável');
      await composer(page).getByRole('button', { name: 'Descartar' }).click();
      await composer(page).waitFor({ state: 'detached' });
      expectCleanPage(problems);
    });

    expect((await folderRows('master', 'drafts')).map((m) => m.subject)).toEqual(['Só um começo']);
    expect(await findMail('master', 'sent', 'Rascunho da ata (revisada)')).toBeDefined();
    const arrived = await findMail('associado', 'inbox', 'Rascunho da ata (revisada)');
    const full = await detailOf('associado', arrived._id);
    expect(full.text).toBe('Primeira versão da ata.');
    expect(full.attachments.map((a: any) => a.filename)).toEqual(['ata.txt']);
  });

  it('with the relay down: the clear error, the message kept in Rascunhos, and sent once it is back', async () => {
    sink.refuseWith = 554;
    await withPage(chromium.browser, async (page) => {
      await openMailbox(page, 'diretoria');
      await page.getByRole('button', { name: 'Escrever' }).first().click();
      await field(page, 'Para').fill('fora@exemplo.com');
      await field(page, 'Assunto').fill('Não pode se perder');
      await editorOf(page).click();
      await page.keyboard.type('Texto importante.');
      await composer(page).getByLabel('Arquivos para anexar').setInputFiles({ name: 'balanço.pdf', mimeType: 'application/pdf', buffer: pdfBytes(900) });
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      const alert = composer(page).getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/^Erro ao enviar email: o servidor de envio recusou a mensagem \(554.*\)\. A mensagem foi guardada em Rascunhos\.$/);
      // Compose stays open with everything in it.
      expect(await field(page, 'Assunto').inputValue()).toBe('Não pode se perder');
      await composer(page).getByText('balanço.pdf').waitFor();

      const kept = await findMail('diretoria', 'drafts', 'Não pode se perder');
      expect(kept).toBeDefined();
      expect((await detailOf('diretoria', kept._id)).attachments.map((a: any) => a.filename)).toEqual(['balanço.pdf']);
      expect(sink.messages).toHaveLength(0);

      // The relay is back: the same compose sends, and the draft becomes the sent copy.
      sink.refuseWith = null;
      await composer(page).getByRole('button', { name: 'Enviar' }).click();
      await notified(page, 'Email enviado com sucesso!');
    });
    const [out] = await sink.waitFor(1);
    expect(out.parsed.subject).toBe('Não pode se perder');
    expect(out.parsed.attachments.map((a) => a.filename)).toEqual(['balanço.pdf']);
    expect(await findMail('diretoria', 'drafts', 'Não pode se perder')).toBeUndefined();
    expect(await findMail('diretoria', 'sent', 'Não pode se perder')).toBeDefined();
  });
});

describe('the list', () => {
  beforeAll(async () => {
    for (const n of [1, 2, 3]) {
      const hidden = n === 3 ? '<p>terceira linha com palavra-escondida</p>' : '';
      await sendAs('associado', { to: ANA, subject: `Lote A${n}`, body: `<p>Mensagem ${n}</p><p>segunda linha</p>${hidden}` });
    }
  });

  it('folder change clears the selection and closes compose; star and important toggle; Com estrela shows the starred', async () => {
    await withPage(chromium.browser, async (page, problems) => {
      await openMailbox(page, 'diretoria');
      await rowOf(page, 'Lote A1').getByRole('checkbox').check();
      await rowOf(page, 'Lote A2').getByRole('checkbox').check();
      await page.getByRole('toolbar', { name: 'Ações' }).getByRole('button', { name: 'Excluir' }).waitFor();
      await goToFolder(page, 'Enviados');
      await goToFolder(page, 'Caixa de Entrada');
      await rowOf(page, 'Lote A1').waitFor();
      // The selection clears with the folder change: wait until no row is ticked.
      await mailList(page).getByRole('checkbox', { checked: true }).first().waitFor({ state: 'detached' });
      expect(await mailList(page).getByRole('checkbox', { checked: true }).count()).toBe(0);
      expect(await page.getByRole('toolbar', { name: 'Ações' }).getByRole('button', { name: 'Excluir' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Escrever' }).first().click();
      await composer(page).waitFor();
      await goToFolder(page, 'Lixeira');
      await composer(page).waitFor({ state: 'detached' });
      await goToFolder(page, 'Caixa de Entrada');

      const row = rowOf(page, 'Lote A3');
      await row.getByRole('button', { name: 'Marcar com estrela' }).click();
      await row.getByRole('button', { name: 'Remover estrela', pressed: true }).waitFor();
      await row.getByRole('button', { name: 'Marcar como importante' }).click();
      await row.getByRole('button', { name: 'Desmarcar como importante', pressed: true }).waitFor();
      await until(async () => {
        const m = await findMail('diretoria', 'inbox', 'Lote A3');
        return m.starred && m.important;
      }, 'estrela e importante gravados');
      await goToFolder(page, 'Com estrela');
      await page.getByText('1–1 de 1').waitFor();
      await rowOf(page, 'Lote A3').waitFor();
      expect(await mailList(page).getByRole('listitem').count()).toBe(1);
      expectCleanPage(problems);
    });
  });

  it("'Pesquisar email' filters at once and searches the whole folder on the server", async () => {
    await withPage(chromium.browser, async (page) => {
      await openMailbox(page, 'diretoria');
      await rowOf(page, 'Lote A1').waitFor();
      const search = page.getByRole('searchbox', { name: 'Pesquisar email' });
      await search.fill('lote a2');
      await until(async () => (await mailList(page).getByRole('listitem').count()) === 1, 'só o Lote A2');
      await rowOf(page, 'Lote A2').waitFor();
      // A word only in the body's third line (not in any preview): the server finds it.
      await search.fill('palavra-escondida');
      await rowOf(page, 'Lote A3').waitFor();
      // The word is in a body, not in what the page shows: the rows narrow when the server's answer arrives.
      await mailList(page).getByRole('listitem').nth(1).waitFor({ state: 'detached' });
      expect(await mailList(page).getByRole('listitem').count()).toBe(1);
      await search.fill('nada-disso-existe');
      await page.getByText('Nenhum email encontrado').waitFor();
    });
  });

  it("delete asks 'Tem certeza que deseja excluir este email?', moves to Lixeira, and from Lixeira deletes for good", async () => {
    await withPage(chromium.browser, async (page) => {
      await openMailbox(page, 'diretoria');
      await openRow(page, 'Lote A1');
      await page.getByRole('heading', { name: 'Lote A1' }).waitFor();
      const id = new URL(page.url()).searchParams.get('email')!;
      const actions = page.getByRole('toolbar', { name: 'Ações' });

      await actions.getByRole('button', { name: 'Excluir' }).click();
      const confirm = page.getByRole('dialog', { name: 'Excluir email' });
      await confirm.getByText('Tem certeza que deseja excluir este email?').waitFor();
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect((await detailOf('diretoria', id)).folder).toBe('inbox');

      await actions.getByRole('button', { name: 'Excluir' }).click();
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await mailList(page).waitFor();
      expect(await rowOf(page, 'Lote A1').count()).toBe(0);
      expect((await detailOf('diretoria', id)).folder).toBe('trash');

      await goToFolder(page, 'Lixeira');
      await rowOf(page, 'Lote A1').getByRole('checkbox').check();
      await actions.getByRole('button', { name: 'Excluir' }).click();
      await confirm.getByText('Na Lixeira, a exclusão é definitiva.').waitFor();
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await page.getByText('Nenhum email encontrado').waitFor();
      expect((await call(app, 'GET', `/api/emails/message/${id}`, tokenOf('diretoria'))).status).toBe(404);
    });
  });

  it('archive, mark as unread, move to a folder and restore from Lixeira to where the message was', async () => {
    for (const n of [1, 2, 3]) await sendAs('master', { to: ANA, subject: `Pasta B${n}`, body: `<p>Corpo B${n}</p>` });
    await withPage(chromium.browser, async (page, problems) => {
      await openMailbox(page, 'diretoria');
      const actions = page.getByRole('toolbar', { name: 'Ações' });

      // Reading a message, Arquivar takes it to Arquivo and back to the list.
      await openRow(page, 'Pasta B1');
      await page.getByRole('heading', { name: 'Pasta B1' }).waitFor();
      await actions.getByRole('button', { name: 'Arquivar' }).click();
      await notified(page, 'Arquivado.');
      await mailList(page).waitFor();
      expect(await rowOf(page, 'Pasta B1').count()).toBe(0);
      expect((await findMail('diretoria', 'archive', 'Pasta B1')).folder).toBe('archive');

      // Marcar como não lida: the message read a moment ago is unread again, and closed.
      await openRow(page, 'Pasta B2');
      await page.getByRole('heading', { name: 'Pasta B2' }).waitFor();
      await until(async () => (await findMail('diretoria', 'inbox', 'Pasta B2')).read, 'lida ao abrir');
      await actions.getByRole('button', { name: 'Marcar como não lida' }).click();
      await notified(page, 'Marcado como não lida.');
      await rowOf(page, 'Pasta B2').getByText('Não lido:').waitFor();
      expect((await findMail('diretoria', 'inbox', 'Pasta B2')).read).toBe(false);

      // Mover para → Lixeira from the list's selection, then Restaurar puts it back in the inbox.
      await rowOf(page, 'Pasta B3').getByRole('checkbox').check();
      await actions.getByRole('button', { name: 'Mover para' }).click();
      const menu = page.getByRole('menu', { name: 'Mover para' });
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Arquivo', 'Lixeira']);
      await menu.getByRole('menuitem', { name: 'Lixeira' }).click();
      await notified(page, 'Movido para a Lixeira.');
      await until(async () => (await rowOf(page, 'Pasta B3').count()) === 0, 'fora da Caixa de Entrada');

      // From Arquivo to Lixeira, and back to Arquivo (where it came from, not the inbox).
      await goToFolder(page, 'Arquivo');
      await rowOf(page, 'Pasta B1').getByRole('checkbox').check();
      await actions.getByRole('button', { name: 'Mover para' }).click();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Caixa de Entrada', 'Lixeira']);
      await menu.getByRole('menuitem', { name: 'Lixeira' }).click();
      await notified(page, 'Movido para a Lixeira.');

      await goToFolder(page, 'Lixeira');
      await rowOf(page, 'Pasta B1').getByRole('checkbox').check();
      await rowOf(page, 'Pasta B3').getByRole('checkbox').check();
      await actions.getByRole('button', { name: 'Restaurar' }).click();
      await notified(page, 'Restaurado.');
      await until(async () => (await rowOf(page, 'Pasta B').count()) === 0, 'fora da Lixeira');
      expectCleanPage(problems);
    });
    expect((await findMail('diretoria', 'archive', 'Pasta B1')).folder).toBe('archive');
    expect((await findMail('diretoria', 'inbox', 'Pasta B3')).folder).toBe('inbox');
  });

  it("Gmail's keyboard shortcuts: ? lists them, j/k move, o opens, r/a/f answer, u goes back, e archives, # deletes, / searches, c composes, Esc closes keeping the draft; none fires while typing", async () => {
    for (const n of [1, 2, 3]) await sendAs('master', { to: ANA, cc: BRUNO, subject: `Atalho C${n}`, body: `<p>Corpo C${n}</p>` });
    await withPage(chromium.browser, async (page, problems) => {
      // An address of before the list parameters still lands in its folder.
      await openMailbox(page, 'diretoria', '?pasta=inbox');
      await page.waitForURL((u) => !u.searchParams.has('pasta') && JSON.parse(u.searchParams.get('filter') ?? '{}').folder === 'inbox');
      await rowOf(page, 'Atalho C3').waitFor();
      const search = page.getByRole('searchbox', { name: 'Pesquisar email' });
      await search.fill('Atalho C');
      await until(async () => (await mailList(page).getByRole('listitem').count()) === 3, 'só os três');
      await search.blur();

      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Atalhos de teclado' });
      for (const text of ['Escrever nova mensagem', 'Responder a todos', 'Encaminhar', 'Arquivar', 'Excluir (mover para a Lixeira)', 'Pesquisar email', 'Voltar para a lista']) {
        await help.getByText(text, { exact: true }).waitFor();
      }
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });

      // j j → the second row (newest first: C3, C2, C1); o opens it; j in the reading view → the next, older one.
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      expect(await mailList(page).locator('li[aria-current="true"]').textContent()).toContain('Atalho C2');
      await page.keyboard.press('o');
      await page.getByRole('heading', { name: 'Atalho C2' }).waitFor();
      await page.keyboard.press('j');
      await page.getByRole('heading', { name: 'Atalho C1' }).waitFor();
      await page.keyboard.press('k');
      await page.getByRole('heading', { name: 'Atalho C2' }).waitFor();

      // a: reply to all (Para the sender, Cc the other recipient); Esc closes and keeps a draft.
      await page.keyboard.press('a');
      await composer(page).waitFor();
      expect(await field(page, 'Assunto').inputValue()).toBe('Re: Atalho C2');
      await editorOf(page).click();
      await page.keyboard.type('resposta rápida e sem atalhos: r a f e u j k c #');
      expect(await page.getByRole('heading', { name: 'Atalho C2' }).count()).toBe(1); // typing fired nothing
      await page.keyboard.press('Escape');
      await composer(page).waitFor({ state: 'detached' });
      await notified(page, 'Rascunho salvo.');
      await until(async () => (await folderRows('diretoria', 'drafts')).some((m) => m.subject === 'Re: Atalho C2'), 'rascunho guardado');

      await page.keyboard.press('f');
      expect(await field(page, 'Assunto').inputValue()).toBe('Enc: Atalho C2');
      await composer(page).getByRole('button', { name: 'Descartar' }).click();
      await composer(page).waitFor({ state: 'detached' });
      await page.keyboard.press('r');
      expect(await field(page, 'Assunto').inputValue()).toBe('Re: Atalho C2');
      await composer(page).getByRole('button', { name: 'Descartar' }).click();
      await composer(page).waitFor({ state: 'detached' });

      // e archives the open message; u goes back; # asks before deleting the cursor's row.
      await page.keyboard.press('e');
      await notified(page, 'Arquivado.');
      await mailList(page).waitFor();
      await openRow(page, 'Atalho C3');
      await page.getByRole('heading', { name: 'Atalho C3' }).waitFor();
      await page.keyboard.press('u');
      await mailList(page).waitFor();
      await page.keyboard.press('j');
      await page.keyboard.press('#');
      const confirm = page.getByRole('dialog', { name: 'Excluir email' });
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await confirm.waitFor({ state: 'detached' });

      // / focuses the search box (and the slash is not typed into it); c opens compose.
      await page.keyboard.press('/');
      await until(async () => search.evaluate((el) => el === document.activeElement), 'busca em foco');
      expect(await search.inputValue()).toBe('Atalho C');
      await search.blur();
      await page.keyboard.press('c');
      await composer(page).waitFor();
      expect(await field(page, 'Assunto').inputValue()).toBe('');
      await composer(page).getByRole('button', { name: 'Descartar' }).click();
      expectCleanPage(problems);
    });
    expect((await findMail('diretoria', 'archive', 'Atalho C2')).folder).toBe('archive');
    const trashed = await findMail('diretoria', 'trash', 'Atalho C3');
    expect(trashed?.folder).toBe('trash');
    expect((await findMail('diretoria', 'inbox', 'Atalho C1')).folder).toBe('inbox');
  });

  it('the reading view shows a long subject whole; the list cuts it at 100 characters', async () => {
    const subject = `Assunto longo ${'com muitas palavras '.repeat(8)}e o fim aqui`;
    await sendAs('master', { to: ANA, subject, body: '<p>x</p>' });
    await withPage(chromium.browser, async (page) => {
      await openMailbox(page, 'diretoria');
      const listed = rowOf(page, 'Assunto longo');
      await listed.waitFor();
      expect(await listed.textContent()).not.toContain('e o fim aqui');
      await listed.getByText('Assunto longo', { exact: false }).first().click();
      expect(await page.getByRole('heading', { level: 2, name: subject }).textContent()).toBe(subject);
    });
  });

  it('pages through a long folder, 50 at a time', async () => {
    for (let i = 1; i <= 52; i += 1) await sendAs('diretoria', { to: BRUNO, subject: `Aviso ${String(i).padStart(2, '0')}`, body: '<p>x</p>' });
    await withPage(chromium.browser, async (page) => {
      await openMailbox(page, 'associado');
      const total = (await folderRows('associado', 'inbox')).length;
      await page.getByText(`1–50 de ${total}`).waitFor();
      expect(await mailList(page).getByRole('listitem').count()).toBe(50);
      await page.getByRole('button', { name: 'Próxima página' }).click();
      await page.getByText(`51–${total} de ${total}`).waitFor();
      // The range label changes with the click; the previous page's rows stay until the next page arrives.
      await until(async () => (await mailList(page).getByRole('listitem').count()) === total - 50, `${total - 50} mensagens na página 2`);
      await rowOf(page, 'Aviso 01').waitFor();
    });
  });
});

describe('the panel stays light', () => {
  it('the mailbox is not in the first load, and the editor only comes when compose opens', async () => {
    await withPage(chromium.browser, async (page) => {
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      await signInAt(page, 'master', '/painel');
      await page.locator('nav a[href="/painel/email"]').waitFor();
      expect(scripts.filter((s) => /EmailPage|Compose/.test(s))).toEqual([]);

      await page.locator('nav a[href="/painel/email"]').click();
      await page.getByRole('searchbox', { name: 'Pesquisar email' }).waitFor();
      expect(scripts.some((s) => /EmailPage-/.test(s))).toBe(true);
      expect(scripts.filter((s) => /Compose-/.test(s))).toEqual([]);

      await page.getByRole('button', { name: 'Escrever' }).first().click();
      await editorOf(page).waitFor();
      expect(scripts.some((s) => /Compose-/.test(s))).toBe(true);
    });
  });
});

describe('on a phone (360 px)', () => {
  it('list, reading view and compose fit the width', async () => {
    await sendAs('associado', { to: ANA, subject: 'Pelo celular', body: '<p>Mensagem para ler no celular</p>' });
    await withPage(
      chromium.browser,
      async (page, problems) => {
        await openMailbox(page, 'diretoria');
        await mailList(page).waitFor();
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(await overflow()).toBeLessThanOrEqual(0);
        await screenshot(page, 'email-360-lista');
        await page.getByLabel('Pasta', { exact: true }).selectOption('sent');
        await page.waitForURL((u) => JSON.parse(u.searchParams.get('filter') ?? '{}').folder === 'sent');
        await page.getByLabel('Pasta', { exact: true }).selectOption('inbox');
        await openRow(page, 'Pelo celular');
        await messageBody(page).getByText('Mensagem para ler no celular').waitFor();
        expect(await overflow()).toBeLessThanOrEqual(0);
        await screenshot(page, 'email-360-leitura');
        await page.getByRole('button', { name: 'Responder', exact: true }).click();
        await editorOf(page).waitFor();
        expect(await overflow()).toBeLessThanOrEqual(0);
        await screenshot(page, 'email-360-escrever');
        expectCleanPage(problems);
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});
