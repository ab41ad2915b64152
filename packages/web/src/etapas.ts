/*
 * A registro's stages as the client's progress line (issue 11): what is done, what is happening
 * now, what comes next and what comes after. Shared so any screen draws the same line.
 */
import type { EtapaResponse } from '@veritas/common';

export type PassoEstado = 'concluida' | 'dispensada' | 'atual' | 'proxima' | 'futura';

export interface PassoLinha {
  etapa: EtapaResponse;
  estado: PassoEstado;
}

export const PASSO_ESTADO_LABELS: Readonly<Record<PassoEstado, string>> = {
  concluida: 'Concluída',
  dispensada: 'Dispensada',
  atual: 'Etapa atual',
  proxima: 'Próxima etapa',
  futura: 'A seguir',
};

/** The word beside a stage: the current one says whether it has started. */
export function passoLabel(p: PassoLinha): string {
  if (p.estado === 'atual' && p.etapa.status === 'andamento') return 'Em andamento';
  if (p.estado === 'atual') return 'Etapa atual — a iniciar';
  return PASSO_ESTADO_LABELS[p.estado];
}

/**
 * The stages in order, each marked: finished ones as they ended; the first unfinished is the
 * current one (even if not started yet: it is what the process waits on); the one after it is the next.
 */
export function progressLine(etapas: readonly EtapaResponse[]): PassoLinha[] {
  const ordered = [...etapas].sort((a, b) => a.ordem - b.ordem);
  let atual = -1;
  return ordered.map((etapa, i) => {
    if (etapa.status === 'concluida' || etapa.status === 'dispensada') return { etapa, estado: etapa.status };
    if (atual === -1) {
      atual = i;
      return { etapa, estado: 'atual' };
    }
    return { etapa, estado: i === atual + 1 ? 'proxima' : 'futura' };
  });
}

/** The "previsão" window as pt-BR text: "entre 10/03/2026 e 14/03/2026" (one date when both ends agree). */
export function previsaoTexto(janela: { de: string; ate: string } | null | undefined): string | null {
  if (!janela) return null;
  const br = (iso: string) => {
    const [y, m, d] = iso.slice(0, 10).split('-');
    return `${d}/${m}/${y}`;
  };
  return janela.de === janela.ate ? `em ${br(janela.de)}` : `entre ${br(janela.de)} e ${br(janela.ate)}`;
}
