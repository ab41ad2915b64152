/*
 * Fila de saída and E-mail de saída (issue 53, ADR 0055): without a relay the board sees a banner on
 * every panel page with the count of messages waiting; Configurações → Fila de saída lists the message
 * parked for want of a relay, and Cancelar envio takes it out for good. The banner's link opens E-mail
 * de saída, where the relay is set, tested, and the banner goes. An associado sees none of it.
 */
import { clienteFixture } from '../support/api';
import { withPage } from '../support/browser';
import { SmtpSink } from '../support/smtp-sink';
import { openPanel, panelSuite } from './painel-helpers';

const t = panelSuite();
let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start(0, { auth: true });
});
afterAll(async () => {
  await sink?.stop();
});

describe('Fila de saída', () => {
  let email: string;
  beforeAll(async () => {
    // A self-registration queues its welcome, which waits: no relay is configured.
    const body = clienteFixture();
    email = body.email;
    const r = await fetch(`${t.app.baseUrl}/api/clientes/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(r.status).toBe(201);
  });

  it('the diretoria sees the banner, finds the waiting message and cancels it', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel');
      const banner = page.getByTestId('aviso-email');
      await banner.getByText(/O envio de e-mails para fora não está configurado: (1 mensagem aguarda|\d+ mensagens aguardam) na fila de saída\./).waitFor();
      expect(await banner.getByRole('link', { name: 'Configurar o e-mail de saída' }).getAttribute('href')).toBe('/painel/configuracoes/email-saida');
      await openPanel(page, t.app, t.staff.diretoria, '/painel/configuracoes');
      await page.getByRole('tab', { name: 'Fila de saída' }).click();
      await page.waitForURL(/\/painel\/configuracoes\/fila-saida$/);
      await page.getByRole('tab', { name: 'Fila de saída', selected: true }).waitFor();

      const table = page.getByRole('table', { name: 'Fila de saída' });
      const row = table.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.textContent()).toContain('Boas-vindas à Veritas Assessoria Empresarial');
      expect(await row.textContent()).toContain('Aguardando');
      expect(await row.textContent()).toContain('O envio para endereços externos não está configurado');

      await row.getByRole('button', { name: /^Cancelar envio: / }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar envio' }).click();
      await page.getByText('Envio cancelado.').waitFor();
      await table.getByRole('row').filter({ hasText: email }).getByText('Cancelado').waitFor();
      expect(await table.getByRole('row').filter({ hasText: email }).getByRole('button', { name: /^Reenviar/ }).count()).toBe(0);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it('an associado has no banner, no Fila de saída and no E-mail de saída', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/configuracoes/fila-saida');
      await page.getByText(/não tem permissão/i).first().waitFor();
      expect(await page.getByTestId('aviso-email').count()).toBe(0);
      expect(await page.getByRole('table', { name: 'Fila de saída' }).count()).toBe(0);
      await openPanel(page, t.app, t.staff.associado, '/painel/configuracoes/email-saida');
      await page.getByText(/não tem permissão/i).first().waitFor();
      expect(await page.getByLabel('Servidor SMTP').count()).toBe(0);
    });
  });

  it('the master follows the banner to E-mail de saída, sets the relay, sends a test e-mail, and the banner goes', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel');
      await page.getByTestId('aviso-email').getByRole('link', { name: 'Configurar o e-mail de saída' }).click();
      await page.waitForURL(/\/painel\/configuracoes\/email-saida$/);
      await page.getByRole('tab', { name: 'E-mail de saída', selected: true }).waitFor();
      await page.getByText('O envio de e-mails para fora não está configurado', { exact: false }).first().waitFor();
      // Nothing set: the test e-mail has nothing to go through.
      expect(await page.getByRole('button', { name: 'Enviar e-mail de teste' }).isDisabled()).toBe(true);

      // The shared rule speaks before the server does.
      await page.getByLabel('Servidor SMTP').fill('smtp://relay');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Informe o servidor de envio (ex.: smtp.provedor.com.br), sem espaços nem "smtp://".').waitFor();

      await page.getByLabel('Servidor SMTP').fill('127.0.0.1');
      await page.getByLabel('Porta').fill(String(sink.port));
      await page.getByLabel('Segurança da conexão').click();
      await page.getByRole('option', { name: 'Sem criptografia (somente rede interna)' }).click();
      await page.getByLabel('Usuário').fill('avisos');
      await page.getByLabel('Senha', { exact: true }).fill('Relay!Senha9');
      await page.getByLabel('E-mail do remetente').fill('avisos@firma.test');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText(/^Configurações de e-mail de saída salvas\./).waitFor();
      await page.getByText(`Em uso: 127.0.0.1, porta ${sink.port}`, { exact: false }).waitFor();
      await page.getByText('Há uma senha guardada (cifrada). Deixe em branco para mantê-la.').waitFor();
      expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('');

      await page.getByRole('button', { name: 'Enviar e-mail de teste' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar e-mail de teste' });
      await dialog.getByLabel('Enviar para').fill('dono@exemplo.com.br');
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await page.getByText('E-mail de teste enviado para dono@exemplo.com.br.').waitFor();
      const test = await sink.waitForSubject(/^E-mail de teste — /, 10_000, 'dono@exemplo.com.br');
      expect(test.from).toBe('avisos@firma.test');
      expect(sink.logins).toContainEqual({ user: 'avisos', pass: 'Relay!Senha9' });

      // Mail can go out now: the banner is gone from every page.
      await page.getByTestId('aviso-email').waitFor({ state: 'detached' });
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });
});
