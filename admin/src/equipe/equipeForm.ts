/*
 * Equipe's forms (issue 13): who may be chosen in Reatribuir, and which input each refusal of the
 * server belongs to, so that it shows beside it.
 */
import { type AusenciaInput, type PessoaCargaResponse, worksRegistros } from '@veritas/common';

export const PERIODOS = ['7d', '30d', 'mes', 'ano'] as const;
export type Periodo = (typeof PERIODOS)[number];

/** The period in the address, or the default (the last 30 days). */
export const periodoDe = (v: string | null): Periodo => (PERIODOS as readonly string[]).includes(v ?? '') ? (v as Periodo) : '30d';

export interface ReatribuirValores {
  de: string;
  para: string;
  ids: string[];
}

/** "De": whoever has open registros (and the one chosen, while the list refreshes). */
export const deOpcoes = (pessoas: readonly PessoaCargaResponse[], de: string) => pessoas.filter((p) => p.abertos > 0 || p.id === de);

/**
 * "Para": those the server lets receive registros: who works them (the access table's
 * registros.work, so no Financeiro or Suporte alone), not away today, not "de".
 */
export const paraOpcoes = (pessoas: readonly PessoaCargaResponse[], de: string) =>
  pessoas.filter((p) => p.id !== de && !p.ausencia && worksRegistros(p.permissions));

/** The input a refusal of POST /api/registros/reatribuir is about. */
export function campoDaReatribuicao(message: string): keyof ReatribuirValores | null {
  if (/^(de inválido|O campo de é)/.test(message)) return 'de';
  if (/^(Id de registro|Informe ao menos um registro|No máximo \d+ registros|ids )/.test(message)) return 'ids';
  if (/^(para inválido|O campo para é)|"para"|ausente|responsável/i.test(message)) return 'para';
  return null;
}

/** The input a refusal of POST /api/equipe/:userId/ausencias is about (an overlap: the first day). */
export function campoDaAusencia(message: string): keyof AusenciaInput | null {
  if (/^(O campo Tipo|Tipo inválido)/.test(message)) return 'tipo';
  if (/^(O campo Até|Até inválida)|último dia/.test(message)) return 'ate';
  if (/^(O campo De|De inválida)|sobrepõe/.test(message)) return 'de';
  if (/nota/i.test(message)) return 'nota';
  return null;
}

/** What is sent: a blank note is none. */
export const ausenciaPayload = (v: AusenciaInput): AusenciaInput => ({ tipo: v.tipo, de: v.de, ate: v.ate, nota: v.nota?.trim() || null });
