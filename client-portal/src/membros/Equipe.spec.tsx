import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CAPACIDADES_PADRAO, type MembroResponse } from '@veritas/common';
import { CLIENTE, renderPortal } from '../testing/renderPortal';

const membro = (over: Partial<MembroResponse>): MembroResponse => ({
  _id: 'm-1',
  nome: 'João Padeiro',
  email: 'contato@paoquente.com.br',
  cpf: null,
  papel: 'responsavel',
  papelLabel: 'Responsável',
  capacidades: [...CAPACIDADES_PADRAO.responsavel],
  status: 'ativo',
  conviteExpiraEm: null,
  createdAt: '2026-12-01T12:00:00.000Z',
  ...over,
});

describe('members in the portal (issue 54)', () => {
  it('a Colaborador sees no Financeiro nor Equipe tab, no new request, and a charges address says why', async () => {
    const colaborador = membro({ _id: 'm-2', nome: 'Eva', papel: 'colaborador', papelLabel: 'Colaborador', capacidades: ['enviar_documentos', 'ver_documentos'] });
    const view = renderPortal('/cliente/financeiro', (call) => (call.path === '/api/clientes/me' ? { data: { ...CLIENTE, membro: colaborador } } : undefined));
    expect(await screen.findByText(/não permite ver ou pagar cobranças/)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dashboard', 'Registros e Solicitações', 'Documentos', 'Agenda', 'FAQs']);
    // No charge was asked for.
    expect(view.calls.some((c) => c.path.startsWith('/api/cobrancas'))).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Registros e Solicitações' }));
    await screen.findByRole('heading', { name: 'Registros e Solicitações' });
    expect(screen.queryByRole('button', { name: 'Nova Solicitação' })).toBeNull();
  });

  it('the Responsável invites from Equipe with the role defaults, the shared rules checked first', async () => {
    const view = renderPortal('/cliente/equipe', (call) => {
      if (call.path === '/api/clientes/me') return { data: { ...CLIENTE, membro: membro({}) } };
      if (call.path === '/api/clientes/me/membros' && call.method === 'GET') return { data: [membro({})], total: 1 };
      if (call.path === '/api/clientes/me/membros/convites') return { status: 201, body: { data: membro({ _id: 'm-3', nome: 'Ana', email: 'ana@contabil.com.br', status: 'convidado' }) } };
      return undefined;
    });
    expect(await screen.findByRole('tab', { name: 'Equipe', selected: true })).toBeTruthy();
    expect(await screen.findByText(/João Padeiro \(você\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@' } });
    fireEvent.change(screen.getByLabelText('Papel'), { target: { value: 'contador' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('E-mail inválido')).toBeTruthy();
    expect(view.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@contabil.com.br' } });
    fireEvent.click(screen.getByLabelText('Ver e pagar cobranças'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() => expect(view.calls.find((c) => c.method === 'POST')?.body).toEqual({ nome: 'Ana', email: 'ana@contabil.com.br', papel: 'contador', capacidades: ['enviar_documentos', 'ver_documentos'] }));
    expect(await screen.findByText(/Convite enviado para ana@contabil.com.br/)).toBeTruthy();
  });
});
