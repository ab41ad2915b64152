import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { SendError } from '../../providers/emailMethods';
import { composeFor, NEW_MESSAGE, type ComposeInit } from '../replies';
import { detail, fakeMailbox, renderInPanel } from '../testKit';
import Compose from './Compose';

function openCompose(init: ComposeInit = NEW_MESSAGE) {
  const provider = fakeMailbox([]);
  const onClose = jest.fn();
  const onSaved = jest.fn();
  const view = renderInPanel(
    <ResourceContextProvider value="emails">
      <Compose init={init} onClose={onClose} onSaved={onSaved} />
    </ResourceContextProvider>,
    provider,
  );
  return { ...view, provider, onClose, onSaved };
}

const dialog = () => screen.getByRole('dialog', { name: 'Nova mensagem' });
const input = (name: string) => within(dialog()).getByRole('textbox', { name });
const editor = () => within(dialog()).findByRole('textbox', { name: 'Corpo da mensagem' });

describe('compose (one react-admin form)', () => {
  it('without Para nothing is sent: the field says why, by the shared rules, and so does an address that is not one', async () => {
    const { provider } = openCompose();
    await editor();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enviar' }));
    await within(dialog()).findByText('Por favor, adicione um destinatário.');
    expect(input('Para').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Para'));

    await userEvent.type(input('Para'), 'ana@exemplo.com.br');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cc' }));
    await userEvent.type(input('Cc'), 'Bruno <bruno@exemplo>');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enviar' }));
    await within(dialog()).findByText('Endereço de email inválido em Cc: Bruno <bruno@exemplo>.');
    expect(provider.submitEmail).not.toHaveBeenCalled();
  });

  it('sends the form as one payload with its files, says Enviando... meanwhile, and closes when done', async () => {
    const { provider, onClose, onSaved } = openCompose();
    let finish: (value: unknown) => void = () => undefined;
    provider.submitEmail.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    await editor();
    await userEvent.type(input('Para'), 'ana@exemplo.com.br');
    await userEvent.type(input('Assunto'), 'Proposta');
    await userEvent.type(await editor(), 'Segue a proposta.');
    const files = within(dialog()).getByLabelText('Arquivos para anexar');
    await userEvent.upload(files, [new File(['x'.repeat(2048)], 'proposta.pdf', { type: 'application/pdf' }), new File(['y'], 'errado.txt')]);
    await within(dialog()).findByText('(2 KB)');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Remover errado.txt' }));
    expect(within(dialog()).queryByText('errado.txt')).toBeNull();

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enviar' }));
    const sending = await within(dialog()).findByRole('button', { name: 'Enviando...' });
    expect(sending).toHaveProperty('disabled', true);
    const [target, payload, sent] = provider.submitEmail.mock.calls[0];
    expect(target).toEqual({ kind: 'send', draftId: undefined });
    expect(payload).toMatchObject({ to: 'ana@exemplo.com.br', cc: '', bcc: '', subject: 'Proposta', attachmentIds: [] });
    expect(payload.body).toContain('Segue a proposta.');
    expect((sent as File[]).map((f) => f.name)).toEqual(['proposta.pdf']);

    finish({});
    await screen.findByText('Email enviado com sucesso!');
    expect(onSaved).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("a reply pre-fills Para with the sender, 'Re: ' and the original quoted under its date and sender", async () => {
    const original = detail({ from: 'ana@exemplo.com.br', fromName: 'Ana Souza', subject: 'Contrato', body: '<p>Segue o contrato.</p>', date: '2026-03-02T12:00:00.000Z' });
    openCompose(composeFor('reply', original, 'eu@veritas.com.br'));
    const body = await editor();
    expect(input('Para')).toHaveProperty('value', 'ana@exemplo.com.br');
    expect(input('Assunto')).toHaveProperty('value', 'Re: Contrato');
    expect(body.querySelector('blockquote')?.textContent).toBe('Segue o contrato.');
    expect(body.textContent).toMatch(/Em 02\/03\/2026 \d\d:\d\d, Ana Souza <ana@exemplo\.com\.br> escreveu:/);
  });

  it("a refusal of the server that names a field lands on that field; one about the message, above the buttons", async () => {
    const { provider, onClose } = openCompose({ ...NEW_MESSAGE, to: 'ana@exemplo.com.br', subject: 'x' });
    await editor();
    provider.submitEmail.mockRejectedValueOnce(new SendError('O assunto pode ter no máximo 998 caracteres.', 400, null));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enviar' }));
    await within(dialog()).findByText('O assunto pode ter no máximo 998 caracteres.');
    expect(input('Assunto').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).queryByRole('alert')).toBeNull();

    // The relay refused: the server kept the message as a draft, and the next send sends that draft.
    const draftId = '00000000-0000-4000-8000-00000000d1af';
    provider.submitEmail.mockRejectedValueOnce(new SendError('O servidor de envio recusou a mensagem (554). A mensagem foi guardada em Rascunhos.', 502, draftId));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enviar' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toBe('Erro ao enviar email: o servidor de envio recusou a mensagem (554). A mensagem foi guardada em Rascunhos.');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(provider.submitEmail.mock.calls[2][0]).toEqual({ kind: 'send', draftId });
  });

  it('closing keeps what changed as a draft; Descartar and an untouched compose keep nothing', async () => {
    const first = openCompose();
    await editor();
    await userEvent.type(input('Assunto'), 'Só um começo');
    first.unmount();
    await waitFor(() => expect(first.provider.submitEmail).toHaveBeenCalledTimes(1));
    expect(first.provider.submitEmail.mock.calls[0][0]).toEqual({ kind: 'draft', draftId: undefined });
    expect(first.provider.submitEmail.mock.calls[0][1]).toMatchObject({ subject: 'Só um começo' });

    const untouched = openCompose(composeFor('forward', detail({ subject: 'Ata' }), 'eu@veritas.com.br'));
    await editor();
    untouched.unmount();

    const discarded = openCompose();
    await editor();
    await userEvent.type(input('Assunto'), 'Descartável');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Descartar' }));
    expect(discarded.onClose).toHaveBeenCalled();
    discarded.unmount();
    await new Promise((r) => setTimeout(r, 50));
    expect(untouched.provider.submitEmail).not.toHaveBeenCalled();
    expect(discarded.provider.submitEmail).not.toHaveBeenCalled();
  });
});
