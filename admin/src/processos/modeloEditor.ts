/*
 * The board's stage-template editor (Configurações → Processos): rows as typed, moved and checked
 * with the shared rules before the server checks them again.
 */
import { type EtapaModelo, type ResponsavelTipo, validarEtapasModelo } from '@veritas/common';

export interface LinhaModelo {
  /** Stable key for React while rows move. */
  key: string;
  nome: string;
  responsavelTipo: ResponsavelTipo;
  /** As typed (the field is text until saved). */
  duracao: string;
  documentos: string[];
}

let seq = 0;
export const novaChave = () => `linha-${++seq}`;

export function paraLinhas(etapas: readonly EtapaModelo[]): LinhaModelo[] {
  return etapas.map((e) => ({
    key: novaChave(),
    nome: e.nome,
    responsavelTipo: e.responsavelTipo,
    duracao: String(e.duracaoDiasUteis),
    documentos: [...(e.documentos ?? [])],
  }));
}

export function linhaVazia(): LinhaModelo {
  return { key: novaChave(), nome: '', responsavelTipo: 'escritorio', duracao: '1', documentos: [] };
}

/** The list with row `i` moved by `delta` (−1 up, +1 down); unchanged at the ends. */
export function moverLinha<T>(linhas: readonly T[], i: number, delta: -1 | 1): T[] {
  const j = i + delta;
  if (i < 0 || i >= linhas.length || j < 0 || j >= linhas.length) return [...linhas];
  const next = [...linhas];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** The body to send, or the first reason (pt-BR) the shared rules give to refuse it. */
export function checarModelo(linhas: readonly LinhaModelo[]): { ok: true; etapas: EtapaModelo[] } | { ok: false; message: string } {
  const etapas = linhas.map((l) => ({
    nome: l.nome,
    responsavelTipo: l.responsavelTipo,
    // '' or '2,5' must fail as the server would: only a whole number passes.
    duracaoDiasUteis: /^\d+$/.test(l.duracao.trim()) ? Number(l.duracao.trim()) : Number.NaN,
    ...(l.documentos.length ? { documentos: l.documentos } : {}),
  }));
  const r = validarEtapasModelo({ etapas });
  return 'etapas' in r ? { ok: true, etapas: r.etapas } : { ok: false, message: r.message };
}
