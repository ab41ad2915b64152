import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@veritas/web';
import type { ChecklistItemResponse, EmailAttachmentInfo, EmailVinculoView } from '@veritas/common';
import { AnexarAoRegistroDialog, anexarPayload } from './AnexarAoRegistro';
import { fakeMailbox, renderInPanel } from './testKit';

const ID = '00000000-0000-4000-8000-0000000000aa';
const ANEXO: EmailAttachmentInfo = { id: 'a1', filename: 'contrato.pdf', size: 2048, contentType: 'application/pdf', contentId: null };
const LINK: EmailVinculoView = { id: 'l1', clienteId: 'c1', clienteNome: 'Construtora Ipê Ltda', registroId: 'r1', registroNumero: '2026-000742', origem: 'auto' };
const item = (over: Partial<ChecklistItemResponse>): ChecklistItemResponse =>
  ({ _id: 'i', registroId: 'r1', chave: 'k', nome: 'Item', descricao: null, obrigatorio: true, ordem: 1, status: 'pendente', motivo: null, documentoId: null, nomeArquivo: null, enviadoEm: null, avaliadoEm: null, avaliadoPorNome: null, ...over }) as ChecklistItemResponse;

function setup() {
  const provider = fakeMailbox([]) as any;
  provider.getEmailVinculos.mockResolvedValue([LINK]);
  provider.getChecklist = jest.fn(async () => [
    item({ _id: 'i1', nome: 'Contrato social' }),
    item({ _id: 'i2', nome: 'RG dos sócios', status: 'aceito' }),
    item({ _id: 'i3', nome: 'Procuração', status: 'recusado' }),
  ]);
  provider.getList = jest.fn(async (_resource: string, params: any) => ({
    data: params.filter.q ? [{ id: 'r9', _id: 'r9', numero: '2026-000900', clienteNome: 'Padaria Pão Quente Ltda', tipo: 'Certidão' }] : [],
    total: params.filter.q ? 1 : 0,
  }));
  const onClose = jest.fn();
  const view = renderInPanel(<AnexarAoRegistroDialog emailId={ID} indice={1} anexo={ANEXO} open onClose={onClose} />, provider);
  return { provider, onClose, ...view };
}

async function pick(label: string, option: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('"Anexar ao registro" (issue 56)', () => {
  it("offers the message's registros first and sends the file for a pending checklist item", async () => {
    const { provider, onClose } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Anexar "contrato.pdf" ao registro' });
    await waitFor(() => expect(provider.getEmailVinculos).toHaveBeenCalled());
    await pick('Registro', /2026-000742 — Construtora Ipê Ltda \(Vinculado ao e-mail\)/);
    await waitFor(() => expect(provider.getChecklist).toHaveBeenCalledWith('r1'));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Item da lista de documentos/ }));
    // Only what still needs a file: the accepted item is not offered.
    expect(screen.queryByRole('option', { name: 'RG dos sócios' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Procuração (recusado)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: 'Contrato social' }));
    provider.anexarAoRegistro.mockResolvedValue({ documento: { _id: 'd1', registroNumero: '2026-000742' }, item: item({ _id: 'i1', nome: 'Contrato social', status: 'enviado' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anexar' }));
    await waitFor(() => expect(provider.anexarAoRegistro).toHaveBeenCalledWith(ID, 1, { registroId: 'r1', itemId: 'i1' }));
    expect(await screen.findByText('Anexo enviado para "Contrato social" do registro 2026-000742: agora pode ser aceito.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('finds another registro by protocol and keeps the file as a document with its title', async () => {
    const { provider } = setup();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('combobox', { name: /^Registro/ }), '2026-0009');
    await waitFor(() => expect(provider.getList).toHaveBeenCalledWith('registros', expect.objectContaining({ filter: { q: '2026-0009' } })));
    await userEvent.click(await screen.findByRole('option', { name: /2026-000900 — Padaria Pão Quente Ltda/ }));
    await userEvent.type(within(dialog).getByLabelText('Título do documento', { exact: false }), 'Contrato assinado');
    provider.anexarAoRegistro.mockResolvedValue({ documento: { _id: 'd2', registroNumero: '2026-000900' }, item: null });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anexar' }));
    await waitFor(() => expect(provider.anexarAoRegistro).toHaveBeenCalledWith(ID, 1, { registroId: 'r9', itemId: null, titulo: 'Contrato assinado' }));
    expect(await screen.findByText('Anexo guardado como documento do registro 2026-000900.')).toBeTruthy();
  });

  it("shows the server's refusal in the form and stays open", async () => {
    const { provider, onClose } = setup();
    const dialog = await screen.findByRole('dialog');
    await pick('Registro', /2026-000742/);
    provider.anexarAoRegistro.mockRejectedValue(new ApiError(422, 'Este anexo não pode virar documento: Tipo de arquivo não permitido (.exe).'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anexar' }));
    expect(await within(dialog).findByText(/Este anexo não pode virar documento: Tipo de arquivo não permitido/)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a registro before sending', async () => {
    const { provider } = setup();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anexar' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    expect(provider.anexarAoRegistro).not.toHaveBeenCalled();
  });

  it('builds the body from the form: a title only without an item', () => {
    expect(anexarPayload({ registroId: 'r', itemId: 'i', titulo: 'X' })).toEqual({ registroId: 'r', itemId: 'i' });
    expect(anexarPayload({ registroId: 'r', itemId: '', titulo: '  ' })).toEqual({ registroId: 'r', itemId: null });
    expect(anexarPayload({ registroId: 'r', itemId: null, titulo: ' Contrato ' })).toEqual({ registroId: 'r', itemId: null, titulo: 'Contrato' });
  });
});
