import type { ProcessoModeloResponse } from '@veritas/common';
import { checarModelo, corpoDoChecklist, documentoChoices, etapaVazia, modeloValores, validarChecklist, validarModelo } from './modeloForm';

const modelo: ProcessoModeloResponse = {
  servico: 'certidao-simplificada',
  nome: 'Certidão Simplificada',
  etapas: [
    { nome: 'Pedido', responsavelTipo: 'escritorio', duracaoDiasUteis: 1 },
    { nome: 'Emissão', responsavelTipo: 'junta', duracaoDiasUteis: 2, documentos: ['procuracao'] },
  ],
  personalizado: false,
  atualizadoEm: null,
  atualizadoPor: null,
};

describe('the stage template form', () => {
  it('round-trips a template: the values the form starts from are what is sent back', () => {
    const v = modeloValores(modelo);
    expect(v.id).toBe('certidao-simplificada');
    expect(checarModelo(v)).toEqual({ etapas: modelo.etapas });
    expect(validarModelo(v)).toEqual({});
  });

  it('puts the shared rule’s refusal under the input it names', () => {
    const v = { etapas: [...modeloValores(modelo).etapas, etapaVazia()] };
    expect(validarModelo(v)).toEqual({ etapas: [undefined, undefined, { nome: 'Etapa 3: o nome é obrigatório e deve ter de 1 a 120 caracteres.' }] });
    const sem = { etapas: [{ ...etapaVazia(), nome: 'A', duracaoDiasUteis: null }] };
    expect(validarModelo(sem)).toEqual({ etapas: [{ duracaoDiasUteis: 'Etapa 1: a duração deve ser um número inteiro de 0 a 365 dias úteis.' }] });
    expect(validarModelo({ etapas: [] })).toEqual({ etapas: 'O modelo precisa de pelo menos uma etapa.' });
  });
});

describe('the checklist form', () => {
  it('says every refused item at once and sends trimmed texts', () => {
    const itens = [
      { chave: 'Procuração', nome: 'Procuração', descricao: null, obrigatorio: true },
      { chave: ' rg ', nome: ' RG ', descricao: '  ', obrigatorio: false },
    ];
    expect(validarChecklist({ itens })).toEqual({
      itens: [{ chave: 'Chave inválida: use letras minúsculas, dígitos e hífens (ex.: "comprovante-endereco").' }],
    });
    expect(corpoDoChecklist({ itens: [itens[1]] })).toEqual([{ chave: 'rg', nome: 'RG', descricao: null, obrigatorio: false }]);
  });

  it('offers the checklist keys by name, the usual ones and those the template already uses', () => {
    const choices = documentoChoices([{ chave: 'rg', nome: 'RG dos sócios', descricao: null, obrigatorio: true }], modelo.etapas);
    expect(choices[0]).toEqual({ id: 'rg', name: 'RG dos sócios (rg)' });
    expect(choices.map((c) => c.id)).toEqual(expect.arrayContaining(['identidade-cpf-socios', 'procuracao']));
    expect(new Set(choices.map((c) => c.id)).size).toBe(choices.length);
  });
});
