import {
  canTransition,
  CLIENTE_CANCEL_ONLY,
  clienteTransitionRefusal,
  formatProtocolo,
  isFinalStatus,
  isRegistroStatus,
  PROTOCOLO_PATTERN,
  prazoAfterTransition,
  REGISTRO_STATUS_LABELS,
  REGISTRO_STATUSES,
  RegistroStatus,
  SERVICOS_CATALOGO,
  faixaDiasUteis,
  prazoServico,
  SLA_PADRAO_DIAS_UTEIS,
  servicoPorCodigo,
  servicoPorNome,
  transitionRefusal,
} from './registro-status';

// Written out again on purpose: every one of the 25 moves, allowed or not, as the issue states it.
const ALLOWED: Record<RegistroStatus, RegistroStatus[]> = {
  pendente: ['andamento', 'recusado', 'cancelado'],
  andamento: ['concluido', 'cancelado', 'pendente'],
  concluido: [],
  cancelado: [],
  recusado: [],
};

const MOVES = REGISTRO_STATUSES.flatMap((from) => REGISTRO_STATUSES.map((to) => [from, to, ALLOWED[from].includes(to)] as const));

describe('the transition table', () => {
  it.each(MOVES)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
    const refusal = transitionRefusal(from, to);
    if (allowed) expect(refusal).toBeNull();
    else expect(refusal).toContain(REGISTRO_STATUS_LABELS[from]);
  });

  it('counts 6 allowed moves out of 25', () => {
    expect(MOVES.filter(([, , ok]) => ok)).toHaveLength(6);
  });

  it.each([
    ['concluido', true],
    ['cancelado', true],
    ['recusado', true],
    ['pendente', false],
    ['andamento', false],
  ] as const)('%s is final: %s', (s, final) => {
    expect(isFinalStatus(s)).toBe(final);
  });

  it('explains refusals in pt-BR with the labels', () => {
    expect(transitionRefusal('concluido', 'andamento')).toBe('O registro está Concluído e não pode mais mudar de status.');
    expect(transitionRefusal('pendente', 'concluido')).toBe(
      'Não é possível passar de Pendente para Concluído. A partir de Pendente: Em andamento, Recusado, Cancelado.',
    );
    expect(transitionRefusal('andamento', 'andamento')).toBe('O registro já está com o status Em andamento.');
  });

  it('has the labels of the issue', () => {
    expect(REGISTRO_STATUS_LABELS).toEqual({
      pendente: 'Pendente',
      andamento: 'Em andamento',
      concluido: 'Concluído',
      cancelado: 'Cancelado',
      recusado: 'Recusado',
    });
  });

  it.each([
    ['pendente', true],
    ['recusado', true],
    ['em andamento', false],
    ['Pendente', false],
    [null, false],
  ])('isRegistroStatus(%j) = %s', (v, ok) => {
    expect(isRegistroStatus(v)).toBe(ok);
  });
});

describe('what a client may do', () => {
  it.each(MOVES)('%s → %s', (from, to) => {
    const ok = from === 'pendente' && to === 'cancelado';
    expect(clienteTransitionRefusal(from, to)).toBe(ok ? null : CLIENTE_CANCEL_ONLY);
  });
});

describe('the services', () => {
  it.each([
    ['abertura-empresas', 15],
    ['alteracoes-contratuais', 7],
    ['certidao-simplificada', 3],
    ['certidao-inteiro-teor', 5],
    ['arquivamento-balancos', 30],
  ])('%s defaults to %i business days (the FAQ claims)', (codigo, dias) => {
    expect(servicoPorCodigo(codigo)?.slaDiasUteis).toBe(dias);
  });

  it('has unique codes and names, and a positive SLA for each', () => {
    expect(new Set(SERVICOS_CATALOGO.map((s) => s.codigo)).size).toBe(SERVICOS_CATALOGO.length);
    expect(new Set(SERVICOS_CATALOGO.map((s) => s.nome)).size).toBe(SERVICOS_CATALOGO.length);
    for (const s of SERVICOS_CATALOGO) expect(s.slaDiasUteis).toBeGreaterThan(0);
  });

  it('finds a service by name without case or accents', () => {
    expect(servicoPorNome('  alteracao contratual ')?.codigo).toBe('alteracoes-contratuais');
    expect(servicoPorNome('CERTIDÃO SIMPLIFICADA')?.codigo).toBe('certidao-simplificada');
    expect(servicoPorNome('Outro serviço')).toBeUndefined();
    expect(servicoPorNome('')).toBeUndefined();
  });
});

