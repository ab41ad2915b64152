import { camposDeAbertura, juntaDoEstado } from './registro-abertura';

describe('juntaDoEstado (the Junta a new registro is filed with)', () => {
  it.each([
    ['RJ', 'SP', 'RJ'],
    [' mg ', 'SP', 'MG'],
    [null, 'PR', 'PR'],
    ['', 'ba', 'BA'],
    ['XX', 'RS', 'RS'],
    [undefined, 'XX', 'SP'],
    [null, '', 'SP'],
  ])('client %p, firm %p → %s', (cliente, firma, junta) => {
    expect(juntaDoEstado(cliente, firma)).toBe(junta);
  });
});

describe('camposDeAbertura (a new registro, by one request or the bulk path)', () => {
  it('is pendente with its clock running to the due date, the service and price copied, no stage yet', () => {
    const servico = { servico: 'certidao-simplificada', tipo: 'Certidão simplificada', valor: 120.5, slaDiasUteis: 3 };
    expect(
      camposDeAbertura({ numero: '2026-000001', clienteId: 'c1', servico, descricao: 'Pedido', responsavelId: null, prazo: '2026-03-13', juntaUf: 'SP' }),
    ).toEqual({
      numero: '2026-000001',
      clienteId: 'c1',
      servico: 'certidao-simplificada',
      tipo: 'Certidão simplificada',
      valor: 120.5,
      slaDiasUteis: 3,
      descricao: 'Pedido',
      status: 'pendente',
      responsavelId: null,
      prazo: '2026-03-13',
      pausadoEm: null,
      diasUteisRestantes: null,
      encerradoEm: null,
      juntaUf: 'SP',
      etapaAtual: null,
      etapaDesde: null,
    });
  });
});
