import { Logger } from '@nestjs/common';

/**
 * Work the server does by itself on a clock (reminders, sweeps). `runOnce(now)` does one pass and
 * is what tests call; `PeriodicTimer` calls it every `everyMs` in this process, never two passes
 * at once, and stops with the app.
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

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.job.everyMs);
    this.timer.unref();
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
