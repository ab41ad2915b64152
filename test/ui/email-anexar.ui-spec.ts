/*
 * Issue 56 / issue 52 in Chromium, against the built product: a document a client mailed is attached
 * from the reader to the registro's checklist item ("Anexar ao registro"), which then stands as sent and
 * is accepted; the reader's registro opens the mailbox narrowed to it (issue 56, ADR 0056); the registro's
 * "Correspondência" lists the mail and opens it in the mailbox.
 */
import { createTransport } from 'nodemailer';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { clienteFixture } from '../support/api';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { freePort, startApp, type RunningApp } from '../support/server';
import { call, notified, openPanel, seedStaff, type Staff } from './painel-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let staff: Staff;
let smtpPort: number;

beforeAll(async () => {
  smtpPort = await freePort();
  [app, chromium] = await Promise.all([startApp({ env: { SMTP_PORT: String(smtpPort) } }), launchBrowser()]);
  staff = await seedStaff(app);
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

it('a mailed document is attached to a checklist item from the reader, accepted, and the mail shows in the registro', async () => {
  const master = staff.master.token;
  // A fresh company per attempt (the UI tier retries a failed test on the same server).
  const dominio = `ipe${Date.now().toString(36)}.com.br`;
  const cliente = await call(app, 'POST', '/api/clientes', master, { ...clienteFixture(), razaoSocial: 'Construtora Ipê Ltda', email: `contato@${dominio}`, status: 'ativo' });
  expect(cliente.status).toBe(201);
  const reg = await call(app, 'POST', '/api/registros', master, { clienteId: cliente.body.data._id, servico: 'certidao-simplificada', descricao: 'Certidão pedida por e-mail' });
  expect(reg.status).toBe(201);
  const registro = reg.body.data;
  const item = (await call(app, 'GET', `/api/registros/${registro._id}/checklist`, master)).body.data.find((i: any) => i.status === 'pendente');
  const subject = `Documentos do protocolo ${registro.numero}`;
  await createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true }).sendMail({
    from: `Joana <joana@${dominio}>`,
    to: 'dir.ana@veritas.com.br',
    subject,
    text: 'Segue o documento pedido.',
    attachments: [{ filename: 'contrato.pdf', content: samplePdf() }],
  });
  const inbox = (await call(app, 'GET', '/api/emails/inbox', staff.diretoria.token)).body.data;
  const email = inbox.find((m: any) => m.subject === subject)._id;

  await withPage(chromium.browser, async (page) => {
    const search = new URLSearchParams({ filter: JSON.stringify({ folder: 'inbox' }), email });
    await openPanel(page, app, staff.diretoria, `/painel/email?${search}`);
    await page.getByRole('heading', { name: 'Anexos (1)' }).waitFor();
    // Filed at ingest: the reader links the registro's screen, at its whole address.
    const link = page.getByRole('group', { name: 'Vínculos do email' }).getByRole('link', { name: `Registro ${registro.numero}`, exact: true });
    expect(await link.getAttribute('href')).toBe(`/painel/registros/${registro._id}`);
    await page.getByRole('button', { name: 'Anexar contrato.pdf ao registro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anexar "contrato.pdf" ao registro' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: /^Registro/ }).click();
    await page.getByRole('option', { name: new RegExp(`${registro.numero} — Construtora Ipê Ltda \\(Vinculado ao e-mail\\)`) }).click();
    await dialog.getByRole('combobox', { name: /Item da lista de documentos/ }).click();
    await page.getByRole('option', { name: item.nome, exact: true }).click();
    await dialog.getByRole('button', { name: 'Anexar' }).click();
    await notified(page, `Anexo enviado para "${item.nome}" do registro ${registro.numero}: agora pode ser aceito.`);
    await dialog.waitFor({ state: 'detached' });

    // The registro's search icon opens the mailbox narrowed to it, the picker naming it.
    await page.getByRole('link', { name: `Emails do registro ${registro.numero}` }).click();
    await page.getByRole('list', { name: 'Emails' }).getByText(subject).waitFor();
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ folder: 'inbox', registroId: registro._id });
    await page.getByRole('group', { name: 'Filtrar por cliente ou registro' }).locator(`input[value="${registro.numero} — Construtora Ipê Ltda"]`).waitFor();

    const sent = (await call(app, 'GET', `/api/registros/${registro._id}/checklist`, master)).body.data.find((i: any) => i._id === item._id);
    expect(sent).toMatchObject({ status: 'enviado', nomeArquivo: 'contrato.pdf' });
    expect((await call(app, 'PUT', `/api/registros/${registro._id}/checklist/${item._id}`, master, { status: 'aceito' })).body.data.status).toBe('aceito');

    await page.goto(`${app.baseUrl}/painel/registros/${registro._id}`);
    const section = page.getByRole('region', { name: 'Correspondência' });
    await section.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { name: subject, level: 2 }).waitFor();
    const opened = new URL(page.url());
    expect([opened.pathname, opened.searchParams.get('email')]).toEqual(['/painel/email', email]);
  });
});
