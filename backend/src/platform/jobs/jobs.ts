import type { TarefaFalha, TarefasEstado, UltimaExecucao } from '@veritas/common';
import { runInContext } from '../request';

export type { TarefaFalha, TarefasEstado, UltimaExecucao };

/**
 * Work the server does by itself on a clock (reminders, sweeps, retention, backups, the outbox's
 * poll). `runOnce(now)` is one pass: what the clock runs, what "Executar agora" runs, and what the
 * tests call through `app.get(...)`.
 */
export interface PeriodicJob {
  readonly name: string;
  /** Every this many milliseconds (a job on a calendar ignores it). */
  readonly everyMs: number;
  /** On a calendar instead (BACKUP_CRON): a cron pattern read on the `tz` clock. */
  readonly cron?: { pattern: string; tz: string };
  /**
   * A failed pass is tried again JOBS_ATTEMPTS times, waiting JOBS_BACKOFF_SECONDS and doubling, before
   * the next period (BullMQ does so for every job with REDIS_URL; the embedded mode for jobs that ask,
   * whose next period is far: the nightly backup).
   */
  readonly retryOnFailure?: boolean;
  runOnce(now: Date): Promise<unknown>;
}

/**
 * Runs the server's recurring jobs. Without REDIS_URL each process keeps its own clock
 * (@nestjs/schedule, the embedded single-box mode); with it every job is a BullMQ job scheduler
 * (@nestjs/bullmq), so each period runs once across all replicas, with retries and backoff, and
 * failed runs are kept for the Tarefas screen. Replicas started with BACKGROUND_JOBS=false
 * schedule and run nothing.
 */
export abstract class JobScheduler {
  /** This process's passes in progress, by job name: never two of one job at once here. */
  private readonly running = new Map<string, Promise<UltimaExecucao>>();

  /** Registers the job and starts its clock (`now`: a first pass right away, not a period later). */
  abstract schedule(job: PeriodicJob, options?: { now?: boolean }): void;
  abstract state(): Promise<TarefasEstado>;
  abstract failures(offset: number, limit: number): Promise<{ rows: TarefaFalha[]; total: number }>;
  /** Queues (or starts) a run of `name` now; false when no such job is scheduled here. */
  abstract runNow(name: string): Promise<boolean>;
  /** Runs a failed job again; false when there is no such failure. */
  abstract retry(id: string): Promise<boolean>;
  abstract discard(id: string): Promise<boolean>;

  /** Resolves when this process's pass of `name` in progress, if any, has finished. */
  async idle(name: string): Promise<void> {
    await this.running.get(name);
  }

  /** Resolves when every pass in progress in this process has finished (before the database closes). */
  protected async allIdle(): Promise<void> {
    await Promise.all(this.running.values());
  }

  /**
   * One pass of `job` in a context of its own (its log lines carry `requestId`); null when one is
   * already running in this process. Never rejects: the outcome says how it went.
   */
  protected pass(job: PeriodicJob, requestId: string): Promise<UltimaExecucao> | null {
    if (this.running.has(job.name)) return null;
    const startedAt = new Date();
    const outcome = (ok: boolean, erro: string | null): UltimaExecucao => ({ em: startedAt.toISOString(), ok, duracaoMs: Date.now() - startedAt.getTime(), erro });
    const run = runInContext({ requestId }, () => job.runOnce(startedAt)).then(
      () => outcome(true, null),
      (err: unknown) => outcome(false, (err instanceof Error ? err.message : String(err)).slice(0, 1000)),
    );
    this.running.set(job.name, run);
    void run.finally(() => this.running.delete(job.name));
    return run;
  }
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
  AuditoriaPontoDeControle: 'Grava, fora do banco, um ponto de controle assinado do fim da trilha de auditoria.',
  ContatoRetencao: 'Apaga as mensagens de contato mais antigas que o prazo de retenção.',
  AvisosPrazos: 'Avisa no sino do painel o responsável pelas exigências e prazos que vencem em até 5 dias úteis (uma vez por item).',
  FilaSaidaRetencao: 'Descarta o conteúdo dos e-mails do sistema que falharam e ficaram sem reenvio pelo prazo de retenção.',
  TitularesExportacoes: 'Remove as exportações de dados vencidas e retoma as interrompidas.',
  Backup: 'Cópia de segurança agendada (BACKUP_CRON).',
};