describe('protocol numbers', () => {
  it.each([
    [2026, 123, '2026-000123'],
    [2027, 1, '2027-000001'],
    [2027, 1234567, '2027-1234567'],
  ])('%i #%i → %s', (ano, seq, numero) => {
    expect(formatProtocolo(ano, seq)).toBe(numero);
    expect(numero).toMatch(PROTOCOLO_PATTERN);
  });
});

describe('the deadline clock', () => {
  const running = { prazo: '2027-02-12', pausadoEm: null, diasUteisRestantes: null };

  it('stops when the work waits on the client, keeping the business days left', () => {
    // On Friday 5 Feb 2027, due Friday 12 Feb: 10, 11, 12 are left (Carnaval skipped).
    expect(prazoAfterTransition(running, 'andamento', 'pendente', '2027-02-05')).toEqual({
      prazo: null,
      pausadoEm: '2027-02-05',
      diasUteisRestantes: 3,
    });
  });

  it('restarts with the same business days from the day it resumes', () => {
    const stopped = { prazo: null, pausadoEm: '2027-02-05', diasUteisRestantes: 3 };
    expect(prazoAfterTransition(stopped, 'pendente', 'andamento', '2027-03-24')).toEqual({
      prazo: '2027-03-30', // Thu 25, (Good Friday), Mon 29, Tue 30
      pausadoEm: null,
      diasUteisRestantes: null,
    });
  });

  it('keeps a late registro late after a stop', () => {
    const late = prazoAfterTransition({ ...running, prazo: '2027-02-03' }, 'andamento', 'pendente', '2027-02-05');
    expect(late.diasUteisRestantes).toBe(-2);
    expect(prazoAfterTransition(late, 'pendente', 'andamento', '2027-02-12').prazo).toBe('2027-02-10');
  });

  it.each([
    ['pendente', 'andamento'], // first start: the clock has been running since the request
    ['andamento', 'concluido'],
    ['pendente', 'cancelado'],
    ['pendente', 'recusado'],
  ] as const)('%s → %s leaves a running clock alone', (from, to) => {
    expect(prazoAfterTransition(running, from, to, '2027-02-05')).toEqual(running);
  });

  it('answers the three clock fields only, even when handed a whole row', () => {
    const row = { ...running, status: 'pendente', numero: '2027-000001' };
    expect(prazoAfterTransition(row, 'pendente', 'andamento', '2027-02-05')).toEqual(running);
  });
});

describe('service levels as the texts state them (one table, issue 10)', () => {
  it('words a range from the catalogue, its upper end being the due date', () => {
    expect(prazoServico('abertura-empresas')).toBe('de 5 a 15 dias úteis');
    expect(prazoServico('alteracoes-contratuais')).toBe('de 3 a 7 dias úteis');
    expect(faixaDiasUteis('certidao-simplificada')).toBe('1 a 3 dias úteis');
    expect(faixaDiasUteis('certidao-inteiro-teor')).toBe('2 a 5 dias úteis');
  });

  it('says "até" without a lower end, or when the server set the upper end at or below it', () => {
    expect(prazoServico('consultoria')).toBe('até 10 dias úteis');
    expect(prazoServico('abertura-empresas', 4)).toBe('até 4 dias úteis');
    expect(prazoServico('abertura-empresas', 20)).toBe('de 5 a 20 dias úteis');
    expect(prazoServico('servico-do-tipo', 1)).toBe('até 1 dia útil');
    expect(prazoServico('servico-do-tipo')).toBe(`até ${SLA_PADRAO_DIAS_UTEIS} dias úteis`);
  });

  it('keeps every lower end below its due date', () => {
    for (const s of SERVICOS_CATALOGO) if (s.slaMinDiasUteis !== undefined) expect(s.slaMinDiasUteis).toBeLessThan(s.slaDiasUteis);
  });
});
