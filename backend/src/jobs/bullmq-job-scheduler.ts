import { Logger } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import type { PeriodicJob } from '../common/periodic-job';
import { runInContext } from '../common/request-context';
import type { TarefaFalha, TarefasEstado, UltimaExecucao } from '@veritas/common';
import { JobScheduler, TAREFA_DESCRICOES } from './job-scheduler';

const JOBS_QUEUE = 'tarefas';

export interface BullJobsOptions {
  redisUrl: string;
  /** REDIS_PREFIX + 'bull': every key of the queue under the installation's prefix. */
  prefix: string;
  /** BACKGROUND_JOBS: false = this replica neither schedules nor runs jobs (it may still read the screen). */
  work: boolean;
  attempts: number;
  backoffMs: number;
}

/** The data of a job: a manual run ("Executar agora") or one of the scheduler's iterations. */
interface JobData {
  manual?: boolean;
}

/**
 * With REDIS_URL: every recurring job is a BullMQ job scheduler on one queue (`tarefas`), keyed by
 * the job's name, so each period produces one job that one replica runs, whatever the number of
 * replicas. A run that throws is retried `JOBS_ATTEMPTS` times with exponential backoff from
 * `JOBS_BACKOFF_SECONDS`, then kept in the failed set (the last 1000) for the Tarefas screen,
 * where the master retries or discards it. The last run of each job is kept in a Redis hash.
 */
export class BullJobScheduler extends JobScheduler {
  private readonly logger = new Logger('Tarefas');
  private readonly connection: Redis;
  private readonly queue: Queue<JobData>;
  private worker: Worker<JobData> | null = null;
  private workerConnection: Redis | null = null;
  private readonly jobs = new Map<string, PeriodicJob>();
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly lastKey: string;

