import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config';
import { JobScheduler, PeriodicJob, TAREFA_DESCRICOES, type TarefaFalha, type TarefasEstado, type UltimaExecucao } from './jobs';

/** The one queue of the recurring jobs, under REDIS_PREFIX + 'bull'. */
export const TAREFAS_QUEUE = 'tarefas';

/** The data of a job: a manual run ("Executar agora") or one of the scheduler's iterations. */
interface JobData {
  manual?: boolean;
}

/**
 * With REDIS_URL: every recurring job is a BullMQ job scheduler on the `tarefas` queue, keyed by
 * the job's name, so each period produces one job that one replica runs, whatever the number of
 * replicas. A run that fails is retried JOBS_ATTEMPTS times with exponential backoff from
 * JOBS_BACKOFF_SECONDS (the queue's default job options), then kept in the failed set (the last
 * 1000) for the Tarefas screen. The last run of each job is kept in a Redis hash.
 */
@Injectable()
export class BullJobScheduler extends JobScheduler implements OnModuleDestroy {
  private readonly logger = new Logger('Tarefas');
  private readonly jobs = new Map<string, PeriodicJob>();
  private readonly lastKey: string;

  constructor(
    @InjectQueue(TAREFAS_QUEUE) private readonly queue: Queue<JobData>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    // Reported by /api/health/ready and the failing calls; logged here rather than thrown.
    queue.on('error', (err) => this.logger.error(`Fila de tarefas: ${err.message}`));
    this.lastKey = `${config.scale.redisPrefix}bull:${TAREFAS_QUEUE}:ultimas`;
  }

  schedule(job: PeriodicJob, options: { now?: boolean } = {}): void {
    if (!this.config.scale.backgroundJobs || this.jobs.has(job.name)) return;
    this.jobs.set(job.name, job);
    const repeat = job.cron ? { pattern: job.cron.pattern, tz: job.cron.tz } : { every: job.everyMs };
    // Upserting is idempotent: every replica does it at start-up and the queue keeps one schedule.
    void this.queue
      .upsertJobScheduler(job.name, repeat, { name: job.name, data: {} })
      .then(() => (options.now ? this.queue.add(job.name, {}, { jobId: `${job.name}-inicio-${startupSlot(job.everyMs)}` }) : undefined))
      .catch((err) => this.logger.error(`Tarefa ${job.name} não agendada: ${(err as Error).message}`));
  }

  /** What the worker does with a job of the queue: the pass, remembered as the job's last run; a failure throws for BullMQ's retries. */
  async process(job: Job<JobData>): Promise<null> {
    const periodic = this.jobs.get(job.name);
    // A schedule left by a job this version no longer has (or has switched off).
    if (!periodic) {
      this.logger.warn(`Tarefa desconhecida "${job.name}" ignorada.`);
      return null;
    }
    const run = this.pass(periodic, `tarefa-${job.id}`);
    if (!run) return null; // the same job is running in this process right now
    const last = await run;
    await this.remember(job.name, last);
    if (!last.ok) throw new Error(last.erro ?? 'Falha sem descrição.');
    return null;
  }

  /** The queue's own Redis connection. */
  private redis() {
    return this.queue.getBackend().client;
  }

  private async remember(name: string, last: UltimaExecucao): Promise<void> {
    await (await this.redis()).hset(this.lastKey, { [name]: JSON.stringify(last) }).catch(() => undefined);
  }

  /** Redis answers a read (the last runs) through the queue's connection: the readiness probe. */
  async ping(): Promise<void> {
    await (await this.redis()).hgetall(this.lastKey);
  }

  async state(): Promise<TarefasEstado> {
    const [schedulers, counts, lasts] = await Promise.all([
      this.queue.getJobSchedulers(0, -1, true),
      this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
      this.redis().then((redis) => redis.hgetall(this.lastKey)),
    ]);
    const tarefas = schedulers.map((s) => ({
      nome: s.key,
      descricao: TAREFA_DESCRICOES[s.key] ?? s.key,
      periodoSegundos: Math.round((s.every ?? this.jobs.get(s.key)?.everyMs ?? 0) / 1000),
      cron: s.pattern ?? null,
      proximaExecucao: s.next ? new Date(s.next).toISOString() : null,
      ultimaExecucao: lasts[s.key] ? (JSON.parse(lasts[s.key]) as UltimaExecucao) : null,
    }));
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

  /** Before the database closes: this process's passes in progress finish (graceful shutdown). */
  async onModuleDestroy(): Promise<void> {
    await this.allIdle();
  }
}

/**
 * The worker of the `tarefas` queue, on the replicas that run background jobs: each job is
 * handed to the scheduler, four at a time. @nestjs/bullmq starts it with the app and closes it
 * on shutdown.
 */
@Processor(TAREFAS_QUEUE, { concurrency: 4 })
export class TarefasWorker extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger('Tarefas');

  constructor(private readonly scheduler: BullJobScheduler) {
    super();
  }

  process(job: Job<JobData>): Promise<null> {
    return this.scheduler.process(job);
  }

  /**
   * Before the database closes: the worker takes no more jobs and finishes those it holds (at most
   * 30 s). With Redis unreachable it holds none, and waiting for it would never end: it is closed
   * at once.
   */
  async onModuleDestroy(): Promise<void> {
    const connected = await within(this.worker.waitUntilReady().then(() => true), 500).catch(() => false);
    await within(this.worker.close(!connected), 30_000).catch(() => undefined);
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, err: Error): void {
    if (job) this.logger.error(`Tarefa ${job.name} falhou (tentativa ${job.attemptsMade} de ${job.opts.attempts ?? 1}): ${err.message}`);
  }

  @OnWorkerEvent('error')
  onError(err: Error): void {
    this.logger.error(`Execução de tarefas: ${err.message}`);
  }
}

/** `p`, or a rejection once `ms` have passed. */
async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('tempo esgotado')), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
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
