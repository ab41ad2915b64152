import type { Readable } from 'node:stream';

/** A file kept by the storage, as a listing sees it. */
export interface StoredFile {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded documents live. Keys are made by the server only ("documentos/<cliente>/<id>",
 * lower-case letters, digits, hyphens and slashes), never from a file name a user sent, so nothing
 * a user types can point outside the store. The local-disk implementation keeps them under
 * DATA_DIR; an S3-compatible one can implement the same calls (PutObject is atomic too).
 */
export interface DocumentStorage {
  /** A local folder for uploads in progress (on the same volume, so putFile can rename). */
  readonly tempDir: string;
  /**
   * Moves a complete temporary file into place under `key` in one atomic step: readers see the
   * whole file or nothing. The temporary file is gone afterwards.
   */
  putFile(key: string, tempPath: string): Promise<void>;
  /** Null when there is no such file. */
  stat(key: string): Promise<{ size: number } | null>;
  openRead(key: string): Promise<Readable>;
  /** Idempotent: a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every file under `prefix/`. */
  list(prefix: string): AsyncIterable<StoredFile>;
  /** Removes temporary files older than `olderThanMs` (uploads a crash left behind). */
  sweepTemp(olderThanMs: number): Promise<number>;
}

export const DOCUMENT_STORAGE = Symbol('DOCUMENT_STORAGE');

const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/** Keys are the server's own; anything else is a bug, refused before it reaches a disk or a bucket. */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length > 200 || !KEY.test(key)) {
    throw new Error(`Chave de armazenamento inválida: ${JSON.stringify(key)}`);
  }
}