  constructor(private readonly options: BullJobsOptions) {
    super();
    // BullMQ's blocking commands need maxRetriesPerRequest: null.
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined); // reported by /api/health/ready and the failing calls
    this.queue = new Queue<JobData>(JOBS_QUEUE, {
      connection: this.connection,
      prefix: options.prefix,
      defaultJobOptions: {
        attempts: options.attempts,
        backoff: { type: 'exponential', delay: options.backoffMs },
        removeOnComplete: { count: 100 },
        removeOnFail: { count: 1000 },
      },
    });
    this.queue.on('error', (err) => this.logger.error(`Fila de tarefas: ${err.message}`));
    this.lastKey = `${options.prefix}:${JOBS_QUEUE}:ultimas`;
  }

  schedule(job: PeriodicJob, options: { now?: boolean } = {}): void {
    if (!this.options.work || this.jobs.has(job.name)) return;
    this.jobs.set(job.name, job);
    this.startWorker();
    const repeat = job.cron ? { pattern: job.cron.pattern, tz: job.cron.tz } : { every: job.everyMs };
    // Upserting is idempotent: every replica does it at start-up and the queue keeps one schedule.
    void this.queue
      .upsertJobScheduler(job.name, repeat, { name: job.name, data: {} })
      .then(() => (options.now ? this.queue.add(job.name, {}, { jobId: `${job.name}-inicio-${startupSlot(job.everyMs)}` }) : undefined))
      .catch((err) => this.logger.error(`Tarefa ${job.name} não agendada: ${(err as Error).message}`));
  }

  private startWorker(): void {
    if (this.worker) return;
    // The worker blocks on its own connection; BullMQ leaves a connection it was given open.
    this.workerConnection = this.connection.duplicate({ maxRetriesPerRequest: null });
    this.workerConnection.on('error', () => undefined);
    this.worker = new Worker<JobData>(JOBS_QUEUE, (job) => this.process(job), {
      connection: this.workerConnection,
      prefix: this.options.prefix,
      concurrency: 4,
    });
    this.worker.on('error', (err) => this.logger.error(`Execução de tarefas: ${err.message}`));
    this.worker.on('failed', (job, err) => {
      if (job) this.logger.error(`Tarefa ${job.name} falhou (tentativa ${job.attemptsMade} de ${job.opts.attempts ?? 1}): ${err.message}`);
    });
  }

  private async process(job: Job<JobData>): Promise<unknown> {
    const periodic = this.jobs.get(job.name);
    // A schedule left by a job this version no longer has (or has switched off).
    if (!periodic) {
      this.logger.warn(`Tarefa desconhecida "${job.name}" ignorada.`);
      return null;
    }
    const startedAt = new Date();
    const work = job.data?.manual
      ? () => (periodic.runNow ? periodic.runNow(startedAt) : periodic.runOnce(startedAt))
      : () => (periodic.cron ? periodic.cron.runCron(startedAt) : periodic.runOnce(startedAt));
    const run = runInContext({ requestId: `tarefa-${job.id}` }, work);
    this.running.set(job.name, run);
    try {
      const result = await run;
      await this.remember(job.name, { em: startedAt.toISOString(), ok: true, duracaoMs: Date.now() - startedAt.getTime(), erro: null });
      return result ?? null;
    } catch (err) {
      const erro = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await this.remember(job.name, { em: startedAt.toISOString(), ok: false, duracaoMs: Date.now() - startedAt.getTime(), erro });
      throw err;
    } finally {
      if (this.running.get(job.name) === run) this.running.delete(job.name);
    }
  }

  private async remember(name: string, last: UltimaExecucao): Promise<void> {
    await this.connection.hset(this.lastKey, name, JSON.stringify(last)).catch(() => undefined);
  }

  async idle(name: string): Promise<void> {
    await this.running.get(name)?.catch(() => undefined);
  }

  async state(): Promise<TarefasEstado> {
    const [schedulers, counts, lasts] = await Promise.all([
      this.queue.getJobSchedulers(0, -1, true),
      this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
      this.connection.hgetall(this.lastKey),
    ]);
    const tarefas = schedulers.map((s) => {
      const nome = s.key;
      const local = this.jobs.get(nome);
      return {
        nome,
        descricao: TAREFA_DESCRICOES[nome] ?? nome,
        periodoSegundos: Math.round((s.every ?? local?.everyMs ?? 0) / 1000),
        cron: s.pattern ?? null,
        proximaExecucao: s.next ? new Date(s.next).toISOString() : null,
        ultimaExecucao: lasts[nome] ? (JSON.parse(lasts[nome]) as UltimaExecucao) : null,
      };
    });
    return {
      modo: 'redis',
      tarefas: tarefas.sort((a, b) => a.nome.localeCompare(b.nome)),
      contagens: { aguardando: counts.waiting ?? 0, emExecucao: counts.active ?? 0, atrasadas: counts.delayed ?? 0, falhas: counts.failed ?? 0 },
    };
  }

  async failures(offset: number, limit: number): Promise<{ rows: TarefaFalha[]; total: number }> {
    const [jobs, total] = await Promise.all([this.queue.getFailed(offset, offset + limit - 1), this.queue.getFailedCount()]);
    return { rows: jobs.filter(Boolean).map(toFalha), total };
  }

  async runNow(name: string): Promise<boolean> {
    const known = this.jobs.has(name) || (await this.queue.getJobScheduler(name));
    if (!known) return false;
    await this.queue.add(name, { manual: true });
    return true;
  }

  async retry(id: string): Promise<boolean> {
    const job = await this.failedJob(id);
    if (!job) return false;
    await job.retry('failed');
    return true;
  }

  async discard(id: string): Promise<boolean> {
    const job = await this.failedJob(id);
    if (!job) return false;
    await job.remove();
    return true;
  }

  private async failedJob(id: string): Promise<Job<JobData> | null> {
    const job = await this.queue.getJob(id);
    return job && (await job.isFailed()) ? job : null;
  }

  async close(): Promise<void> {
    // With Redis up the worker finishes the jobs it holds before closing (graceful shutdown, at
    // most 30 s); with Redis unreachable nothing would ever answer, so the connections just go.
    const up = this.connection.status === 'ready';
    const closing = Promise.all([this.worker?.close(!up), this.queue.close()]).catch(() => undefined);
    await Promise.race([closing, new Promise((r) => setTimeout(r, up ? 30_000 : 500).unref())]);
    this.workerConnection?.disconnect();
    this.connection.disconnect();
  }
}

/**
 * The first run at start-up is one job per period window: replicas starting together (or one
 * restarting in a loop) add the same job id, which BullMQ keeps once.
 */
function startupSlot(everyMs: number): number {
  return Math.floor(Date.now() / Math.max(everyMs, 60_000));
}

function toFalha(job: Job<JobData>): TarefaFalha {
  return {
    _id: String(job.id),
    nome: job.name,
    erro: (job.failedReason ?? 'Falha sem descrição.').slice(0, 1000),
    tentativas: job.attemptsMade,
    criadaEm: new Date(job.timestamp).toISOString(),
    falhouEm: new Date(job.finishedOn ?? job.processedOn ?? job.timestamp).toISOString(),
  };
}
