/*
 * The panel's bell (issue 53): a contact message from the site reaches the diretoria's bell with its
 * unread count; opening it from the list lands on Mensagens and empties the badge. An associado's bell
 * stays quiet.
 */
import { withPage } from '../support/browser';
import { openPanel, panelSuite } from './painel-helpers';

const t = panelSuite();

describe('Avisos (o sino do painel)', () => {
  beforeAll(async () => {
    const body = { nome: 'Visitante do Sino', email: 'sino@exemplo.com.br', telefone: '(11) 98888-7777', empresa: '', assunto: 'Abertura de Empresas', mensagem: 'Quero abrir uma empresa.', aceiteTermos: true, website: '' };
    const r = await fetch(`${t.app.baseUrl}/api/contato`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(r.status).toBe(201);
  });

  it('the diretoria opens the new contact message from the bell, which then has nothing unread', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel');
      const bell = page.getByRole('button', { name: 'Avisos, 1 não lido' });
      await bell.waitFor();
      await bell.click();
      const item = page.getByRole('menuitem', { name: /Nova mensagem de Visitante do Sino/ });
      await item.waitFor();
      expect(await item.textContent()).toContain('Não lido');
      await item.click();
      await page.waitForURL(/\/painel\/mensagens$/);
      await page.getByRole('button', { name: 'Avisos', exact: true }).waitFor();
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it("an associado's bell has nothing", async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.associado, '/painel');
      await page.getByRole('button', { name: 'Avisos', exact: true }).click();
      await page.getByText('Nenhum aviso por enquanto.').waitFor();
    });
  });
});
