import { ConflictException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RegistroStatus, todayInSaoPaulo, transitionRefusal } from '@veritas/common';
import type { RegistroHistorico } from './entities/registro-historico.entity';
import type { Registro } from './entities/registro.entity';
import type { MovimentoEtapa } from './registro-extensions';
import { Autor, historicoRow, LinhaHistorico } from './registro-historico.service';
import { statusMove } from './registro-status';
import type { ServicoResolvido } from './servicos.service';

/** One registro of the bulk path: a client, a catalogue service, and the status moves after opening. */
export interface RegistroEmLote {
  clienteId: string;
  servico: string;
  descricao: string;
  /** Its responsible person from the opening, as createRegistro takes one (and checks it). */
  responsavelId?: string | null;
  passos?: readonly PassoEmLote[];
  /**
   * When it was opened, if before now (a demo firm's history): its protocol takes that year's
   * number, its deadline counts from that day, and its steps come after it (never after now), as
   * its history lines and closing time say.
   */
  abertoEm?: Date;
  /**
   * Issue 11: its work followed its stages (moveEtapa) from its first step into andamento, which
   * starts the first stage, to its last step (or now while in progress): this many concluded in
   * order, the next one started. All of them only when it ends concluded (the last stage concludes
   * it); none moved when it never was in progress. Without it its stages stay as opened.
   */
  etapasConcluidas?: number;
}

/** A status move of the bulk path; `em` defaults to DIAS_POR_PASSO days after the step before. */
export interface PassoEmLote {
  status: RegistroStatus;
  nota?: string;
  em?: Date;
}

export const ETAPAS_CONCLUIDAS_INVALIDO = 'etapasConcluidas deve ser um número inteiro ≥ 0.';

/** Days between the steps of a registro opened in the past, unless a step says when (PassoEmLote.em). */
const DIAS_POR_PASSO = 3;

/** What createRegistrosEmLote resolved of an item before its transaction. */
export interface RegistroPronto {
  it: RegistroEmLote;
  servico: ServicoResolvido;
  juntaUf: string;
  prazo: string;
  aberto: Date;
  ano: number;
}

/** A status move made: from, to, its note and when. */
export interface PassoFeito {
  de: RegistroStatus;
  para: RegistroStatus;
  nota: string | null;
  em: Date;
}

/**
 * One bulk registro's `passos`, made in memory as changeStatus makes them (the transitions' table,
 * the clock on its Junta's calendar `days`, the closing time): each at its time, not before the
 * step before (or the opening) and not after now. `r` ends as its last step left it.
 */
export function passosEmLote(r: Registro, p: RegistroPronto, now: Date, today: string, days: ReadonlySet<string>): PassoFeito[] {
  const feitos: PassoFeito[] = [];
  let antes = p.aberto.getTime();
  for (const passo of p.it.passos ?? []) {
    const t = p.aberto === now ? now.getTime() : Math.min(now.getTime(), Math.max(antes, passo.em?.getTime() ?? antes + DIAS_POR_PASSO * 86_400_000));
    const quando = t === now.getTime() ? now : new Date(t);
    const from = r.status;
    const refusal = transitionRefusal(from, passo.status);
    if (refusal) throw new ConflictException(`${r.numero}: ${refusal}`);
    Object.assign(r, statusMove(r, passo.status, quando === now ? today : todayInSaoPaulo(quando), days, quando));
    feitos.push({ de: from, para: passo.status, nota: passo.nota ?? null, em: quando });
    antes = t;
  }
  return feitos;
}

/**
 * A bulk registro's history in the order one request at a time writes it: the opening and the
 * responsável, then its status steps and stage moves by time. A stage move that brings a status
 * (the first stage started, the last concluded) comes just before that status's line, which names
 * the stage (as transitionInTransaction's does) unless the step has a note of its own.
 */
export function historicoEmLote(
  m: EntityManager,
  r: Registro,
  aberto: Date,
  autor: Autor,
  responsaveis: ReadonlyMap<string, string>,
  passos: readonly PassoFeito[],
  etapas: readonly MovimentoEtapa[],
  nomeDoCliente?: string | null,
): RegistroHistorico[] {
  // Issue 52: staff opening a registro say for whom (registro-create.service writes the same line).
  const abertura = autor.tipo === 'equipe' ? `Aberto por ${autor.nome} em nome de ${nomeDoCliente ?? 'cliente'}.` : null;
  // Ranks at the same time: opening, responsável, the stage that starts the work, that status step, other stage moves, other steps.
  const eventos: { em: number; rank: number; linha: LinhaHistorico }[] = [
    { em: aberto.getTime(), rank: 0, linha: { evento: 'criacao', de: null, para: 'pendente', nota: abertura, notaVisivelCliente: true, visivelCliente: true } },
  ];
  if (r.responsavelId) {
    eventos.push({ em: aberto.getTime(), rank: 1, linha: { evento: 'responsavel', de: null, para: responsaveis.get(r.responsavelId) ?? null, nota: null, notaVisivelCliente: false, visivelCliente: false } });
  }
  for (const e of etapas) {
    eventos.push({ em: e.em.getTime(), rank: e.conduz === 'andamento' ? 2 : 4, linha: { evento: 'etapa', de: e.de, para: e.para, nota: e.nome, notaVisivelCliente: true, visivelCliente: true } });
  }
  const inicio = passos.find((p) => p.para === 'andamento');
  for (const p of passos) {
    const conduzido = p === inicio || p.para === 'concluido';
    const etapa = conduzido ? etapas.find((e) => e.conduz === p.para && e.em.getTime() === p.em.getTime()) : undefined;
    const nota = p.nota ?? (etapa ? `Etapa: ${etapa.nome}` : null);
    eventos.push({ em: p.em.getTime(), rank: p === inicio ? 3 : 5, linha: { evento: 'status', de: p.de, para: p.para, nota, notaVisivelCliente: !p.nota && !!etapa, visivelCliente: true } });
  }
  // A stable sort: same time and rank keep the order they were made in.
  eventos.sort((a, b) => a.em - b.em || a.rank - b.rank);
  return eventos.map((e, i) => {
    const linha = historicoRow(m, r.id, i + 1, autor, e.linha);
    linha.createdAt = new Date(e.em);
    return linha;
  });
}
