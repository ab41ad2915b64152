import { SERVICO_NOME_REQUIRED, SERVICO_VALOR_NEGATIVO, TIPO_NOME_REQUIRED, tipoClienteFormError } from './tipo-cliente';

describe('tipoClienteFormError', () => {
  it.each([
    ['  ', [], TIPO_NOME_REQUIRED],
    ['Simples', [{ nome: ' ', valor: 10 }], SERVICO_NOME_REQUIRED],
    ['Simples', [{ nome: 'Abertura', valor: '-0,01' }], SERVICO_VALOR_NEGATIVO],
    ['Simples', [{ nome: 'Abertura', valor: 'abc' }], null],
    ['Simples', [{ nome: 'Abertura', valor: '150,75' }, { nome: 'Baixa', valor: 0 }], null],
    ['Simples', [], null],
  ])('%j %j → %s', (nome, servicos, expected) => {
    expect(tipoClienteFormError(nome, servicos)).toBe(expected);
  });
});
