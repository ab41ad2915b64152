import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContatoMensagemResponse } from '@veritas/common';
import { ApiError } from '@veritas/web';
import { clickWhenEnabled, renderAdmin } from '../testing/renderAdmin';
import { ReplyForm } from './ReplyForm';

const m = { _id: 'm1', nome: 'Carlos', email: 'carlos@exemplo.org', assunto: 'Certidões e Documentos', mensagem: 'Preciso de uma certidão.' } as ContatoMensagemResponse;

function renderForm(replyMensagem: jest.Mock, onSent = jest.fn()) {
  renderAdmin(<ReplyForm m={m} onCancel={() => undefined} onSent={onSent} />, { replyMensagem });
  return onSent;
}

const enviar = () => clickWhenEnabled(screen.getByRole('button', { name: 'Enviar resposta' }));

describe('ReplyForm (react-admin <Form>)', () => {
  it('asks for the answer before sending anything; spaces are not an answer', async () => {
    const reply = jest.fn();
    renderForm(reply);
    expect((screen.getByLabelText('Assunto') as HTMLInputElement).value).toBe('Re: Certidões e Documentos');
    await enviar();
    await screen.findByText('Escreva a resposta.');
    fireEvent.change(screen.getByLabelText(/^Resposta/), { target: { value: '   ' } });
    await enviar();
    await screen.findByText('Escreva a resposta.');
    expect(reply).not.toHaveBeenCalled();
  });

  it('sends subject and text, and hands the handled message back', async () => {
    const reply = jest.fn(async () => ({ data: { ...m, tratada: true }, message: 'Resposta enviada com sucesso!' }));
    const onSent = renderForm(reply);
    fireEvent.change(screen.getByLabelText(/^Resposta/), { target: { value: 'Sai em 3 dias úteis.' } });
    await enviar();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ tratada: true })));
    expect(reply).toHaveBeenCalledWith('m1', { assunto: 'Re: Certidões e Documentos', mensagem: 'Sai em 3 dias úteis.' });
  });

  it("shows the server's refusal above the form, worded as a failed send", async () => {
    renderForm(jest.fn(async () => Promise.reject(new ApiError(503, 'Servidor de e-mail indisponível.'))));
    fireEvent.change(screen.getByLabelText(/^Resposta/), { target: { value: 'Olá' } });
    await enviar();
    expect((await screen.findAllByText('Erro ao enviar email: servidor de e-mail indisponível.')).length).toBeGreaterThan(0);
  });
});
