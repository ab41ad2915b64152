import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, testDataProvider } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { EventoDialog } from './EventoDialog';

function renderDialog(methods: Record<string, unknown>, onSaved = jest.fn()) {
  const dataProvider = testDataProvider({ getList: async () => ({ data: [], total: 0 }) as never, getMany: async () => ({ data: [] }) as never, ...methods });
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <EventoDialog state={{ mode: 'create', start: new Date('2027-03-01T10:00'), end: new Date('2027-03-01T11:00') }} pessoas={[]} onClose={() => undefined} onSaved={onSaved} />
    </AdminContext>,
  );
  return onSaved;
}

describe('the event dialog', () => {
  it('asks for the title beside it and sends nothing without one', async () => {
    const createEvento = jest.fn();
    renderDialog({ createEvento });
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await within(dialog).findByText('Informe o título.');
    expect(createEvento).not.toHaveBeenCalled();
  });

  it("sends the event and puts the server's refusal of the link beside the link", async () => {
    const createEvento = jest.fn().mockRejectedValue(new HttpError('Link inválido: informe um endereço http(s).', 400, { message: ['Link inválido: informe um endereço http(s).'] }));
    const onSaved = renderDialog({ createEvento });
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Assinatura do contrato');
    await userEvent.type(within(dialog).getByLabelText('Link da videochamada'), 'ftp://x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(createEvento).toHaveBeenCalled());
    expect(createEvento.mock.calls[0][0]).toMatchObject({ titulo: 'Assinatura do contrato', link: 'ftp://x', inicio: new Date('2027-03-01T10:00').toISOString(), diaInteiro: false });
    const link = within(dialog).getByLabelText('Link da videochamada');
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Link inválido: informe um endereço http(s).')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
