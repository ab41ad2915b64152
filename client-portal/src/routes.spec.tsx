import { screen, waitFor } from '@testing-library/react';
import { PORTAL_PATHS } from '@veritas/common';
import { renderPortal } from './testing/renderPortal';

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

describe('the portal addresses (PORTAL_PATHS, which e-mails link to)', () => {
  it.each([
    [PORTAL_PATHS.dashboard, 'Dashboard', 'Olá, Padaria Pão Quente Ltda'],
    [PORTAL_PATHS.registros, 'Registros e Solicitações', 'Registros e Solicitações'],
    [PORTAL_PATHS.documentos, 'Documentos', 'Documentos'],
    [PORTAL_PATHS.financeiro, 'Financeiro', 'Financeiro'],
    [PORTAL_PATHS.agenda, 'Agenda', 'Agenda'],
    [PORTAL_PATHS.faq, 'FAQs', 'Perguntas Frequentes'],
  ])('%s shows the tab %s', async (path, tab, heading) => {
    renderPortal(path, () => undefined);
    await screen.findByRole('heading', { name: heading });
    expect(selectedTab()).toBe(tab);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it.each([
    [PORTAL_PATHS.novaSolicitacao, 'Nova Solicitação', 'Registros e Solicitações'],
    [PORTAL_PATHS.novoDocumento, 'Enviar Documento', 'Documentos'],
    [PORTAL_PATHS.meusDados, 'Meus dados', 'Dashboard'],
    [PORTAL_PATHS.novidades, 'Novidades', 'Dashboard'],
  ])('%s opens the dialog %s over its tab', async (path, dialog, tab) => {
    renderPortal(path, (call) => (call.path === '/api/registros/servicos' ? { data: [] } : undefined));
    await screen.findByRole('dialog', { name: dialog });
    expect(selectedTab()).toBe(tab);
  });

  it("a registro's address opens its dialog over the list; the older /cliente/registro/{id} moves there", async () => {
    const id = '5f0c1e9a-3b2d-4c8e-9a7f-1d2e3f4a5b6c';
    const registro = { _id: id, numero: '2026-000042', tipo: 'Abertura de Empresa', status: 'andamento', historico: [], data: '2026-03-02T12:00:00Z' };
    const view = renderPortal(`/cliente/registro/${id}`, (call) => (call.path === `/api/registros/${id}` ? { data: registro } : undefined));
    await screen.findByRole('dialog', { name: 'Registro 2026-000042' });
    expect(view.location()).toBe(PORTAL_PATHS.registro(id));
    expect(selectedTab()).toBe('Registros e Solicitações');
  });

  it("a charge's address opens it over the list, from the client's own list of charges", async () => {
    const cobranca = {
      _id: 'cb1', status: 'paga', vencida: false, total: 120, pago: 120, saldo: 0, txid: 'TX1', vencimento: '2026-03-10',
      linhas: [{ descricao: 'Certidão Simplificada', tipo: 'honorario', valor: 120 }], pagamentos: [], registroId: null, registroNumero: null,
    };
    const view = renderPortal(PORTAL_PATHS.cobranca('cb1'), (call) => (call.path.startsWith('/api/cobrancas/me') ? { data: [cobranca], total: 1 } : undefined));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrança de R$\u00a0120,00' });
    expect(dialog.textContent).toContain('Certidão Simplificada');
    expect(selectedTab()).toBe('Financeiro');
    // The list behind and the dialog read one answer.
    await waitFor(() => expect(view.calls.filter((c) => c.path.startsWith('/api/cobrancas/me'))).toHaveLength(1));
  });

  it('a registro address with no record id in it says so without asking the server (no 404 in the console)', async () => {
    const view = renderPortal(PORTAL_PATHS.registro('inexistente'), () => undefined);
    const dialog = await screen.findByRole('dialog', { name: 'Registro' });
    await waitFor(() => expect(dialog.textContent).toContain('Registro não encontrado.'));
    expect(view.calls.filter((c) => c.path.startsWith('/api/registros/inexistente'))).toEqual([]);
  });

  it('an address the portal does not know goes to the dashboard', async () => {
    const view = renderPortal('/cliente/nada/por/aqui', () => undefined);
    await screen.findByRole('heading', { name: 'Olá, Padaria Pão Quente Ltda' });
    expect(view.location()).toBe(PORTAL_PATHS.dashboard);
  });
});
