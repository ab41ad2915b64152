import { checarModelo, linhaVazia, moverLinha, paraLinhas } from './modeloEditor';

describe('the template editor', () => {
  it('round-trips a template through rows', () => {
    const linhas = paraLinhas([
      { nome: 'Viabilidade', responsavelTipo: 'prefeitura', duracaoDiasUteis: 2 },
      { nome: 'Protocolo', responsavelTipo: 'escritorio', duracaoDiasUteis: 1, documentos: ['identidade-cpf-socios'] },
    ]);
    expect(checarModelo(linhas)).toEqual({
      ok: true,
      etapas: [
        { nome: 'Viabilidade', responsavelTipo: 'prefeitura', duracaoDiasUteis: 2 },
        { nome: 'Protocolo', responsavelTipo: 'escritorio', duracaoDiasUteis: 1, documentos: ['identidade-cpf-socios'] },
      ],
    });
  });

  it('refuses with the shared rules: no stage, blank name, bad duration, repeated name', () => {
    expect(checarModelo([])).toEqual({ ok: false, message: 'O modelo precisa de pelo menos uma etapa.' });
    expect(checarModelo([{ ...linhaVazia(), nome: '  ' }])).toMatchObject({ ok: false, message: expect.stringContaining('Etapa 1: o nome é obrigatório') });
    expect(checarModelo([{ ...linhaVazia(), nome: 'A', duracao: '2,5' }])).toMatchObject({ ok: false, message: expect.stringContaining('número inteiro') });
    expect(checarModelo([{ ...linhaVazia(), nome: 'A' }, { ...linhaVazia(), nome: 'a' }])).toMatchObject({
      ok: false,
      message: 'Etapa 2: já existe uma etapa chamada "a" neste modelo.',
    });
  });

  it('moves rows up and down, never past the ends', () => {
    expect(moverLinha(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moverLinha(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moverLinha(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moverLinha(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
