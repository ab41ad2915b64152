import { Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import * as fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config';

/**
 * Commits that survive a power cut before anyone is told "stored".
 *
 * better-sqlite3 is built with SQLITE_DEFAULT_WAL_SYNCHRONOUS=1: in WAL mode a commit is written to
 * the -wal file but not synced (synchronous = NORMAL). It survives the process dying (kill -9), not
 * the machine losing power. Syncing at every COMMIT (synchronous = FULL) would hold the event loop
 * for each fsync. Instead the writer keeps NORMAL and whoever acknowledges a write (an API answer
 * to a POST/PUT/PATCH/DELETE through `durableWrites`, the SMTP listener's 250) first awaits `flush()`: an fsync of the
 * -wal file on libuv's thread pool that started after the caller's commit returned (better-sqlite3
 * commits synchronously, so every frame of that commit was written by then; fsync flushes the
 * file, whichever descriptor asks). Callers that arrive while one fsync runs share the next one:
 * a group commit. Checkpoints keep NORMAL's own syncs (WAL before copying, database after).
 *
 * MySQL/MariaDB: InnoDB flushes its log at each commit (innodb_flush_log_at_trx_commit = 1, the
 * default): nothing to do.
 */
@Injectable()
export class DurableCommits implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DurableCommits.name);
  private readonly walFile: string | null;
  private fd: number | null = null;
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig, db: DataSource) {
    const file = config.database.type === 'sqlite' && db.options.type === 'better-sqlite3' ? config.database.file : null;
    this.walFile = file && file !== ':memory:' ? `${file}-wal` : null;
  }

  /** After the migrations: the writer's connection is open in WAL mode, so its -wal file exists. */
  onApplicationBootstrap(): void {
    if (this.walFile) this.fd = this.open();
  }

  onApplicationShutdown(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  get enabled(): boolean {
    return this.walFile !== null;
  }

  /** An fsync that failed under an answer (logged; the answer is dropped, not given). */
  failed(err: Error): void {
    this.logger.error(`Gravação não confirmada em disco (fsync do WAL): ${err.message}; a resposta não foi enviada.`);
  }

  /** Resolves once every commit made before this call is on disk. */
  flush(): Promise<void> {
    if (!this.walFile) return Promise.resolve();
    if (!this.inFlight) return this.start();
    // The running fsync may have started before this caller's commit: wait for the next one, which
    // every caller until it starts shares.
    // Whether the running one succeeds or fails, the next starts once it settles.
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<void> {
    const run = this.sync().finally(() => {
      this.inFlight = null;
    });
    this.inFlight = run;
    return run;
  }

  private async sync(): Promise<void> {
    const fd = this.fd ?? (this.fd = this.open());
    try {
      await this.fsyncFile(fd);
    } catch (err) {
      // Only a stale descriptor (closed under us) is retried, on the file opened again. After EIO and
      // the like the kernel may have dropped the dirty pages, so a second fsync could "succeed" over
      // lost data: that failure stands, and the answer waiting on it is not given.
      if ((err as NodeJS.ErrnoException).code !== 'EBADF') throw err;
      this.logger.warn('fsync do WAL: descritor inválido; reabrindo o arquivo.');
      try {
        fs.closeSync(fd);
      } catch {
        /* already closed */
      }
      this.fd = null;
      await this.fsyncFile((this.fd = this.open()));
    }
  }

  /** One fsync on libuv's thread pool (a method of its own: the tests hold it to watch who waits). */
  protected fsyncFile(fd: number): Promise<void> {
    return new Promise<void>((resolve, reject) =>
      fs.fsync(fd, (err) => (err ? reject(err) : resolve())),
    );
  }

  /** Read-only is enough for fsync; created if absent (it holds nothing until the writer writes). */
  private open(): number {
    return fs.openSync(this.walFile as string, fs.constants.O_RDONLY | fs.constants.O_CREAT, 0o600);
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every API answer to a request that may have written (any method but GET/HEAD/OPTIONS), success
 * or error, waits for DurableCommits.flush(): a 2xx means stored, power cut included. A Fastify
 * onSend hook, so nothing of the answer (not even its headers) leaves before the sync; not a Nest
 * interceptor: a global one put rxjs on every request's path, GETs included (GET /api/health 1,880 →
 * 1,430 req/s, measured), where this costs a read request one method check. When the sync fails the
 * connection is dropped instead: the write may be lost, so it is not acknowledged.
 */
export function durableWrites(app: FastifyInstance, commits: DurableCommits): void {
  if (!commits.enabled) return;
  app.addHook('onSend', (req, reply, payload, done) => {
    if (READS.has(req.method)) return done(null, payload);
    commits.flush().then(
      () => done(null, payload),
      (err: Error) => {
        commits.failed(err);
        reply.raw.destroy(err);
        done(null, payload);
      },
    );
  });
}

@Global()
@Module({
  providers: [DurableCommits],
  exports: [DurableCommits],
})
export class DurableCommitsModule {}
