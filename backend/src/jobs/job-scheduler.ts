import type { TarefaFalha, TarefasEstado } from '@veritas/common';
import type { PeriodicJob } from '../common/periodic-job';

export type { TarefaFalha, TarefasEstado };

/**
 * Runs the server's recurring jobs (reminders, sweeps, retention, backups, the mail outbox's poll).
 * Without REDIS_URL each process keeps its own clock (the embedded single-box mode); with it every
 * job is a BullMQ job scheduler, so each period runs once across all replicas, with retries and
 * backoff, and failed runs are kept for the Tarefas screen. Replicas started with
 * BACKGROUND_JOBS=false schedule and run nothing.
 */
export abstract class JobScheduler {
  /** Registers the job and starts its clock (`now`: a first pass right away). */
  abstract schedule(job: PeriodicJob, options?: { now?: boolean }): void;
  /** Resolves when this process's run of `name` in progress, if any, has finished. */
  abstract idle(name: string): Promise<void>;
  abstract state(): Promise<TarefasEstado>;
  abstract failures(offset: number, limit: number): Promise<{ rows: TarefaFalha[]; total: number }>;
  /** Queues (or starts) a run of `name` now; false when no such job is scheduled here. */
  abstract runNow(name: string): Promise<boolean>;
  /** Runs a failed job again; false when there is no such failure. */
  abstract retry(id: string): Promise<boolean>;
  abstract discard(id: string): Promise<boolean>;
  /** Stops the clocks (or the worker) after the runs in progress finish. */
  abstract close(): Promise<void>;
}

/** The pt-BR description of each job the screen knows; a job not listed shows its name. */
export const TAREFA_DESCRICOES: Record<string, string> = {
  MailOutbox: 'Fila de e-mails: envia os pendentes e as novas tentativas.',
  MailSpool: 'E-mails recebidos na fila (spool): guarda nas caixas os que um processo interrompido deixou.',
  MailOrphanSweep: 'Remove do armazenamento os arquivos de e-mail que nenhum registro conhece.',
  DocumentosVarredura: 'Remove do armazenamento os arquivos de documentos que nenhum registro conhece.',
  AgendaLembretes: 'Lembretes por e-mail dos compromissos da Agenda.',
  'financas-lembretes': 'Lembretes por e-mail das cobranças em aberto.',
  AuditoriaRetencao: 'Apaga as entradas da auditoria mais antigas que o prazo de retenção.',
  ContatoRetencao: 'Apaga as mensagens de contato mais antigas que o prazo de retenção.',
  TitularesExportacoes: 'Remove as exportações de dados vencidas e retoma as interrompidas.',
  Backup: 'Cópia de segurança agendada (BACKUP_CRON).',
};
