import type { EtapaResponse } from '@veritas/common';
import { COLUNA_FIM, planMove } from './planoEtapas';

const NOMES = ['Viabilidade', 'DBE', 'Protocolo'];

function etapa(ordem: number, status: EtapaResponse['status']): EtapaResponse {
  return {
    _id: `e${ordem}`,
    nome: NOMES[ordem],
    ordem,
    responsavelTipo: 'escritorio',
    status,
    inicio: null,
    fim: null,
    prazo: null,
    protocolo: null,
    nota: null,
    visivelCliente: false,
    documentos: [],
  };
}

describe('planMove', () => {
  it('forward from a pending stage: start it, then complete it', () => {
    const plan = planMove([etapa(0, 'pendente'), etapa(1, 'pendente'), etapa(2, 'pendente')], 'DBE');
    expect(plan).toEqual({
      ok: true,
      passos: [
        { etapaId: 'e0', nome: 'Viabilidade', status: 'andamento' },
        { etapaId: 'e0', nome: 'Viabilidade', status: 'concluida' },
      ],
    });
  });

  it('forward from a stage in progress completes it; two columns at once complete both', () => {
    const etapas = [etapa(0, 'concluida'), etapa(1, 'andamento'), etapa(2, 'pendente')];
    expect(planMove(etapas, 'Protocolo')).toEqual({ ok: true, passos: [{ etapaId: 'e1', nome: 'DBE', status: 'concluida' }] });
    expect(planMove([etapa(0, 'andamento'), etapa(1, 'pendente'), etapa(2, 'pendente')], COLUNA_FIM)).toMatchObject({
      ok: true,
      passos: [
        { etapaId: 'e0', status: 'concluida' },
        { etapaId: 'e1', status: 'andamento' },
        { etapaId: 'e1', status: 'concluida' },
        { etapaId: 'e2', status: 'andamento' },
        { etapaId: 'e2', status: 'concluida' },
      ],
    });
  });

  it('backward reopens the last finished stages, newest first', () => {
    const etapas = [etapa(0, 'concluida'), etapa(1, 'dispensada'), etapa(2, 'pendente')];
    expect(planMove(etapas, 'DBE')).toEqual({ ok: true, passos: [{ etapaId: 'e1', nome: 'DBE', status: 'andamento' }] });
    expect(planMove(etapas, 'Viabilidade')).toMatchObject({ ok: true, passos: [{ etapaId: 'e1' }, { etapaId: 'e0' }] });
  });

  it('refuses the same column, an unknown stage and a registro without stages', () => {
    const etapas = [etapa(0, 'andamento'), etapa(1, 'pendente'), etapa(2, 'pendente')];
    expect(planMove(etapas, 'Viabilidade')).toEqual({ ok: false, motivo: 'O registro já está nesta etapa.' });
    expect(planMove(etapas, 'Arquivamento')).toEqual({ ok: false, motivo: 'Este registro não tem a etapa "Arquivamento".' });
    expect(planMove([], 'DBE')).toEqual({ ok: false, motivo: 'Este registro não tem etapas.' });
  });
});

describe('the checklist gate', () => {
  const item = (chave: string, status: 'pendente' | 'enviado' | 'aceito' | 'recusado', obrigatorio = true) => ({ chave, nome: `Doc ${chave}`, obrigatorio, status });

  it('a move through a stage whose required documents are not all accepted is refused before any call', () => {
    const etapas = [etapa(0, 'concluida'), { ...etapa(1, 'pendente'), documentos: ['a', 'b', 'c'] }, etapa(2, 'pendente')];
    const checklist = [item('a', 'aceito'), item('b', 'enviado'), item('c', 'recusado'), item('d', 'pendente')];
    expect(planMove(etapas, 'Protocolo', checklist)).toEqual({
      ok: false,
      motivo: 'Esta etapa só pode ser concluída com os documentos aceitos. Faltam: Doc b; Doc c.',
    });
    expect(planMove(etapas, COLUNA_FIM, [item('a', 'aceito'), item('b', 'aceito'), item('c', 'pendente')])).toMatchObject({
      ok: false,
      motivo: 'Esta etapa só pode ser concluída com os documentos aceitos. Falta: Doc c.',
    });
  });

  it('optional items and keys without an item ask nothing', () => {
    const etapas = [{ ...etapa(0, 'andamento'), documentos: ['a', 'x'] }, etapa(1, 'pendente'), etapa(2, 'pendente')];
    expect(planMove(etapas, 'DBE', [item('a', 'pendente', false)])).toEqual({ ok: true, passos: [{ etapaId: 'e0', nome: 'Viabilidade', status: 'concluida' }] });
  });
});
