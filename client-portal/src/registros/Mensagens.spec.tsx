import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PORTAL_PATHS } from '@veritas/common';
import { type Call, renderPortal } from '../testing/renderPortal';

const ID = '7a1e2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b';

const registro = {
  _id: ID,
  numero: '2026-000011',
  tipo: 'Alteração contratual',
  status: 'andamento',
  data: '2026-03-02T12:00:00Z',
  descricao: 'Mudança de endereço',
  valor: null,
  responsavelNome: 'Ana Souza',
  prazo: null,
  prazoPausado: false,
  diasUteisRestantes: null,
  vencido: false,
  encerradoEm: null,
  historico: [],
};

const mensagem = (over: Record<string, unknown>) => ({ registroId: ID, arquivos: [], lidaEm: null, criadoEm: '2026-03-03T13:00:00Z', ...over });

describe('Mensagens in the registro dialog', () => {
  it('shows who wrote each message in order, its files and the receipt, and marks the firm’s messages read', async () => {
    let naoLidas = 1;
    const view = renderPortal(PORTAL_PATHS.registro(ID), (call: Call) => {
      if (call.path === `/api/registros/${ID}`) return { data: registro };
      if (call.path.startsWith(`/api/registros/${ID}/mensagens?`)) {
        return {
          // Newest first, as the server answers.
          data: [
            mensagem({ _id: 'm2', lado: 'equipe', autorNome: 'Ana Souza', texto: 'Recebido, obrigado!', criadoEm: '2026-03-03T14:00:00Z' }),
            mensagem({ _id: 'm1', lado: 'cliente', autorNome: 'Padaria Pão Quente Ltda (Responsável)', texto: 'Segue o contrato.', lidaEm: '2026-03-03T13:30:00Z', arquivos: [{ _id: 'd1', titulo: 'Contrato', nomeArquivo: 'Contrato.pdf', tipo: 'PDF', tamanho: 2048 }] }),
          ],
          total: 2,
          naoLidas,
        };
      }
      if (call.method === 'POST' && call.path === `/api/registros/${ID}/mensagens/lidas`) {
        naoLidas = 0;
        return { data: { marcadas: 1 } };
      }
      return undefined;
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registro 2026-000011' });
    const secao = within(await within(dialog).findByRole('region', { name: 'Mensagens' }));
    const textos = (await secao.findAllByText(/Segue o contrato\.|Recebido, obrigado!/)).map((e) => e.textContent);
    expect(textos).toEqual(['Segue o contrato.', 'Recebido, obrigado!']);
    expect(secao.getByText('Padaria Pão Quente Ltda (Responsável)')).toBeTruthy();
    expect(secao.getByText('Ana Souza · escritório')).toBeTruthy();
    expect(secao.getByText(/^Lida pelo escritório em 03\/03\/2026/)).toBeTruthy();
    expect(secao.getByRole('button', { name: 'Download de Contrato.pdf' })).toBeTruthy();
    await waitFor(() => expect(view.calls.filter((c) => c.path === `/api/registros/${ID}/mensagens/lidas`)).toHaveLength(1));
  });

  it('refuses an empty message before any call, announcing it', async () => {
    const view = renderPortal(PORTAL_PATHS.registro(ID), (call: Call) => (call.path === `/api/registros/${ID}` ? { data: registro } : undefined));
    const dialog = await screen.findByRole('dialog', { name: 'Registro 2026-000011' });
    const secao = within(await within(dialog).findByRole('region', { name: 'Mensagens' }));
    await secao.findByText(/Nenhuma mensagem ainda/);
    fireEvent.change(secao.getByLabelText('Sua mensagem'), { target: { value: '   ' } });
    fireEvent.click(secao.getByRole('button', { name: 'Enviar mensagem' }));
    expect((await secao.findByRole('alert')).textContent).toBe('Escreva a mensagem.');
    expect(view.calls.some((c) => c.method === 'POST' && c.path === `/api/registros/${ID}/mensagens`)).toBe(false);
  });
});
