import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, ResourceContextProvider } from 'react-admin';
import { ApiError } from '@veritas/web';
import { renderAdmin } from '../testing/renderAdmin';
import { ClienteField } from './ClienteField';
import { CnpjInput } from './ClienteLookups';

// CNPJá's "office" shape (§3.5), as GET /api/lookup/cnpj/:cnpj hands it back in `data`.
const office = {
  alias: 'Padaria Boa Vista',
  company: { name: 'PADARIA BOA VISTA LTDA' },
  address: { street: 'Rua das Flores', number: '10', district: 'Centro', city: 'Recife', state: 'PE', zip: '50010000' },
  phones: [{ type: 'MOBILE', area: '81', number: '987654321' }],
  emails: [{ address: 'Contato@BoaVista.com.br' }],
};

function renderForm(lookupClienteCnpj: jest.Mock, defaults: Record<string, string> = {}, emailLocked = false) {
  renderAdmin(
    <ResourceContextProvider value="clientes">
      <Form record={{ cnpj: '', razaoSocial: '', email: '', cidade: 'Olinda', ...defaults }}>
        <CnpjInput emailLocked={emailLocked} />
        {['razaoSocial', 'nomeFantasia', 'email', 'cidade', 'estado', 'cep', 'celularWhatsApp'].map((f) => (
          <ClienteField key={f} source={f} />
        ))}
      </Form>
    </ResourceContextProvider>,
    { lookupClienteCnpj },
  );
}

const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('Novo Cliente: Consultar beside the CNPJ', () => {
  it('fills what the answer has, masked, and says which fields', async () => {
    const lookup = jest.fn(async () => ({ data: office }));
    renderForm(lookup);
    fireEvent.change(screen.getByLabelText(/^CNPJ/), { target: { value: '11222333000181' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByText(/^Preenchido a partir do CNPJ: /);
    expect(lookup).toHaveBeenCalledWith('11.222.333/0001-81');
    expect(value(/^Razão Social/)).toBe('PADARIA BOA VISTA LTDA');
    expect(value(/^Cidade/)).toBe('Recife');
    expect(value(/^CEP/)).toBe('50010-000');
    expect(value(/^Celular/)).toBe('(81) 98765-4321');
    expect(value(/^E-mail$/)).toBe('contato@boavista.com.br');
  });

  it('keeps a login e-mail already typed', async () => {
    renderForm(jest.fn(async () => ({ data: office })), { email: 'dono@exemplo.com' });
    fireEvent.change(screen.getByLabelText(/^CNPJ/), { target: { value: '11222333000181' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByText(/^Preenchido a partir do CNPJ: /);
    expect(value(/^E-mail$/)).toBe('dono@exemplo.com');
  });

  it('leaves the login e-mail alone when this user may not change it', async () => {
    renderForm(jest.fn(async () => ({ data: office })), {}, true);
    fireEvent.change(screen.getByLabelText(/^CNPJ/), { target: { value: '11222333000181' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByText(/^Preenchido a partir do CNPJ: /);
    expect(value(/^E-mail$/)).toBe('');
    expect(value(/^Razão Social/)).toBe('PADARIA BOA VISTA LTDA');
  });

  it('asks for 14 characters before calling, and shows the server refusal', async () => {
    const lookup = jest.fn(async () => Promise.reject(new ApiError(503, 'Serviço de consulta indisponível.')));
    renderForm(lookup);
    fireEvent.change(screen.getByLabelText(/^CNPJ/), { target: { value: '1122' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByText('CNPJ deve ter 14 dígitos');
    expect(lookup).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^CNPJ/), { target: { value: '11222333000181' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    await screen.findByText('Erro ao buscar informações do CNPJ: Serviço de consulta indisponível.');
    await waitFor(() => expect(value(/^Cidade/)).toBe('Olinda'));
  });
});
