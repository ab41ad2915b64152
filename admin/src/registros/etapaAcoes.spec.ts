import type { EtapaResponse } from '@veritas/common';
import { etapaAcoes } from './etapaAcoes';

const etapa = (ordem: number, status: EtapaResponse['status']): EtapaResponse => ({
  _id: `e${ordem}`,
  nome: `Etapa ${ordem}`,
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
});

describe('etapaAcoes', () => {
  it('a new process: start or skip the first stage, nothing else', () => {
    const a = etapaAcoes([etapa(1, 'pendente'), etapa(0, 'pendente')]);
    expect(a.get('e0')).toEqual(['iniciar', 'dispensar']);
    expect(a.get('e1')).toEqual([]);
  });

  it('midway: complete or skip the current one, reopen the last finished one', () => {
    const a = etapaAcoes([etapa(0, 'concluida'), etapa(1, 'dispensada'), etapa(2, 'andamento'), etapa(3, 'pendente')]);
    expect([...a.values()]).toEqual([[], ['reabrir'], ['concluir', 'dispensar'], []]);
  });

  it('all finished: only the last one reopens', () => {
    const a = etapaAcoes([etapa(0, 'concluida'), etapa(1, 'concluida')]);
    expect([...a.values()]).toEqual([[], ['reabrir']]);
  });
});
