import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config';
import { JobScheduler, PeriodicJob, TAREFA_DESCRICOES, type TarefaFalha, type TarefasEstado, type UltimaExecucao } from './jobs';

/** Failed runs this process remembers (the embedded mode has one process; the log has them all). */
const MAX_FALHAS = 200;

interface Entry {
  job: PeriodicJob;
  /** When the clock fires next. */
  nextAt: () => Date | null;
  last: UltimaExecucao | null;
  /** A retry of a failed pass is waiting (retryOnFailure): when, and its timer. */
  retry: { at: Date; timer: NodeJS.Timeout } | null;
}

/**
 * The embedded mode (no REDIS_URL): each job on this process's clock, kept in @nestjs/schedule's
 * SchedulerRegistry: an interval, or a cron job for a job on a calendar. A pass that fails is
 * logged, kept in memory for the Tarefas screen and tried again at the next period; a job with
 * `retryOnFailure` (the backup) is tried again sooner, JOBS_ATTEMPTS times in all, waiting
 * JOBS_BACKOFF_SECONDS and doubling, its failure showing the tries made and the next one.
 */
@Injectable()
export class LocalJobScheduler extends JobScheduler implements OnModuleDestroy {
  private readonly jobs = new Map<string, Entry>();
  private readonly falhas: (TarefaFalha & { job: string })[] = [];
  private closing = false;

  constructor(
    private readonly registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  schedule(job: PeriodicJob, options: { now?: boolean } = {}): void {
    if (!this.config.scale.backgroundJobs || this.closing || this.jobs.has(job.name)) return;
    const entry: Entry = { job, nextAt: () => null, last: null, retry: null };
    this.jobs.set(job.name, entry);
    if (job.cron) {
      const cron = CronJob.from({ cronTime: job.cron.pattern, timeZone: job.cron.tz, onTick: () => void this.tick(entry), start: true, unrefTimeout: true });
      this.registry.addCronJob(job.name, cron);
      entry.nextAt = () => cron.nextDate().toJSDate();
    } else {
      let nextAt = Date.now() + (options.now ? 0 : job.everyMs);
      const timer = setInterval(() => {
        nextAt = Date.now() + job.everyMs;
        void this.tick(entry);
      }, job.everyMs);
      // The clock never keeps the process alive by itself.
      timer.unref();
      this.registry.addInterval(job.name, timer);
      entry.nextAt = () => new Date(nextAt);
    }
    if (options.now) setImmediate(() => void this.tick(entry));
  }

  /**
   * One pass now (unless one is running); its outcome is the job's last run, and a failure is kept
   * (one per run of the clock: its retries update it, a retry that succeeds removes it).
   */
  private async tick(entry: Entry, attempt = 1, falha: (TarefaFalha & { job: string }) | null = null): Promise<void> {
    const run = this.closing ? null : this.pass(entry.job, `tarefa-${entry.job.name}-${randomUUID()}`);
    if (!run) return;
    if (attempt === 1 && entry.retry) {
      clearTimeout(entry.retry.timer);
      entry.retry = null;
    }
    const last = (entry.last = await run);
    // The retried failure leaves the list (unless discarded meanwhile): it comes back updated if this try fails too.
    if (falha && this.falhas.includes(falha)) this.falhas.splice(this.falhas.indexOf(falha), 1);
    if (last.ok) return;
    const retries = !!entry.job.retryOnFailure && attempt < this.config.jobs.attempts && !this.closing;
    new Logger(entry.job.name).error(`Falha (tentativa ${attempt}${entry.job.retryOnFailure ? ` de ${this.config.jobs.attempts}` : ''}): ${last.erro}`);
    const now = new Date().toISOString();
    const kept = falha ? Object.assign(falha, { erro: last.erro!, tentativas: attempt, falhouEm: now }) : { _id: randomUUID(), job: entry.job.name, nome: entry.job.name, erro: last.erro!, tentativas: attempt, criadaEm: last.em, falhouEm: now };
    this.falhas.unshift(kept);
    this.falhas.length = Math.min(this.falhas.length, MAX_FALHAS);
    if (!retries) return;
    const wait = this.config.jobs.backoffMs * 2 ** (attempt - 1);
    const timer = setTimeout(() => {
      entry.retry = null;
      void this.tick(entry, attempt + 1, kept);
    }, wait);
    // The clock never keeps the process alive by itself.
    timer.unref();
    entry.retry = { at: new Date(Date.now() + wait), timer };
  }

  async state(): Promise<TarefasEstado> {
    const tarefas = [...this.jobs.values()].map(({ job, nextAt, last, retry }) => ({
      nome: job.name,
      descricao: TAREFA_DESCRICOES[job.name] ?? job.name,
      periodoSegundos: Math.round(job.everyMs / 1000),
      cron: job.cron?.pattern ?? null,
      // A retry waiting comes before the clock's next run.
      proximaExecucao: (retry?.at ?? nextAt())?.toISOString() ?? null,
      ultimaExecucao: last,
    }));
    const retrying = [...this.jobs.values()].filter((e) => e.retry).length;
    return { modo: 'local', tarefas, contagens: { aguardando: 0, emExecucao: 0, atrasadas: retrying, falhas: this.falhas.length } };
  }

  async failures(offset: number, limit: number): Promise<{ rows: TarefaFalha[]; total: number }> {
    return { rows: this.falhas.slice(offset, offset + limit).map(({ job: _job, ...f }) => f), total: this.falhas.length };
  }

  async runNow(name: string): Promise<boolean> {
    const entry = this.jobs.get(name);
    if (!entry) return false;
    void this.tick(entry);
    return true;
  }

  async retry(id: string): Promise<boolean> {
    const falha = this.falhas.find((f) => f._id === id);
    if (!falha || !this.jobs.has(falha.job)) return false;
    // Out of the list before the run: a run that fails again adds its own entry.
    this.falhas.splice(this.falhas.indexOf(falha), 1);
    return this.runNow(falha.job);
  }

  async discard(id: string): Promise<boolean> {
    const i = this.falhas.findIndex((f) => f._id === id);
    if (i < 0) return false;
    this.falhas.splice(i, 1);
    return true;
  }

  /** Before the database closes: the clocks stop and the passes in progress finish (graceful shutdown). */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    for (const { job, retry } of this.jobs.values()) {
      if (retry) clearTimeout(retry.timer);
      if (job.cron) this.registry.deleteCronJob(job.name);
      else this.registry.deleteInterval(job.name);
    }
    await this.allIdle();
  }
}
