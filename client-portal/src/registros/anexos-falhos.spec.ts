import { anexosFalhosTexto } from './anexos-falhos';

describe('anexosFalhosTexto', () => {
  it.each([
    [1, 'Um anexo não foi enviado. Você pode enviá-lo de novo nos detalhes do registro.'],
    [2, '2 anexos não foram enviados. Você pode enviá-los de novo nos detalhes do registro.'],
    [5, '5 anexos não foram enviados. Você pode enviá-los de novo nos detalhes do registro.'],
  ])('%d → %s', (n, text) => {
    expect(anexosFalhosTexto(n)).toBe(text);
  });
});
