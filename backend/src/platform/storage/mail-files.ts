import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import * as fsCallback from 'node:fs';
import { createReadStream, createWriteStream, mkdirSync, WriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { APP_CONFIG, AppConfig } from '../config';
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files';
import { DOCUMENT_STORAGE, DocumentStorage } from './storage';

/** Where a stored mail file's bytes are, for nodemailer: a local path, or the bytes themselves. */
export type MailFileSource = { path: string } | { content: Buffer };

function missing(name: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`arquivo de e-mail ausente: ${name}`), { code: 'ENOENT' });
}

/**
 * The mailbox's files under DATA_DIR/mail: bodies and attachments in files/ (generated names, never
 * the sender's), uploads and half-written files in tmp/, queued notifications in outbox/.
 * Every file is written whole to tmp/ and renamed into place, so a reader never sees half a file;
 * the database rows that point at a file are written only after it is in place.
 *
 * With STORAGE=s3 the same files are objects under `mail/` in the bucket (shared by every
 * replica: a message received by one is read through another, an outbox payload queued by one is
 * sent by the job replica): written to the local temporary folder, then put whole (PutObject is
 * atomic), then the row. A "link" there is a copy. MailOrphanSweep removes objects no row knows.
 */
@Injectable()
export class MailFiles implements OnApplicationBootstrap {
  readonly root: string;
  readonly tmpDir: string;
  private readonly filesDir: string;
  private readonly dirs = new Set<string>();
  /** The bucket, with STORAGE=s3; null keeps everything on the local disk as before. */
  readonly remote: DocumentStorage | null;

