import type { EtapaResponse } from '@veritas/common';
import { documentosFaltando, etapaAcoes } from './etapaAcoes';

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

describe('documentosFaltando', () => {
  const item = (chave: string, ordem: number, status: string, obrigatorio = true) => ({ _id: chave, chave, nome: `Doc ${chave}`, ordem, status, obrigatorio }) as never;
  it('names the required items of the stage not accepted yet, in checklist order', () => {
    const checklist = [item('c', 3, 'recusado'), item('a', 1, 'aceito'), item('b', 2, 'enviado'), item('d', 4, 'pendente', false), item('x', 0, 'pendente')];
    expect(documentosFaltando({ documentos: ['a', 'b', 'c', 'd'] }, checklist)).toEqual(['Doc b', 'Doc c']);
    expect(documentosFaltando({ documentos: [] }, checklist)).toEqual([]);
    expect(documentosFaltando({ documentos: ['a'] }, undefined)).toEqual([]);
  });
});
