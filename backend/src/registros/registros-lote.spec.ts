import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { RegistroHistorico } from './entities/registro-historico.entity';
import type { Registro } from './entities/registro.entity';
import type { MovimentoEtapa } from './registro-extensions';
import { historicoEmLote, passosEmLote, RegistroPronto } from './registros-lote';

const DIA = 86_400_000;
const NOW = new Date('2026-03-20T15:00:00Z');
const TODAY = '2026-03-20';
const SEM_FERIADOS: ReadonlySet<string> = new Set();
const autor = { tipo: 'equipe' as const, id: 'u1', nome: 'Ana Diretora' };

const novo = (over: Partial<Registro> = {}): Registro =>
  ({ id: 'r1', numero: '2026-000007', status: 'pendente', prazo: '2026-03-25', pausadoEm: null, diasUteisRestantes: null, exigenciaPrazo: null, pausaExigencia: false, encerradoEm: null, responsavelId: null, ...over }) as Registro;

const pronto = (aberto: Date, passos: RegistroPronto['it']['passos']): RegistroPronto => ({
  it: { clienteId: 'c1', servico: 'certidao-simplificada', descricao: 'Pedido', passos },
  servico: { servico: 'certidao-simplificada', tipo: 'Certidão', valor: null, slaDiasUteis: 3 },
  juntaUf: 'SP',
  prazo: '2026-03-25',
  aberto,
  ano: 2026,
});

describe('passosEmLote (the bulk path moves a registro as changeStatus would)', () => {
  it('spaces the steps three days apart from the opening, never after now, and closes it at its last step', () => {
    const aberto = new Date(NOW.getTime() - 5 * DIA);
    const r = novo();
    const feitos = passosEmLote(r, pronto(aberto, [{ status: 'andamento' }, { status: 'concluido', nota: 'Entregue' }]), NOW, TODAY, SEM_FERIADOS);
    expect(feitos).toEqual([
      { de: 'pendente', para: 'andamento', nota: null, em: new Date(aberto.getTime() + 3 * DIA) },
      { de: 'andamento', para: 'concluido', nota: 'Entregue', em: NOW },
    ]);
    expect(r.status).toBe('concluido');
    expect(r.encerradoEm).toBe(NOW);
  });

  it('a step dated before the one before it happens with it', () => {
    const aberto = new Date(NOW.getTime() - 10 * DIA);
    const cedo = new Date(aberto.getTime() - DIA);
    const feitos = passosEmLote(novo(), pronto(aberto, [{ status: 'andamento', em: cedo }]), NOW, TODAY, SEM_FERIADOS);
    expect(feitos[0].em).toEqual(aberto);
  });

  it('refuses a move the transitions table refuses, naming the protocol (409)', () => {
    expect(() => passosEmLote(novo(), pronto(NOW, [{ status: 'concluido' }]), NOW, TODAY, SEM_FERIADOS)).toThrow(
      expect.objectContaining({ status: 409, message: expect.stringMatching(/^2026-000007: /) }),
    );
  });
});

describe('historicoEmLote (the lines in the order one request at a time writes them)', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [RegistroHistorico] }).initialize();
  });
  afterAll(() => ds.destroy());

  it('opening, responsável, the stage that starts the work, that status step naming it, later moves by time', () => {
    const aberto = new Date('2026-03-01T12:00:00Z');
    const inicio = new Date('2026-03-04T12:00:00Z');
    const fim = new Date('2026-03-09T12:00:00Z');
    const etapas: MovimentoEtapa[] = [
      { em: fim, nome: 'Protocolo', de: 'andamento', para: 'concluida', conduz: 'concluido' },
      { em: inicio, nome: 'Protocolo', de: 'pendente', para: 'andamento', conduz: 'andamento' },
    ];
    const passos = [
      { de: 'pendente' as const, para: 'andamento' as const, nota: null, em: inicio },
      { de: 'andamento' as const, para: 'concluido' as const, nota: 'Registro entregue', em: fim },
    ];
    const linhas = historicoEmLote(ds.manager, novo({ responsavelId: 'u2' }), aberto, autor, new Map([['u2', 'Bruno Associado']]), passos, etapas, 'Padaria Pão Quente Ltda');
    expect(linhas.map((l) => [l.ordem, l.evento, l.de, l.para, l.nota, l.notaVisivelCliente, l.visivelCliente])).toEqual([
      [1, 'criacao', null, 'pendente', `Aberto por ${autor.nome} em nome de Padaria Pão Quente Ltda.`, true, true],
      [2, 'responsavel', null, 'Bruno Associado', null, false, false],
      [3, 'etapa', 'pendente', 'andamento', 'Protocolo', true, true],
      [4, 'status', 'pendente', 'andamento', 'Etapa: Protocolo', true, true],
      [5, 'etapa', 'andamento', 'concluida', 'Protocolo', true, true],
      [6, 'status', 'andamento', 'concluido', 'Registro entregue', false, true],
    ]);
    expect(linhas.map((l) => l.createdAt)).toEqual([aberto, aberto, inicio, inicio, fim, fim]);
    expect(linhas.every((l) => l.registroId === 'r1' && l.autorNome === 'Ana Diretora' && l.autorTipo === 'equipe')).toBe(true);
  });
});
