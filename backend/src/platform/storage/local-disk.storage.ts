import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files';
import { assertStorageKey, DocumentStorage, StoredFile } from './storage';

const TEMP = '.tmp';

/**
 * Files on the local disk under `root` (DATA_DIR/arquivos). Writes are atomic: the upload goes to
 * a temporary file in root/.tmp, is flushed to disk, then renamed into place (rename is atomic on
 * one volume), and the folder entry is flushed too.
 */
export class LocalDiskStorage implements DocumentStorage {
  readonly tempDir: string;

  constructor(private readonly root: string) {
    this.root = path.resolve(root);
    this.tempDir = path.join(this.root, TEMP);
    fs.mkdirSync(this.tempDir, { recursive: true, mode: PRIVATE_DIR });
  }

  /** The file's path, checked to be inside the root (a second lock behind the key's pattern). */
  private pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, key);
    const rel = path.relative(this.root, full);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel) || rel.split(path.sep)[0] === TEMP) {
      throw new Error(`Chave fora do armazenamento: ${key}`);
    }
    return full;
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const target = this.pathOf(key);
    const src = path.resolve(tempPath);
    if (path.dirname(src) !== this.tempDir) throw new Error('O arquivo temporário deve estar na pasta temporária do armazenamento.');
    await fsp.chmod(src, PRIVATE_FILE);
    await syncFile(src);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    await fsp.rename(src, target);
    await syncDir(path.dirname(target));
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async openRead(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened before returning, so a missing file fails here and not in the middle of a response.
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    const base = this.pathOf(prefix);
    yield* this.walk(base);
  }

  private async *walk(dir: string): AsyncIterable<StoredFile> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        yield* this.walk(full);
      } else if (e.isFile()) {
        const s = await fsp.stat(full).catch(() => null);
        if (s) yield { key: path.relative(this.root, full).split(path.sep).join('/'), size: s.size, modifiedAt: s.mtime };
      }
    }
  }

  async sweepTemp(olderThanMs: number): Promise<number> {
    let removed = 0;
    const limit = Date.now() - olderThanMs;
    for (const name of await fsp.readdir(this.tempDir).catch(() => [] as string[])) {
      const full = path.join(this.tempDir, name);
      const s = await fsp.stat(full).catch(() => null);
      if (s && s.mtimeMs <= limit) {
        await fsp.rm(full, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

async function syncFile(file: string): Promise<void> {
  const h = await fsp.open(file, 'r+');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

/** Flushes a folder's entries (the rename) to disk; not every platform allows it, which is fine. */
async function syncDir(dir: string): Promise<void> {
  try {
    const h = await fsp.open(dir, 'r');
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  } catch {
    /* best effort */
  }
}
