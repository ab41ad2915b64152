/**
 * Jobs from concurrent callers written together (issue 14, SMTP ingest): each caller's job waits for
 * the next batch, which runs `together` on every job queued by then — one transaction, one commit
 * (on SQLite one index segment and one WAL append; on MySQL one redo-log flush) instead of one per job.
 * A batch starts at the loop's next turn (setImmediate), so the jobs that arrive in the same turn, or
 * while the previous batch was running, share it; one batch runs at a time.
 *
 * If `together` fails, each of the batch's jobs is run `alone` (its own transaction, its own rules for
 * a unique key another replica took or a row gone meanwhile): one job's failure is its own and the
 * others still land. `together` must therefore leave nothing behind when it throws (a transaction).
 * A batch of one job is run `alone` directly.
 */
export class GroupCommit<J, R> {
  private readonly queue: { job: J; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  private running = false;

  constructor(
    private readonly together: (jobs: J[]) => Promise<R[]>,
    private readonly alone: (job: J) => Promise<R>,
    private readonly max = 64,
  ) {}

  add(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    const batch = this.queue.splice(0, this.max);
    try {
      if (batch.length > 1) {
        const results = await this.together(batch.map((b) => b.job)).catch(() => null);
        if (results) {
          batch.forEach((b, i) => b.resolve(results[i]));
          return;
        }
      }
      await Promise.all(batch.map((b) => this.alone(b.job).then(b.resolve, b.reject)));
    } finally {
      this.running = false;
      if (this.queue.length) this.schedule();
    }
  }
}
