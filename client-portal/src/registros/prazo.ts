import { formatDateBR, type RegistroResponse } from '@veritas/common';

function diasUteis(n: number): string {
  return n === 1 ? '1 dia útil' : `${n} dias úteis`;
}

/** A registro's due date as the client reads it: when, how far, or why the clock is stopped. */
export function prazoText(r: RegistroResponse): string {
  if (r.encerradoEm) return `Encerrado em ${formatDateBR(r.encerradoEm)}`;
  if (r.prazoPausado) {
    const left = r.diasUteisRestantes !== null && r.diasUteisRestantes > 0 ? ` Restarão ${diasUteis(r.diasUteisRestantes)} quando o trabalho for retomado.` : '';
    return `Prazo suspenso: aguardando uma providência sua.${left}`;
  }
  if (!r.prazo) return 'Sem prazo definido';
  const date = formatDateBR(r.prazo);
  const n = r.diasUteisRestantes;
  if (r.vencido) return `${date} (prazo estimado ultrapassado)`;
  if (n === 0) return `${date} (hoje)`;
  return n !== null ? `${date} (${n === 1 ? 'falta' : 'faltam'} ${diasUteis(n)})` : date;
}
