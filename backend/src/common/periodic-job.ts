import { Logger } from '@nestjs/common';

/**
 * Work the server does by itself on a clock (reminders, sweeps). `runOnce(now)` does one pass and
 * is what tests call; `PeriodicTimer` calls it every `everyMs` in this process (unref'd: it never
 * keeps the process alive), never two passes at once. Jobs are handed to the JobScheduler
 * (backend/src/jobs): these timers in one process, BullMQ job schedulers with REDIS_URL.
 */
export interface PeriodicJob {
  readonly name: string;
  readonly everyMs: number;
  runOnce(now: Date): Promise<unknown>;
  /**
   * A job on a calendar (BACKUP_CRON): with BullMQ the queue fires it on the pattern and `runCron`
   * does the work; in one process `runOnce` is called every `everyMs` and decides itself.
   */
  readonly cron?: { pattern: string; tz: string; runCron(now: Date): Promise<unknown> };
  /** What "Executar agora" does (default `runOnce`): a backup now, not "is it time yet". */
  runNow?(now: Date): Promise<unknown>;
}

export class PeriodicTimer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly logger: Logger;

  constructor(
    private readonly job: PeriodicJob,
    /** Told of every pass's end: the scheduler's record of the last run and the failures. */
    private readonly observe?: (startedAt: Date, error: Error | null) => void,
  ) {
    this.logger = new Logger(job.name);
  }

  /** Starts the clock; with `now`, also a first pass right away (after start-up, not a period later). */
  start(options: { now?: boolean } = {}): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.job.everyMs);
    this.timer.unref();
    if (options.now) setImmediate(() => void this.tick());
  }

  /** Resolves when the pass in progress, if any, has finished. */
  async idle(): Promise<void> {
    await this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass now unless one is running (`work`: what to run, by default the periodic pass). */
  tick(work: (now: Date) => Promise<unknown> = (now) => this.job.runOnce(now)): Promise<unknown> {
    if (this.running) return this.running;
    const startedAt = new Date();
    this.running = work(startedAt)
      .then(
        () => this.observe?.(startedAt, null),
        (err) => {
          this.logger.error(`Falha: ${(err as Error).message}`);
          this.observe?.(startedAt, err instanceof Error ? err : new Error(String(err)));
        },
      )
      .finally(() => (this.running = null));
    return this.running;
  }
}
