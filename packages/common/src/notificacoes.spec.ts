import { categoriaDoEvento, NOTIFICACAO_CATEGORIAS, NOTIFICACAO_EVENTOS } from './notificacoes';

describe('notice categories', () => {
  it.each([
    ['registro.status', 'andamento'],
    ['processo.exigencia', 'andamento'],
    ['processo.documento-recusado', 'documentos'],
    ['cobranca.lembrete', 'cobrancas'],
    ['agenda.convite', 'agenda'],
  ])('%s is turned off with %s', (evento, categoria) => {
    expect(categoriaDoEvento(evento)).toBe(categoria);
  });

  it.each(['senha.redefinicao', 'cliente.boas-vindas', 'titular.eliminacao', 'titular.correcao', 'um.evento-novo', '', null])('%s is always sent', (evento) => {
    expect(categoriaDoEvento(evento)).toBeNull();
  });

  it('lists each event in one category only', () => {
    const all = NOTIFICACAO_CATEGORIAS.flatMap((c) => NOTIFICACAO_EVENTOS[c]);
    expect(new Set(all).size).toBe(all.length);
  });
});
