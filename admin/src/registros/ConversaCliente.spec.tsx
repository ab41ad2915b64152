import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminContext, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { RegistroMensagemItem } from '@veritas/common';
import { i18nProvider } from '../providers/i18nProvider';
import { ConversaCliente } from './ConversaCliente';

const msg = (over: Partial<RegistroMensagemItem>): RegistroMensagemItem => ({
  _id: 'm1',
  registroId: 'r1',
  lado: 'cliente',
  autorNome: 'Padaria Pão Quente Ltda',
  texto: 'Segue o contrato.',
  criadoEm: '2026-03-02T12:00:00.000Z',
  lidaEm: null,
  arquivos: [],
  ...over,
});

function renderWith(methods: Record<string, jest.Mock>, mayAnswer = true) {
  const provider = methods as unknown as DataProvider;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ConversaCliente registroId="r1" mayAnswer={mayAnswer} />
        </QueryClientProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe("a registro's Conversa com o cliente (ADR 0057)", () => {
  it('shows the thread oldest first with who wrote, the files and the client’s receipt, and marks the client’s messages read', async () => {
    let naoLidas = 1;
    const getMensagens = jest.fn(async () => ({
      data: [
        msg({ _id: 'm2', lado: 'equipe', autorNome: 'Bruno Associado', texto: 'Recebido.', lidaEm: '2026-03-02T15:00:00.000Z' }),
        msg({ arquivos: [{ _id: 'd1', titulo: 'Contrato', nomeArquivo: 'Contrato.pdf', tipo: 'PDF', tamanho: 2048 }] }),
      ],
      total: 2,
      naoLidas,
    }));
    const marcarMensagensLidas = jest.fn(async () => {
      naoLidas = 0;
      return { marcadas: 1 };
    });
    renderWith({ getMensagens, marcarMensagensLidas, enviarMensagem: jest.fn() });
    const list = await screen.findByRole('list', { name: 'Mensagens do registro' });
    const itens = within(list).getAllByRole('listitem');
    expect(itens.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Padaria Pão Quente LtdaCliente.*Segue o contrato\.Contrato\.pdf \(2 KB\)$/),
      expect.stringMatching(/^Bruno AssociadoEquipe.*Recebido\.Lida pelo cliente em 02\/03\/2026/),
    ]);
    expect(within(list).getByRole('button', { name: 'Baixar Contrato.pdf' })).toBeTruthy();
    await waitFor(() => expect(marcarMensagensLidas).toHaveBeenCalledWith('r1'));
    expect(marcarMensagensLidas).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty answer before any call; a valid one is sent with its text trimmed', async () => {
    const enviarMensagem = jest.fn(async () => msg({ lado: 'equipe' }));
    renderWith({ getMensagens: jest.fn(async () => ({ data: [], total: 0, naoLidas: 0 })), marcarMensagensLidas: jest.fn(), enviarMensagem });
    await screen.findByText('Nenhuma mensagem com o cliente neste registro.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ao cliente' }));
    expect(await screen.findByText('Escreva a mensagem.')).toBeTruthy();
    expect(enviarMensagem).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Mensagem ao cliente'), '  Pode enviar o RG?  ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ao cliente' }));
    await waitFor(() => expect(enviarMensagem).toHaveBeenCalledWith('r1', 'Pode enviar o RG?', [], expect.any(Function)));
  });

  it('without registros.work the thread is read-only', async () => {
    renderWith({ getMensagens: jest.fn(async () => ({ data: [msg({})], total: 1, naoLidas: 0 })), marcarMensagensLidas: jest.fn(), enviarMensagem: jest.fn() }, false);
    await screen.findByRole('list', { name: 'Mensagens do registro' });
    expect(screen.queryByRole('button', { name: 'Enviar ao cliente' })).toBeNull();
  });
});
