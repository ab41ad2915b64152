/*
 * Fila de saída (issue 53): without SMTP_URL the board sees a banner on every panel page with the
 * count of messages waiting; Configurações → Fila de saída lists the message parked for want of a
 * relay, and Cancelar envio takes it out for good. An associado sees neither.
 */
import { clienteFixture } from '../support/api';
import { withPage } from '../support/browser';
import { openPanel, panelSuite } from './painel-helpers';

const t = panelSuite();

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
      await banner.getByText(/O envio de e-mails para fora não está configurado \(SMTP_URL\): (1 mensagem aguarda|\d+ mensagens aguardam) na fila de saída\./).waitFor();
      await banner.getByRole('link', { name: 'Ver a fila de saída' }).click();
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

  it('an associado has no banner and no Fila de saída', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel/configuracoes/fila-saida');
      await page.getByText(/não tem permissão/i).first().waitFor();
      expect(await page.getByTestId('aviso-email').count()).toBe(0);
      expect(await page.getByRole('table', { name: 'Fila de saída' }).count()).toBe(0);
    });
  });
});
