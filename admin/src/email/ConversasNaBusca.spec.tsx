import { screen, within } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import type { MensagemEncontrada } from '@veritas/common';
import { ConversasNaBusca } from './ConversasNaBusca';
import { fakeMailbox, renderInPanel } from './testKit';

const encontrada = (over: Partial<MensagemEncontrada & { id: string }>): MensagemEncontrada & { id: string } => ({
  _id: 'm',
  id: 'm',
  registroId: 'r1',
  registroNumero: '2026-000742',
  clienteId: 'c1',
  clienteNome: 'Construtora Ipê Ltda',
  lado: 'cliente',
  autorNome: 'Ana Souza (Contador)',
  trecho: 'Quando sai o alvará?',
  criadoEm: '2026-03-03T13:00:00Z',
  ...over,
});

function renderWith(q: string | undefined, found: ReturnType<typeof encontrada>[], total = found.length) {
  const provider = fakeMailbox([]);
  (provider.getList as jest.Mock).mockImplementation(async (resource: string) => (resource === 'mensagens' ? { data: found, total } : { data: [], total: 0 }));
  const list = { filterValues: q === undefined ? {} : { q } } as unknown as ListControllerResult;
  renderInPanel(
    <ListContextProvider value={list}>
      <ConversasNaBusca />
    </ListContextProvider>,
    provider,
  );
  return provider;
}

describe('the mailbox’s search also finds the portal conversations (issue 56)', () => {
  it('shows the messages that hold the term, each opening its registro, and how many more there are', async () => {
    const provider = renderWith('alvará', [encontrada({ _id: 'm1', id: 'm1' }), encontrada({ _id: 'm2', id: 'm2', registroId: 'r2', registroNumero: '2026-000801', lado: 'equipe', autorNome: 'Rafael Duarte', trecho: 'O alvará saiu hoje.' })], 7);
    const secao = await screen.findByRole('region', { name: 'Mensagens das conversas do portal' });
    expect(within(secao).getByRole('heading').textContent).toBe('7 mensagens do portal com "alvará"');
    expect(within(secao).getByRole('link', { name: 'Abrir o registro 2026-000801 e a conversa com o cliente' }).getAttribute('href')).toMatch(/^\/painel\/(registros|meu-registros)\/r2$/);
    expect(secao.textContent).toContain('Rafael Duarte (escritório)');
    expect(secao.textContent).toContain('Construtora Ipê Ltda · Ana Souza (Contador)');
    expect(secao.textContent).toContain('e mais 5');
    expect(provider.getList).toHaveBeenCalledWith('mensagens', expect.objectContaining({ filter: { q: 'alvará' }, pagination: { page: 1, perPage: 5 } }));
  });

  it('asks nothing and shows nothing while nothing is searched, and nothing when no message holds the term', async () => {
    const provider = renderWith(undefined, [encontrada({})]);
    await new Promise((r) => setTimeout(r, 50));
    expect(provider.getList).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Mensagens das conversas do portal' })).toBeNull();
  });
});
