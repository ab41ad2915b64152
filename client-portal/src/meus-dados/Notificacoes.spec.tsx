import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICACOES_PADRAO, PORTAL_PATHS } from '@veritas/common';
import { type Call, renderPortal } from '../testing/renderPortal';

describe('Meus dados → Notificações', () => {
  it('shows each category as the server keeps it, saves the change and says what is always sent', async () => {
    let stored = { ...NOTIFICACOES_PADRAO, agenda: false };
    const view = renderPortal(PORTAL_PATHS.meusDados, (call: Call) => {
      if (call.path !== '/api/clientes/me/notificacoes') return undefined;
      if (call.method === 'PUT') stored = { ...stored, ...(call.body as object) };
      return { data: stored };
    });
    const dialog = await screen.findByRole('dialog', { name: 'Meus dados' });
    const secao = within(dialog).getByRole('region', { name: 'Notificações' });
    const agenda = within(secao).getByRole('checkbox', { name: 'Agenda' }) as HTMLInputElement;
    await waitFor(() => expect(agenda.checked).toBe(false));
    const andamento = within(secao).getByRole('checkbox', { name: 'Andamento' }) as HTMLInputElement;
    expect(andamento.checked).toBe(true);
    expect((within(secao).getByRole('checkbox', { name: 'Cobranças e lembretes' }) as HTMLInputElement).checked).toBe(true);
    expect(within(secao).getByRole('checkbox', { name: 'Documentos' })).toBeTruthy();
    expect(within(secao).getByText(/Avisos de segurança e legais são sempre enviados/)).toBeTruthy();

    fireEvent.click(andamento);
    fireEvent.click(within(secao).getByRole('button', { name: 'Salvar notificações' }));

    await within(secao).findByText('Preferências de notificação salvas.');
    expect(view.calls.find((c) => c.method === 'PUT')?.body).toEqual({ andamento: false, documentos: true, mensagens: true, cobrancas: true, agenda: false });
    expect(andamento.checked).toBe(false);
    expect(agenda.checked).toBe(false);
  });

  it('a refused save shows the server\'s words', async () => {
    renderPortal(PORTAL_PATHS.meusDados, (call: Call) => {
      if (call.path !== '/api/clientes/me/notificacoes') return undefined;
      if (call.method === 'PUT') return { status: 400, body: { statusCode: 400, message: 'Agenda: informe true (receber) ou false (não receber).' } };
      return { data: NOTIFICACOES_PADRAO };
    });
    const secao = within(await screen.findByRole('dialog', { name: 'Meus dados' })).getByRole('region', { name: 'Notificações' });
    await waitFor(() => expect((within(secao).getByRole('checkbox', { name: 'Agenda' }) as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(within(secao).getByRole('button', { name: 'Salvar notificações' }));
    expect((await within(secao).findByRole('alert')).textContent).toBe('Agenda: informe true (receber) ou false (não receber).');
  });
});
