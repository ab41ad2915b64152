import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@veritas/web';
import type { EmailSaidaConfig } from '@veritas/common';
import { clickWhenEnabled, renderAdmin } from '../testing/renderAdmin';
import type { FilaSaidaMethods } from '../providers/filaSaidaMethods';
import { EmailSaidaForm } from './EmailSaidaForm';

const NENHUMA: EmailSaidaConfig = { fonte: 'nenhuma', painel: null };
const SALVO: EmailSaidaConfig = {
  fonte: 'painel',
  painel: { host: 'smtp.provedor.com.br', porta: 465, seguranca: 'tls', usuario: 'avisos', senhaDefinida: true, remetenteEmail: 'avisos@firma.com.br', remetenteNome: null, atualizadoEm: '2026-12-07T12:00:00.000Z' },
};

function renderForm(save: jest.Mock, current: EmailSaidaConfig = NENHUMA) {
  const onSaved = jest.fn();
  const api = { saveEmailSaida: save } as unknown as FilaSaidaMethods;
  renderAdmin(<EmailSaidaForm api={api} current={current} onSaved={onSaved} />, {});
  return onSaved;
}

const campo = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const salvar = () => clickWhenEnabled(screen.getByRole('button', { name: 'Salvar' }));

describe('EmailSaidaForm (Configurações → E-mail de saída)', () => {
  it("refuses a scheme in the server and a bad From with the server's own sentences, before any call", async () => {
    const save = jest.fn();
    renderForm(save);
    fireEvent.change(campo(/^Servidor SMTP/), { target: { value: 'smtp://relay' } });
    fireEvent.change(campo(/^E-mail do remetente/), { target: { value: 'avisos@' } });
    await salvar();
    await screen.findByText('Informe o servidor de envio (ex.: smtp.provedor.com.br), sem espaços nem "smtp://".');
    await screen.findByText('Informe um e-mail de remetente válido (ex.: avisos@suaempresa.com.br).');
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the fields, leaving the password out when blank (the kept one stays), and hands back what the server holds', async () => {
    const save = jest.fn(async () => ({ data: SALVO, message: 'Configurações de e-mail de saída salvas.' }));
    const onSaved = renderForm(save, SALVO);
    expect(screen.getByText('Há uma senha guardada (cifrada). Deixe em branco para mantê-la.')).toBeTruthy();
    expect(campo(/^Servidor SMTP/).value).toBe('smtp.provedor.com.br');
    fireEvent.change(campo(/^Nome do remetente/), { target: { value: 'Firma' } });
    await salvar();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(SALVO));
    expect(save).toHaveBeenCalledWith({ host: 'smtp.provedor.com.br', porta: 465, seguranca: 'tls', usuario: 'avisos', remetenteEmail: 'avisos@firma.com.br', remetenteNome: 'Firma' });
  });

  it("shows the server's refusal by its field", async () => {
    const refused = new ApiError(400, 'A porta deve ser um número de 1 a 65535.', { errors: { porta: ['A porta deve ser um número de 1 a 65535.'] } });
    renderForm(jest.fn(async () => Promise.reject(refused)));
    fireEvent.change(campo(/^Servidor SMTP/), { target: { value: 'smtp.provedor.com.br' } });
    await salvar();
    await screen.findByText('A porta deve ser um número de 1 a 65535.');
  });
});
