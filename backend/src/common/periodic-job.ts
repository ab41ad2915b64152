import { Logger } from '@nestjs/common';

/**
 * Work the server does by itself on a clock (reminders, sweeps). `runOnce(now)` does one pass and
 * is what tests call; `PeriodicTimer` calls it every `everyMs` in this process (unref'd: it never
 * keeps the process alive), never two passes at once, and stops with the app. One place for every
 * such job, so the scale-out (issue 15) can hand them to a queue that runs each once per period.
 */
export interface PeriodicJob {
  readonly name: string;
  readonly everyMs: number;
  runOnce(now: Date): Promise<unknown>;
}

export class PeriodicTimer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly logger: Logger;

  constructor(private readonly job: PeriodicJob) {
    this.logger = new Logger(job.name);
  }

  /** Starts the clock; with `now`, also a first pass right away (after start-up, not a period later). */
  start(options: { now?: boolean } = {}): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.job.everyMs);
    this.timer.unref();
    if (options.now) setImmediate(() => this.tick());
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

  private tick(): void {
    if (this.running) return;
    this.running = this.job
      .runOnce(new Date())
      .catch((err) => this.logger.error(`Falha: ${(err as Error).message}`))
      .finally(() => (this.running = null));
  }
}
