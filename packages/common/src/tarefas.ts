/** The background jobs as the Tarefas screen sees them (GET /api/tarefas, /api/tarefas/falhas). */

export interface UltimaExecucao {
  em: string;
  ok: boolean;
  duracaoMs: number;
  erro: string | null;
}

/** One recurring job. */
export interface TarefaResumo {
  nome: string;
  descricao: string;
  periodoSegundos: number;
  cron: string | null;
  /** ISO; null when the schedule does not say. */
  proximaExecucao: string | null;
  ultimaExecucao: UltimaExecucao | null;
}

/** A failed run, kept for the master (BullMQ's failed set with REDIS_URL, the process's memory otherwise). */
export interface TarefaFalha {
  _id: string;
  nome: string;
  erro: string;
  tentativas: number;
  criadaEm: string;
  falhouEm: string;
}

export interface TarefasEstado {
  modo: 'redis' | 'local';
  tarefas: TarefaResumo[];
  contagens: { aguardando: number; emExecucao: number; atrasadas: number; falhas: number };
}

/** "a cada 6 h", "a cada 5 min", "a cada 30 s"; a cron job shows its pattern ("agendada (cron 0 3 * * *)"). */
export function periodoTarefa(t: Pick<TarefaResumo, 'periodoSegundos' | 'cron'>): string {
  if (t.cron) return `agendada (cron ${t.cron})`;
  const s = t.periodoSegundos;
  if (s >= 3600 && s % 3600 === 0) return `a cada ${s / 3600} h`;
  if (s >= 60 && s % 60 === 0) return `a cada ${s / 60} min`;
  return `a cada ${s} s`;
}
