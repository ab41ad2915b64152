import type { PessoaCargaResponse } from '@veritas/common';
import { ausenciaPayload, campoDaAusencia, campoDaReatribuicao, deOpcoes, paraOpcoes, periodoDe } from './equipeForm';

function pessoa(id: string, permissions: string[], extra: Partial<PessoaCargaResponse> = {}): PessoaCargaResponse {
  return {
    id,
    nomeCompleto: id,
    username: id,
    email: `${id}@veritas.com.br`,
    permissions,
    userType: 'associado',
    abertos: 0,
    vencidos: 0,
    venceEm5DiasUteis: 0,
    concluidosNoPeriodo: 0,
    leadTimeMedianoDiasUteis: null,
    etapasAguardando: 0,
    exigenciasAbertas: 0,
    ausencia: null,
    ...extra,
  };
}

const ferias = { id: 'a1', userId: 'carla', tipo: 'ferias' as const, de: '2026-01-01', ate: '2026-01-10', nota: null };
const equipe = [
  pessoa('ana', ['Diretoria'], { abertos: 2 }),
  pessoa('bruno', ['Associados'], { abertos: 3 }),
  pessoa('carla', ['Associados'], { ausencia: ferias }),
  pessoa('dora', ['Financeiro']),
  pessoa('edu', ['Suporte']),
  pessoa('fabi', ['Associados', 'Financeiro']),
];

describe('Reatribuir offers only whom the server accepts', () => {
  it('"Para": those who work registros, not away today, not "de" — never Financeiro or Suporte alone', () => {
    expect(paraOpcoes(equipe, 'bruno').map((p) => p.id)).toEqual(['ana', 'fabi']);
    expect(paraOpcoes(equipe, '').map((p) => p.id)).toEqual(['ana', 'bruno', 'fabi']);
  });

  it('"De": whoever has open registros, and the one chosen', () => {
    expect(deOpcoes(equipe, '').map((p) => p.id)).toEqual(['ana', 'bruno']);
    expect(deOpcoes(equipe, 'edu').map((p) => p.id)).toEqual(['ana', 'bruno', 'edu']);
  });
});

describe('a refusal of the server lands on its input', () => {
  it.each([
    ['Escolha pessoas diferentes em "de" e "para".', 'para'],
    ['A pessoa escolhida está ausente (férias) de 01/01/2026 a 10/01/2026; escolha outra pessoa.', 'para'],
    ['O responsável precisa ser um usuário que trabalha registros (Master, Diretoria ou Associado); Financeiro e Suporte apenas os consultam.', 'para'],
    ['Responsável não encontrado: informe um usuário da equipe.', 'para'],
    ['de inválido: informe o id de um usuário.', 'de'],
    ['Id de registro inválido.', 'ids'],
    ['Você não tem permissão para esta ação.', null],
  ])('reatribuir: %s → %s', (message, campo) => {
    expect(campoDaReatribuicao(message)).toBe(campo);
  });

  it.each([
    ['O último dia da ausência deve ser igual ou posterior ao primeiro.', 'ate'],
    ['Já há uma ausência (férias) de 01/01/2026 a 10/01/2026 que se sobrepõe a este período.', 'de'],
    ['De inválida: use o formato AAAA-MM-DD.', 'de'],
    ['O campo Até é obrigatório', 'ate'],
    ['Tipo inválido: use ferias, licenca ou outro.', 'tipo'],
    ['A nota deve ter no máximo 200 caracteres.', 'nota'],
    ['Usuário não encontrado.', null],
  ])('ausência: %s → %s', (message, campo) => {
    expect(campoDaAusencia(message)).toBe(campo);
  });
});

it('keeps a known period from the address, else the last 30 days; a blank note is none', () => {
  expect([periodoDe('ano'), periodoDe('x'), periodoDe(null)]).toEqual(['ano', '30d', '30d']);
  expect(ausenciaPayload({ tipo: 'licenca', de: '2026-02-01', ate: '2026-02-02', nota: '  ' })).toEqual({ tipo: 'licenca', de: '2026-02-01', ate: '2026-02-02', nota: null });
});
