import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
// s3rver: a local S3-compatible server (npm, devDependency), started here on a free port.
const S3rver = require('s3rver');

const KEY = 'S3RVER';

/** A local S3-compatible server with the given buckets, in a temporary folder removed by `stop`. */
export interface LocalS3 {
  endpoint: string;
  /** The app's environment for STORAGE=s3 on `bucket`. */
  env(bucket: string): Record<string, string>;
  /** An SDK client of the test's own, to look at the bucket from outside the app. */
  client(): S3Client;
  stop(): Promise<void>;
}

export async function startS3(buckets: string[]): Promise<LocalS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const clients: S3Client[] = [];
  return {
    endpoint,
    env: (bucket) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    client: () => {
      const c = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } });
      clients.push(c);
      return c;
    },
    stop: async () => {
      clients.forEach((c) => c.destroy());
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
