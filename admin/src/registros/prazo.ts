import { formatDateBR, type RegistroResponse } from '@veritas/common';

/** How many business days ahead a due date counts as close (Prazos highlights them). */
export const PRAZO_PROXIMO_DIAS_UTEIS = 3;

export type PrazoTone = 'vencido' | 'proximo' | 'normal' | 'pausado' | 'encerrado';

export interface PrazoInfo {
  tone: PrazoTone;
  /** The date, or why there is none. */
  label: string;
  /** How far it is, in business days. */
  detail: string | null;
}

const dias = (n: number) => (n === 1 ? '1 dia útil' : `${n} dias úteis`);

/** A registro's due date for the staff: overdue, due within three business days, running, stopped or closed. */
export function prazoInfo(r: RegistroResponse): PrazoInfo {
  if (r.encerradoEm) return { tone: 'encerrado', label: `Encerrado em ${formatDateBR(r.encerradoEm)}`, detail: null };
  if (r.prazoPausado) {
    const left = r.diasUteisRestantes;
    return { tone: 'pausado', label: 'Suspenso (aguardando o cliente)', detail: left !== null ? `${dias(Math.max(left, 0))} restantes` : null };
  }
  if (!r.prazo) return { tone: 'normal', label: 'Sem prazo', detail: null };
  const n = r.diasUteisRestantes ?? 0;
  const label = formatDateBR(r.prazo);
  if (r.vencido) return { tone: 'vencido', label, detail: `Vencido há ${dias(Math.max(-n, 1))}` };
  if (n <= PRAZO_PROXIMO_DIAS_UTEIS) return { tone: 'proximo', label, detail: n === 0 ? 'Vence hoje' : `Vence em ${dias(n)}` };
  return { tone: 'normal', label, detail: `${dias(n)} restantes` };
}
