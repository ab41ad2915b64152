import { randomUUID } from 'node:crypto';
import { PeriodicJob, PeriodicTimer } from '../common/periodic-job';
import type { TarefaFalha, TarefasEstado, UltimaExecucao } from '@veritas/common';
import { JobScheduler, TAREFA_DESCRICOES } from './job-scheduler';

/** Failed runs this process remembers (the embedded mode has one process; the log has them all). */
const MAX_FALHAS = 200;

interface Entry {
  job: PeriodicJob;
  timer: PeriodicTimer;
  nextAt: number | null;
  last: UltimaExecucao | null;
}

/**
 * The embedded mode: each job on its own clock in this process (PeriodicTimer), never two passes of
 * one job at once. A failed pass is logged, kept in memory for the Tarefas screen and tried again at
 * the next period (no extra backoff: the periods are minutes to hours).
 */
export class LocalJobScheduler extends JobScheduler {
  private readonly jobs = new Map<string, Entry>();
  private readonly falhas: (TarefaFalha & { job: string })[] = [];

  constructor(private readonly enabled: boolean) {
    super();
  }

  schedule(job: PeriodicJob, options: { now?: boolean } = {}): void {
    if (!this.enabled || this.jobs.has(job.name)) return;
    const entry: Entry = { job, nextAt: null, last: null, timer: null as unknown as PeriodicTimer };
    entry.timer = new PeriodicTimer(job, (startedAt, error) => this.observe(entry, startedAt, error));
    this.jobs.set(job.name, entry);
    entry.nextAt = Date.now() + (options.now ? 0 : job.everyMs);
    entry.timer.start(options);
  }

  private observe(entry: Entry, startedAt: Date, error: Error | null): void {
    const now = Date.now();
    entry.nextAt = now + entry.job.everyMs;
    entry.last = { em: startedAt.toISOString(), ok: !error, duracaoMs: now - startedAt.getTime(), erro: error ? error.message.slice(0, 1000) : null };
    if (!error) return;
    this.falhas.unshift({ _id: randomUUID(), job: entry.job.name, nome: entry.job.name, erro: entry.last.erro!, tentativas: 1, criadaEm: startedAt.toISOString(), falhouEm: new Date(now).toISOString() });
    this.falhas.length = Math.min(this.falhas.length, MAX_FALHAS);
  }

  async idle(name: string): Promise<void> {
    await this.jobs.get(name)?.timer.idle();
  }

  async state(): Promise<TarefasEstado> {
    const tarefas = [...this.jobs.values()].map(({ job, nextAt, last }) => ({
      nome: job.name,
      descricao: TAREFA_DESCRICOES[job.name] ?? job.name,
      periodoSegundos: Math.round(job.everyMs / 1000),
      cron: job.cron?.pattern ?? null,
      proximaExecucao: nextAt === null ? null : new Date(nextAt).toISOString(),
      ultimaExecucao: last,
    }));
    return { modo: 'local', tarefas, contagens: { aguardando: 0, emExecucao: 0, atrasadas: 0, falhas: this.falhas.length } };
  }

  async failures(offset: number, limit: number): Promise<{ rows: TarefaFalha[]; total: number }> {
    return { rows: this.falhas.slice(offset, offset + limit).map(({ job: _job, ...f }) => f), total: this.falhas.length };
  }

  async runNow(name: string): Promise<boolean> {
    const entry = this.jobs.get(name);
    if (!entry) return false;
    void entry.timer.tick((now) => (entry.job.runNow ? entry.job.runNow(now) : entry.job.runOnce(now)));
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

  async close(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((e) => e.timer.stop()));
  }
}
