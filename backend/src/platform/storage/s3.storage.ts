import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files';
import { assertStorageKey, DocumentStorage, StoredFile } from './storage';
import type { S3Settings } from '../config';

export type { S3Settings };

/** Parts of 8 MiB, 4 at a time: a large document goes up in parts, never whole in memory. */
const PART_SIZE = 8 * 1024 * 1024;

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Documents in an S3-compatible bucket (STORAGE=s3), shared by every replica. An upload still
 * arrives in a local temporary file (tempDir, under DATA_DIR), then is streamed to the bucket
 * (multipart above PART_SIZE); PutObject and CompleteMultipartUpload are atomic, so readers see the
 * whole object or none, and the caller writes its row only after putFile resolved. Reads stream
 * the object through the API (the bucket stays private: no public or presigned URL).
 */
export class S3DocumentStorage implements DocumentStorage {
  readonly tempDir: string;
  readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    localRoot: string,
  ) {
    this.tempDir = path.join(path.resolve(localRoot), '.tmp');
    fs.mkdirSync(this.tempDir, { recursive: true, mode: PRIVATE_DIR });
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  private get bucket(): string {
    return this.settings.bucket;
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    assertStorageKey(key);
    const src = path.resolve(tempPath);
    if (path.dirname(src) !== this.tempDir) throw new Error('O arquivo temporário deve estar na pasta temporária do armazenamento.');
    await fsp.chmod(src, PRIVATE_FILE);
    const { size } = await fsp.stat(src);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: fs.createReadStream(src), ContentLength: size, ContentType: 'application/octet-stream' },
      partSize: PART_SIZE,
      queueSize: 4,
      leavePartsOnError: false,
    });
    await upload.done();
    await fsp.rm(src, { force: true });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async openRead(key: string): Promise<Readable> {
    assertStorageKey(key);
    const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return got.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertStorageKey(prefix);
    let batch: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      batch = [];
    };
    for await (const f of this.list(prefix)) {
      batch.push(f.key);
      if (batch.length === 1000) await flush();
    }
    await flush();
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    assertStorageKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: Number(o.Size ?? 0), modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
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

  /** For /api/health/ready: the bucket answers with these credentials. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
