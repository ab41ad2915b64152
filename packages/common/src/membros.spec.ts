import { autorMembro, capacidadesDe, capacidadesProblem, papelProblem, temCapacidade, type Capacidade, type PapelMembro } from './membros';

describe('members of a client company (ADR 0058)', () => {
  const table: [PapelMembro, string[] | null, Capacidade[]][] = [
    ['responsavel', null, ['solicitar', 'cobrancas', 'enviar_documentos', 'ver_documentos', 'membros']],
    ['responsavel', [], ['solicitar', 'cobrancas', 'enviar_documentos', 'ver_documentos', 'membros']],
    ['socio', null, ['solicitar', 'cobrancas', 'enviar_documentos', 'ver_documentos']],
    ['contador', null, ['cobrancas', 'enviar_documentos', 'ver_documentos']],
    ['contador', ['enviar_documentos', 'ver_documentos'], ['enviar_documentos', 'ver_documentos']],
    ['colaborador', null, ['enviar_documentos', 'ver_documentos']],
    ['colaborador', ['membros', 'solicitar', 'x'], ['solicitar']],
    ['socio', [], []],
  ];
  it.each(table)('%s with %j may %j', (papel, escolhidas, esperadas) => {
    expect(capacidadesDe(papel, escolhidas)).toEqual(esperadas);
  });

  it('asks the member, never a missing one', () => {
    expect(temCapacidade({ capacidades: ['cobrancas'] }, 'cobrancas')).toBe(true);
    expect(temCapacidade({ capacidades: ['ver_documentos'] }, 'cobrancas')).toBe(false);
    expect(temCapacidade(null, 'ver_documentos')).toBe(false);
  });

  it('names the author with the role', () => {
    expect(autorMembro({ nome: 'Ana Souza', papel: 'contador' })).toBe('Ana Souza (Contador)');
    expect(autorMembro({ nome: 'João', papel: 'responsavel' })).toBe('João (Responsável)');
  });

  it.each([
    ['socio', null],
    ['dono', 'Papel inválido: use responsavel, socio, contador, colaborador.'],
    [3, 'Papel inválido: use responsavel, socio, contador, colaborador.'],
  ])('role %j', (v, problem) => expect(papelProblem(v)).toBe(problem));

  it.each([
    [['cobrancas'], null],
    [[], null],
    [['membros'], 'Capacidade inválida: use solicitar, cobrancas, enviar_documentos, ver_documentos.'],
    ['cobrancas', 'Capacidades inválidas.'],
  ])('capacities %j', (v, problem) => expect(capacidadesProblem(v)).toBe(problem));
});
