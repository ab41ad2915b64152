import type { EtapaResponse } from '@veritas/common';
import { passoLabel, previsaoTexto, progressLine } from './etapas';

const etapa = (ordem: number, status: EtapaResponse['status']): EtapaResponse => ({
  _id: `e${ordem}`,
  nome: `Etapa ${ordem}`,
  ordem,
  responsavelTipo: 'junta',
  status,
  inicio: null,
  fim: null,
  prazo: null,
  protocolo: null,
  nota: null,
  visivelCliente: false,
  documentos: [],
});

describe('progressLine', () => {
  it('done, current, next, then the rest, in order', () => {
    const line = progressLine([etapa(3, 'pendente'), etapa(0, 'concluida'), etapa(1, 'andamento'), etapa(2, 'pendente'), etapa(4, 'pendente')]);
    expect(line.map((p) => [p.etapa.ordem, p.estado])).toEqual([
      [0, 'concluida'],
      [1, 'atual'],
      [2, 'proxima'],
      [3, 'futura'],
      [4, 'futura'],
    ]);
  });

  it('a pending first stage is the current one; a skipped stage stays skipped', () => {
    expect(progressLine([etapa(0, 'pendente'), etapa(1, 'pendente')]).map((p) => p.estado)).toEqual(['atual', 'proxima']);
    expect(progressLine([etapa(0, 'dispensada'), etapa(1, 'pendente')]).map((p) => p.estado)).toEqual(['dispensada', 'atual']);
  });

  it('all finished: no current stage', () => {
    expect(progressLine([etapa(0, 'concluida'), etapa(1, 'concluida')]).map((p) => p.estado)).toEqual(['concluida', 'concluida']);
    expect(progressLine([])).toEqual([]);
  });
});

describe('passoLabel', () => {
  it('the current stage says whether it has started', () => {
    const [a, b] = progressLine([etapa(0, 'andamento'), etapa(1, 'pendente')]);
    expect(passoLabel(a)).toBe('Em andamento');
    expect(passoLabel(b)).toBe('Próxima etapa');
    expect(passoLabel(progressLine([etapa(0, 'pendente')])[0])).toBe('Etapa atual — a iniciar');
    expect(passoLabel(progressLine([etapa(0, 'concluida')])[0])).toBe('Concluída');
  });
});

describe('previsaoTexto', () => {
  it('a window, a single day, or nothing', () => {
    expect(previsaoTexto({ de: '2026-03-10', ate: '2026-03-14' })).toBe('entre 10/03/2026 e 14/03/2026');
    expect(previsaoTexto({ de: '2026-03-10', ate: '2026-03-10' })).toBe('em 10/03/2026');
    expect(previsaoTexto(null)).toBeNull();
  });
});
