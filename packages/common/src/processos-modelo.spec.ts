import { CHECKLIST_CHAVE_INVALIDA, checklistModeloErros } from './checklist-modelo';
import { MODELO_MAX_ETAPAS, validarEtapasModelo } from './processos-modelo';

const etapa = (nome: string, extra: Record<string, unknown> = {}) => ({ nome, responsavelTipo: 'escritorio', duracaoDiasUteis: 1, ...extra });

describe('validarEtapasModelo names the value it refuses', () => {
  it.each<[string, unknown, string, string | undefined]>([
    ['no stage', { etapas: [] }, 'O modelo precisa de pelo menos uma etapa.', 'etapas'],
    ['too many', { etapas: Array.from({ length: MODELO_MAX_ETAPAS + 1 }, (_, i) => etapa(`E${i}`)) }, `O modelo pode ter no máximo ${MODELO_MAX_ETAPAS} etapas.`, 'etapas'],
    ['a blank name', { etapas: [etapa('A'), etapa('  ')] }, 'Etapa 2: o nome é obrigatório e deve ter de 1 a 120 caracteres.', 'etapas.1.nome'],
    ['a bad responsável', { etapas: [etapa('A', { responsavelTipo: 'vizinho' })] }, 'Etapa 1: responsável inválido: use escritorio, cliente, junta, receita, estado, prefeitura, inpi.', 'etapas.0.responsavelTipo'],
    ['a fractional duration', { etapas: [etapa('A', { duracaoDiasUteis: 2.5 })] }, 'Etapa 1: a duração deve ser um número inteiro de 0 a 365 dias úteis.', 'etapas.0.duracaoDiasUteis'],
    ['no duration', { etapas: [etapa('A', { duracaoDiasUteis: null })] }, 'Etapa 1: a duração deve ser um número inteiro de 0 a 365 dias úteis.', 'etapas.0.duracaoDiasUteis'],
    ['a blank document key', { etapas: [etapa('A', { documentos: [' '] })] }, 'Etapa 1: cada documento deve ser a chave de um item do checklist (1 a 60 caracteres).', 'etapas.0.documentos'],
    ['a name used twice', { etapas: [etapa('Protocolo'), etapa('protocolo')] }, 'Etapa 2: já existe uma etapa chamada "protocolo" neste modelo.', 'etapas.1.nome'],
    ['an unknown field', { etapas: [etapa('A', { cor: 'azul' })] }, 'Etapa 1: campo não permitido: cor.', 'etapas.0'],
    ['a body that is not one', [], 'Envie { etapas: [...] }.', undefined],
  ])('%s', (_label, body, message, campo) => {
    const r = validarEtapasModelo(body);
    expect(r).toMatchObject({ message });
    expect('campo' in r ? r.campo : undefined).toBe(campo);
  });

  it('takes a clean template, names trimmed and empty document lists left out', () => {
    expect(validarEtapasModelo({ etapas: [etapa(' Viabilidade ', { documentos: [] })] })).toEqual({
      etapas: [{ nome: 'Viabilidade', responsavelTipo: 'escritorio', duracaoDiasUteis: 1 }],
    });
  });
});

describe('checklistModeloErros', () => {
  const item = (chave: string, nome = 'Documento', descricao: string | null = null) => ({ chave, nome, descricao, obrigatorio: true });

  it('takes keys of lower-case words joined by hyphens', () => {
    expect(checklistModeloErros([item('comprovante-endereco'), item('rg2', 'RG', 'Frente e verso')])).toEqual({});
  });

  it('says each refusal beside its item and field, as the server words it', () => {
    expect(
      checklistModeloErros([item('Procuração'), item('', ' '), item('ok', 'x'.repeat(201), 'y'.repeat(1001)), item('a'.repeat(61)), item('ok')]),
    ).toEqual({
      'itens.0.chave': CHECKLIST_CHAVE_INVALIDA,
      'itens.1.chave': 'O campo Chave é obrigatório',
      'itens.1.nome': 'O campo Nome é obrigatório',
      'itens.2.nome': 'O nome deve ter no máximo 200 caracteres.',
      'itens.2.descricao': 'A descrição deve ter no máximo 1000 caracteres.',
      'itens.3.chave': 'A chave deve ter no máximo 60 caracteres.',
      'itens.4.chave': 'A chave "ok" aparece mais de uma vez: cada item tem a sua.',
    });
  });

  it('refuses more than 50 items', () => {
    expect(checklistModeloErros(Array.from({ length: 51 }, (_, i) => item(`doc-${i}`)))).toEqual({ itens: 'No máximo 50 itens.' });
  });
});
