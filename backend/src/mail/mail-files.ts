import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, ReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/config';
import { stripHiddenCharacters } from '../common/download';
import { PRIVATE_DIR, PRIVATE_FILE } from '../common/private-files';

/**
 * The mailbox's files under DATA_DIR/mail: bodies and attachments in files/ (generated names, never
 * the sender's), uploads and half-written files in tmp/, queued notifications in outbox/.
 * Every file is written whole to tmp/ and renamed into place, so a reader never sees half a file;
 * the database rows that point at a file are written only after it is in place.
 */
@Injectable()
export class MailFiles implements OnApplicationBootstrap {
  readonly root: string;
  readonly tmpDir: string;
  private readonly filesDir: string;

  private readonly sweepAtStart: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.sweepAtStart = config.scale.backgroundJobs;
    this.root = path.join(config.dataDir, 'mail');
    this.tmpDir = path.join(this.root, 'tmp');
    this.filesDir = path.join(this.root, 'files');
    for (const dir of [this.tmpDir, this.filesDir, path.join(this.root, 'outbox')]) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  }

  /**
   * Leftovers of a crash (half-written files, uploads cut off) are swept at start-up: all of
   * tmp/, since nothing can be in flight before this process serves (one process per DATA_DIR).
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.sweepAtStart) return;
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

  /** Writes bytes under a new generated name, atomically and durably. */
  async write(content: Buffer | string, prefix = ''): Promise<{ name: string; size: number }> {
    const name = prefix + randomUUID();
    const tmp = this.tmpPath();
    const handle = await fs.open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      return { name, size: await this.place(tmp, name) };
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

  read(name: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(name));
  }

  async size(name: string): Promise<number> {
    return (await fs.stat(this.pathOf(name))).size;
  }

  stream(name: string): ReadStream {
    return createReadStream(this.pathOf(name));
  }

  /** Deletes for good; a file already gone is not an error. */
  async remove(names: Iterable<string | null | undefined>): Promise<void> {
    await Promise.all(
      [...names].filter((n): n is string => !!n).map((n) => fs.rm(this.pathOf(n), { force: true })),
    );
  }

  /** Removes temporary files (uploads not taken over), ignoring those already moved. */
  async discardTemp(files: Iterable<string>): Promise<void> {
    await Promise.all([...files].filter((f) => path.dirname(path.resolve(f)) === this.tmpDir).map((f) => fs.rm(f, { force: true })));
  }

  tmpPath(): string {
    return path.join(this.tmpDir, `${randomUUID()}.part`);
  }

  private async place(tmp: string, name: string): Promise<number> {
    const target = this.pathOf(name);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    // Uploads arrive with the mode multer gave them: only this process reads mail.
    await fs.chmod(tmp, PRIVATE_FILE);
    await fs.rename(tmp, target);
    return (await fs.stat(target)).size;
  }
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'text/plain': 'txt',
  'text/calendar': 'ics',
  'message/rfc822': 'eml',
};

/** A sender's file name, made harmless: no path, no control characters, bounded. */
export function safeFilename(name: string | undefined, contentType: string): string {
  const base = stripHiddenCharacters(String(name ?? ''))
    .replace(/[/\\]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(-200);
  if (base) return base;
  const ext = EXTENSIONS[contentType.toLowerCase()];
  return ext ? `anexo.${ext}` : 'anexo';
}
