/*
 * Issue 56's last part (ADR 0057) as people meet it: the client writes on a registro in the portal with a
 * file, the responsável sees it in the panel's "Conversa com o cliente" and answers, the client sees the answer
 * (and that the firm read its message), and the answer reaches the client's inbox through a local SMTP sink.
 */
import type { Browser } from 'playwright-core';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { type RunningApp, startApp } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { call, notified, openPanel, seedStaff, type Staff } from './painel-helpers';
import { type Cliente, Seed, signInWithToken } from './portal-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let sink: SmtpSink;
let staff: Staff;
let cliente: Cliente & { token: string; data: any };
let registro: any;

beforeAll(async () => {
  sink = await SmtpSink.start();
  [app, chromium] = await Promise.all([startApp({ env: { SMTP_URL: sink.url } }), launchBrowser()]);
  browser = chromium.browser;
  staff = await seedStaff(app);
  cliente = await new Seed(app).cliente({ razaoSocial: 'Padaria Conversa Ltda' });
  const r = await call(app, 'POST', '/api/registros', staff.diretoria.token, { clienteId: cliente.id, servico: 'consultoria', descricao: 'Mudança de endereço', responsavelId: staff.associado.user._id });
  if (r.status !== 201) throw new Error(`registro: ${r.status} ${JSON.stringify(r.body)}`);
  registro = r.body.data;
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
  await sink?.stop();
});

describe('a conversation on a registro, portal and panel', () => {
  it('client writes with a file, staff answers in the panel, the client sees it and gets the e-mail', async () => {
    const portalPath = `/cliente/registros/${registro._id}`;
    await withPage(browser, async (page) => {
      await signInWithToken(page, app, 'cliente', cliente.token, cliente.data, portalPath);
      const secao = page.getByRole('dialog', { name: `Registro ${registro.numero}` }).getByRole('region', { name: 'Mensagens' });
      await secao.getByText(/Nenhuma mensagem ainda/).waitFor();
      await secao.getByLabel('Sua mensagem').fill('Segue o contrato social assinado.\nQualquer dúvida, me avisem.');
      await secao.getByLabel('Arquivos (opcional)').setInputFiles({ name: 'Contrato.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await secao.getByRole('button', { name: 'Enviar mensagem' }).click();
      await secao.getByRole('status').getByText('Mensagem enviada.').waitFor();
      await secao.getByText('Padaria Conversa Ltda (Responsável)').waitFor();
      expect(await secao.getByRole('button', { name: 'Download de Contrato.pdf' }).count()).toBe(1);
      expect(await secao.getByText('Enviada', { exact: true }).count()).toBe(1);
    }, { name: 'conversa-cliente-escreve' });

    await withPage(browser, async (page) => {
      await openPanel(page, app, staff.associado, `/painel/meu-registros/${registro._id}`);
      const conversa = page.getByRole('region', { name: 'Conversa com o cliente' });
      const thread = conversa.getByRole('list', { name: 'Mensagens do registro' });
      await thread.getByText('Segue o contrato social assinado.', { exact: false }).waitFor();
      expect(await thread.getByRole('button', { name: 'Baixar Contrato.pdf' }).count()).toBe(1);
      await conversa.getByLabel('Mensagem ao cliente').fill('Recebido! Vamos protocolar amanhã.');
      await conversa.getByRole('button', { name: 'Enviar ao cliente' }).click();
      await notified(page, 'Mensagem enviada.');
      await thread.getByText('Recebido! Vamos protocolar amanhã.').waitFor();
      await thread.getByText('Ainda não lida pelo cliente').waitFor();
    }, { name: 'conversa-equipe-responde' });

    await withPage(browser, async (page) => {
      // Opening the thread marks the firm's answer read.
      const marcada = page.waitForResponse((r) => r.url().endsWith(`/api/registros/${registro._id}/mensagens/lidas`) && r.status() === 200);
      await signInWithToken(page, app, 'cliente', cliente.token, cliente.data, portalPath);
      const secao = page.getByRole('dialog', { name: `Registro ${registro.numero}` }).getByRole('region', { name: 'Mensagens' });
      await secao.getByText('Recebido! Vamos protocolar amanhã.').waitFor();
      await marcada;
      await secao.getByText('Bruno Associado · escritório').waitFor();
      // The staff opened the thread: the client's message carries the receipt.
      await secao.getByText(/^Lida pelo escritório em \d{2}\/\d{2}\/\d{4}/).waitFor();
    }, { name: 'conversa-cliente-le' });

    const mail = await sink.waitForSubject(`Registro ${registro.numero}: nova mensagem da equipe`, 30_000, cliente.email);
    expect(mail.parsed.text).toContain('Bruno Associado respondeu no registro');
    expect(mail.parsed.text).toContain('Recebido! Vamos protocolar amanhã.');
    expect(mail.parsed.text).toContain(`/cliente/registros/${registro._id}`);

    // The client opened the answer: the panel shows its receipt.
    const lidas = await call(app, 'GET', `/api/registros/${registro._id}/mensagens`, staff.associado.token);
    expect(lidas.body.data.find((m: any) => m.lado === 'equipe').lidaEm).toEqual(expect.any(String));
  });
});
