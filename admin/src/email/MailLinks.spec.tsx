import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailVinculoView } from '@veritas/common';
import { MailLinks } from './MailLinks';
import { fakeMailbox, renderInPanel } from './testKit';

const ID = '00000000-0000-4000-8000-0000000000aa';
const link = (over: Partial<EmailVinculoView>): EmailVinculoView => ({ id: 'l', clienteId: null, clienteNome: null, registroId: null, registroNumero: null, origem: 'auto', ...over });

describe('the reader’s links to client and registro (issue 56)', () => {
  it('shows "Cliente: … · Registro …", each a link to its record, and removes them by hand', async () => {
    const provider = fakeMailbox([]);
    provider.getEmailVinculos.mockResolvedValue([
      link({ id: '1', clienteId: 'c1', clienteNome: 'Construtora Ipê Ltda', registroId: 'r1', registroNumero: '2026-000742' }),
      link({ id: '2', clienteId: 'c1', clienteNome: 'Construtora Ipê Ltda', registroId: 'r2', registroNumero: '2026-000743' }),
      link({ id: '3', clienteId: 'c2', clienteNome: 'Padaria Pão Quente Ltda' }),
    ]);
    provider.setEmailVinculos.mockResolvedValue([]);
    const { location } = renderInPanel(<MailLinks emailId={ID} />, provider);

    const group = await screen.findByRole('group', { name: 'Vínculos do email' });
    expect(provider.getEmailVinculos).toHaveBeenCalledWith(ID, expect.anything());
    expect(group.textContent).toContain('Cliente: Construtora Ipê Ltda · Registro 2026-000742 · Registro 2026-000743');
    expect(group.textContent).toContain('Cliente: Padaria Pão Quente Ltda');
    expect(within(group).getByRole('link', { name: 'Cliente: Construtora Ipê Ltda' }).getAttribute('href')).toBe('/painel/clientes/c1/show');
    expect(within(group).getByRole('link', { name: 'Registro 2026-000743' }).getAttribute('href')).toMatch(/^\/painel\/(registros|meu-registros)\/r2$/);

    await userEvent.click(within(group).getByRole('button', { name: 'Remover vínculos' }));
    await waitFor(() => expect(provider.setEmailVinculos).toHaveBeenCalledWith(ID, { clienteId: null, registroIds: [] }));
    expect(await screen.findByText('Sem vínculo com cliente ou registro')).toBeTruthy();
    expect(await screen.findByText('Vínculos removidos.')).toBeTruthy();
    expect(location.current?.pathname).toBe('/painel/email');
  });
});
