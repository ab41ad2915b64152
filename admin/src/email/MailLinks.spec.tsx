import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams, GetManyParams } from 'react-admin';
import type { EmailVinculoView } from '@veritas/common';
import { ApiError } from '@veritas/web';
import { MailLinks } from './MailLinks';
import { vinculosPayload } from './VinculosDialog';
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

  it('each name also opens the mailbox narrowed to it, in the message’s folder', async () => {
    const provider = fakeMailbox([]);
    provider.getEmailVinculos.mockResolvedValue([link({ id: '1', clienteId: 'c1', clienteNome: 'Construtora Ipê Ltda', registroId: 'r1', registroNumero: '2026-000742' })]);
    renderInPanel(<MailLinks emailId={ID} folder="archive" />, provider);
    const group = await screen.findByRole('group', { name: 'Vínculos do email' });
    const filterOfLink = (name: string) => {
      const href = within(group).getByRole('link', { name }).getAttribute('href')!;
      expect(href.startsWith('/painel/email?')).toBe(true);
      return JSON.parse(new URLSearchParams(href.split('?')[1]).get('filter')!);
    };
    expect(filterOfLink('Emails do cliente Construtora Ipê Ltda')).toEqual({ folder: 'archive', clienteId: 'c1' });
    expect(filterOfLink('Emails do registro 2026-000742')).toEqual({ folder: 'archive', registroId: 'r1' });
  });

  it('"Editar vínculos" picks the client and several registros by hand (only the client’s), and saves them', async () => {
    const provider = fakeMailbox([]);
    provider.getEmailVinculos.mockResolvedValue([
      link({ id: '1', clienteId: 'c1', clienteNome: 'Construtora Ipê Ltda', registroId: 'r1', registroNumero: '2026-000742' }),
      link({ id: '2', clienteId: 'c1', clienteNome: 'Construtora Ipê Ltda', registroId: 'r2', registroNumero: '2026-000743' }),
    ]);
    const registro = (id: string, numero: string) => ({ id, _id: id, numero, clienteNome: 'Construtora Ipê Ltda' });
    const records: Record<string, { id: string }[]> = {
      clientes: [{ id: 'c1', _id: 'c1', razaoSocial: 'Construtora Ipê Ltda' } as { id: string }],
      registros: [registro('r1', '2026-000742'), registro('r2', '2026-000743'), registro('r9', '2026-000900')],
    };
    provider.getList = jest.fn(async (resource: string, _params: GetListParams): Promise<any> => ({ data: records[resource].filter((r) => r.id !== 'r2'), total: 2 }));
    provider.getMany = jest.fn(async (resource: string, params: GetManyParams): Promise<any> => ({ data: records[resource].filter((r) => params.ids.includes(r.id)) }));
    const saved = [
      link({ id: '5', clienteId: 'c1', clienteNome: 'Construtora Ipê Ltda', registroId: 'r1', registroNumero: '2026-000742', origem: 'manual' }),
      link({ id: '6', clienteId: 'c1', clienteNome: 'Construtora Ipê Ltda', registroId: 'r9', registroNumero: '2026-000900', origem: 'manual' }),
    ];
    provider.setEmailVinculos.mockResolvedValue(saved);
    renderInPanel(<MailLinks emailId={ID} />, provider);
    const group = await screen.findByRole('group', { name: 'Vínculos do email' });
    await userEvent.click(within(group).getByRole('button', { name: 'Editar vínculos' }));

    const dialog = await screen.findByRole('dialog', { name: 'Vínculos do email' });
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement).value).toBe('Construtora Ipê Ltda'));
    const chip = (await within(dialog).findByText('2026-000743 — Construtora Ipê Ltda')).closest('.MuiChip-root') as HTMLElement;
    await userEvent.click(chip.querySelector('.MuiChip-deleteIcon') as Element);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Registros' }));
    await userEvent.click(await screen.findByRole('option', { name: '2026-000900 — Construtora Ipê Ltda' }));
    // Only the chosen client's registros are offered.
    expect(provider.getList).toHaveBeenCalledWith('registros', expect.objectContaining({ filter: { clienteId: 'c1' } }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(provider.setEmailVinculos).toHaveBeenCalledWith(ID, { clienteId: 'c1', registroIds: ['r1', 'r9'] }));
    expect(await screen.findByText('Vínculos atualizados.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(group.textContent).toContain('Cliente: Construtora Ipê Ltda · Registro 2026-000742 · Registro 2026-000900');
  });

  it('a message with no link offers to link it; a refusal shows in the dialog and keeps it open', async () => {
    const provider = fakeMailbox([]);
    provider.setEmailVinculos.mockRejectedValue(new ApiError(404, 'Registro não encontrado.', { message: 'Registro não encontrado.' }));
    renderInPanel(<MailLinks emailId={ID} />, provider);
    const group = await screen.findByRole('group', { name: 'Vínculos do email' });
    expect(within(group).queryByRole('button', { name: 'Remover vínculos' })).toBeNull();
    await userEvent.click(within(group).getByRole('button', { name: 'Vincular a cliente ou registro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vínculos do email' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Registro não encontrado.')).toBeTruthy();
    expect(provider.setEmailVinculos).toHaveBeenCalledWith(ID, { clienteId: null, registroIds: [] });
  });

  it('sends no client as null and each registro once', () => {
    expect(vinculosPayload({ clienteId: '', registroIds: ['r1', 'r1', 5, 'r2'] })).toEqual({ clienteId: null, registroIds: ['r1', 'r2'] });
    expect(vinculosPayload({ clienteId: 'c1' })).toEqual({ clienteId: 'c1', registroIds: [] });
  });
});