  private readonly sweepAtStart: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DOCUMENT_STORAGE) storage: DocumentStorage) {
    this.sweepAtStart = config.scale.backgroundJobs;
    this.remote = config.storage.kind === 's3' ? storage : null;
    this.root = path.join(config.dataDir, 'mail');
    // putFile takes files from the storage's own temporary folder (uploads land there too).
    this.tmpDir = this.remote ? this.remote.tempDir : path.join(this.root, 'tmp');
    this.filesDir = path.join(this.root, 'files');
    const dirs = this.remote ? [this.tmpDir] : [this.tmpDir, this.filesDir, path.join(this.root, 'outbox')];
    for (const dir of dirs) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  }

  /**
   * Leftovers of a crash (half-written files, uploads cut off) are swept at start-up: all of
   * tmp/, since nothing can be in flight before this process serves (one process per DATA_DIR).
   * With S3 the temporary folder is the storage's, which the documents' sweep empties.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.sweepAtStart || this.remote) return;
    for (const entry of await fs.readdir(this.tmpDir)) {
      await fs.rm(path.join(this.tmpDir, entry), { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Where a stored name lives; names are ours (uuid-like), checked so no path escapes. */
  pathOf(name: string): string {
    if (!/^[a-z0-9-]{8,80}(\.json)?$/.test(name)) throw new Error(`nome de arquivo de e-mail inválido: ${name}`);
    if (name.startsWith('outbox-')) return path.join(this.root, 'outbox', name);
    return path.join(this.filesDir, name.slice(0, 2), name);
  }

  /** The object key of a stored name in the bucket: mail/outbox/<name> or mail/<ab>/<name>. */
  keyOf(name: string): string {
    if (!/^[a-z0-9-]{8,80}$/.test(name)) throw new Error(`nome de arquivo de e-mail inválido: ${name}`);
    return name.startsWith('outbox-') ? `mail/outbox/${name}` : `mail/${name.slice(0, 2)}/${name}`;
  }

  /** The stored name of an object key (the sweep's way back from a listing). */
  static nameOfKey(key: string): string {
    return key.slice(key.lastIndexOf('/') + 1);
  }

  /** Writes bytes under a new generated name, atomically and durably. */
  async write(content: Buffer | string, prefix = ''): Promise<{ name: string; size: number }> {
    const name = prefix + randomUUID();
    const tmp = this.tmpPath();
    // Created private (0600), written and flushed to disk before it gets its name.
    await writeSynced(tmp, content);
    const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
    await this.take(tmp, name);
    return { name, size };
  }

  /**
   * A file written as its bytes arrive (a large message while it is received, issue 14): `write` each
   * piece, then `finish` syncs it and places it under a new name, or `discard` drops it. Created private
   * (0600) in tmp/, so an interrupted one is swept at start-up like any temporary file.
   */
  writer(): MailFileWriter {
    return new MailFileWriter(this.tmpPath(), async (file) => {
      const name = randomUUID();
      await this.take(file, name);
      return name;
    });
  }

  /** Places a file this process wrote and synced in tmp/ under `name` (renamed, or put in the bucket); removed if that fails. */
  private async take(tmp: string, name: string): Promise<void> {
    try {
      if (this.remote) {
        await this.remote.putFile(this.keyOf(name), tmp); // takes the file away
      } else {
        const target = this.pathOf(name);
        await this.ensureDir(path.dirname(target));
        await renameCb(tmp, target);
      }
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  /** Takes over a file already written in tmp/ (an upload): renamed into place under a new name. */
  async adopt(tmpFile: string): Promise<{ name: string; size: number }> {
    const name = randomUUID();
    return { name, size: await this.place(tmpFile, name) };
  }

  /** A second name for the same bytes (a hard link; a copy where links are not supported). */
  async link(existing: string): Promise<string> {
    const name = randomUUID();
    if (this.remote) {
      const tmp = this.tmpPath();
      try {
        await pipeline(await this.openRemote(existing), createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        await this.remote.putFile(this.keyOf(name), tmp);
      } finally {
        await fs.rm(tmp, { force: true });
      }
      return name;
    }
    const target = this.pathOf(name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.link(this.pathOf(existing), target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
      const tmp = this.tmpPath();
      try {
        await fs.copyFile(this.pathOf(existing), tmp);
        await fs.rename(tmp, target);
      } finally {
        await fs.rm(tmp, { force: true });
      }
    }
    return name;
  }

  async read(name: string): Promise<Buffer> {
    if (!this.remote) return fs.readFile(this.pathOf(name));
    const chunks: Buffer[] = [];
    for await (const chunk of await this.openRemote(name)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /** Throws (code ENOENT) when the file is not there. */
  async size(name: string): Promise<number> {
    if (!this.remote) return (await fs.stat(this.pathOf(name))).size;
    const st = await this.remote.stat(this.keyOf(name));
    if (!st) throw missing(name);
    return st.size;
  }

  async open(name: string): Promise<Readable> {
    if (!this.remote) return createReadStream(this.pathOf(name));
    return this.openRemote(name);
  }

  /** For nodemailer: the local path, or (from the bucket) the bytes, bounded by MAIL_MAX_BYTES. */
  async source(name: string): Promise<MailFileSource> {
    return this.remote ? { content: await this.read(name) } : { path: this.pathOf(name) };
  }

  /** Deletes for good; a file already gone is not an error. */
  async remove(names: Iterable<string | null | undefined>): Promise<void> {
    const list = [...names].filter((n): n is string => !!n);
    const remote = this.remote;
    if (remote) await Promise.all(list.map((n) => remote.delete(this.keyOf(n))));
    else await Promise.all(list.map((n) => fs.rm(this.pathOf(n), { force: true })));
  }

  /**
   * Every stored file on the local disk (bodies, attachments and queued payloads), by name, with the
   * last time it was written or linked: a name made by `link` (an identical body stored again) shares
   * the old file's mtime, but linking changes the ctime — so a name linked a moment ago for a row not
   * yet committed never looks old. Stat'ed 64 at a time.
   */
  async *localFiles(): AsyncIterable<{ name: string; modifiedAt: Date }> {
    const folders = [path.join(this.root, 'outbox')];
    for (const sub of await fs.readdir(this.filesDir).catch(() => [] as string[])) folders.push(path.join(this.filesDir, sub));
    for (const folder of folders) {
      // Only names this class makes, in the folder it puts them (anything else is not ours to judge).
      const names = (await fs.readdir(folder).catch(() => [] as string[])).filter(
        (name) => /^[a-z0-9-]{8,80}(\.json)?$/.test(name) && this.pathOf(name) === path.join(folder, name),
      );
      for (let i = 0; i < names.length; i += 64) {
        const chunk = names.slice(i, i + 64);
        const stats = await Promise.all(chunk.map((name) => fs.stat(path.join(folder, name)).catch(() => null)));
        for (const [j, st] of stats.entries()) {
          if (st?.isFile()) yield { name: chunk[j], modifiedAt: new Date(Math.max(st.mtimeMs, st.ctimeMs)) };
        }
      }
    }
  }

  /** Removes temporary files (uploads not taken over), ignoring those already moved. */
  async discardTemp(files: Iterable<string>): Promise<void> {
    await Promise.all([...files].filter((f) => path.dirname(path.resolve(f)) === this.tmpDir).map((f) => fs.rm(f, { force: true })));
  }

  tmpPath(): string {
    return path.join(this.tmpDir, `${randomUUID()}.part`);
  }

  private async openRemote(name: string): Promise<Readable> {
    try {
      return await this.remote!.openRead(this.keyOf(name));
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404) throw missing(name);
      throw err;
    }
  }

  /** A files/xx folder, made once per process (they are never removed while it runs). */
  private async ensureDir(dir: string): Promise<void> {
    if (this.dirs.has(dir)) return;
    await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
    this.dirs.add(dir);
  }

  private async place(tmp: string, name: string): Promise<number> {
    if (this.remote) {
      const { size } = await fs.stat(tmp);
      await this.remote.putFile(this.keyOf(name), tmp);
      return size;
    }
    const target = this.pathOf(name);
    await this.ensureDir(path.dirname(target));
    // Uploads arrive with the mode the upload stream gave them: only this process reads mail.
    await fs.chmod(tmp, PRIVATE_FILE);
    await fs.rename(tmp, target);
    return (await fs.stat(target)).size;
  }
}

/*
 * The callback forms of writeFile and rename, on the path every stored message takes: the promise
 * API opens a FileHandle per file, which measurably costs more main-thread time (bench/mail-listener.mjs).
 */
const renameCb = promisify(fsCallback.rename);

function writeSynced(file: string, content: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) =>
    fsCallback.writeFile(file, content, { flag: 'wx', mode: PRIVATE_FILE, flush: true }, (err) => (err ? reject(err) : resolve())),
  );
}

/** MailFiles.writer(): one file written piece by piece, in order, without holding its pieces. */
export class MailFileWriter {
  private readonly stream: WriteStream;
  private failure: Error | null = null;
  private readonly closed: Promise<void>;
  bytes = 0;

  constructor(
    private readonly tmp: string,
    private readonly place: (tmp: string) => Promise<string>,
  ) {
    // flush: the descriptor is synced before it is closed (so 'close' means on disk).
    this.stream = createWriteStream(tmp, { flags: 'wx', mode: PRIVATE_FILE, flush: true, highWaterMark: 1024 * 1024 });
    this.closed = new Promise<void>((resolve) => this.stream.once('close', resolve));
    this.stream.on('error', (err) => (this.failure ??= err));
  }

  /** Queues a piece; resolves at once unless a megabyte is already waiting for the disk (then once it drains). */
  async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await Promise.race([new Promise<void>((resolve) => this.stream.once('drain', resolve)), this.closed]);
    if (this.failure) throw this.failure;
  }

  /** Every piece on disk and synced, the file closed and placed: its stored name. */
  async finish(): Promise<string> {
    this.stream.end();
    await this.closed;
    if (this.failure) {
      await fs.rm(this.tmp, { force: true }).catch(() => undefined);
      throw this.failure;
    }
    return this.place(this.tmp);
  }

  /** Drops the file (a message refused or cut off). Never throws. */
  async discard(): Promise<void> {
    this.stream.destroy();
    await this.closed;
    await fs.rm(this.tmp, { force: true }).catch(() => undefined);
  }
}
