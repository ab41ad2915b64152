import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PORTAL_PATHS } from '@veritas/common';
import { type Call, renderPortal } from '../testing/renderPortal';

/** A record id as the server issues them (the portal asks only for those). */
const ID = '7a1e2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b';

const etapa = (ordem: number, nome: string) => ({ _id: `e${ordem}`, ordem, nome, status: 'pendente', responsavelTipo: 'escritorio', inicio: null, fim: null, protocolo: null, nota: null });

const registro = (status: 'pendente' | 'cancelado') => ({
  _id: ID,
  numero: '2026-000007',
  tipo: 'Abertura de Empresa',
  status,
  data: '2026-03-02T12:00:00Z',
  descricao: 'Abertura de filial em Campinas',
  valor: null,
  responsavelNome: null,
  prazo: null,
  prazoPausado: false,
  diasUteisRestantes: null,
  vencido: false,
  encerradoEm: status === 'cancelado' ? '2026-03-03T12:00:00Z' : null,
  etapas: [etapa(1, 'Consulta de viabilidade'), etapa(2, 'DBE')],
  checklist: [{ _id: 'i1', ordem: 1, nome: 'Contrato social', descricao: null, obrigatorio: true, status: 'pendente', nomeArquivo: null, enviadoEm: null, motivo: null }],
  historico: [],
});

describe('the registro dialog after the client cancels', () => {
  it('shows the cancelled registro at once, and the lists of registros are asked again', async () => {
    let status: 'pendente' | 'cancelado' = 'pendente';
    const view = renderPortal(PORTAL_PATHS.registro(ID), (call: Call) => {
      if (call.path === `/api/registros/${ID}`) return { data: registro(status) };
      if (call.method === 'PUT' && call.path === `/api/registros/${ID}/status`) {
        status = 'cancelado';
        return { data: registro(status) };
      }
      return undefined;
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registro 2026-000007' });
    await within(dialog).findByText('Etapa atual — a iniciar');
    expect(within(dialog).getByText('Pendente', { selector: '.checklist__status' })).toBeTruthy();
    await waitFor(() => expect(view.calls.some((c) => c.path.startsWith('/api/registros/me?'))).toBe(true));
    const listsBefore = view.calls.filter((c) => c.path.startsWith('/api/registros/me?')).length;

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar solicitação' }));
    fireEvent.change(within(dialog).getByLabelText('Motivo (opcional)'), { target: { value: 'Desistimos.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar' }));

    await within(dialog).findByText('Não enviado');
    expect(view.calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'cancelado', note: 'Desistimos.' });
    expect(within(dialog).queryByText(/Etapa atual/)).toBeNull();
    expect(within(dialog).getAllByText('Não realizada')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar solicitação' })).toBeNull();
    await waitFor(() => expect(view.calls.filter((c) => c.path.startsWith('/api/registros/me?')).length).toBeGreaterThan(listsBefore));
  });
});
