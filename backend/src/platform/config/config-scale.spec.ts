import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig: replicas (REDIS_URL, STORAGE, METRICS_TOKEN)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-cfg-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('defaults to the single box: memory limits, local disk, no metrics, no drain', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.scale).toEqual({ redisUrl: null, redisPrefix: 'veritas:', metricsToken: null, shutdownDrainMs: 0, backgroundJobs: true });
    expect(c.storage).toEqual({ kind: 'local' });
  });

  it('reads Redis, the metrics token and the drain time', () => {
    const c = loadConfig({ DATA_DIR: dir, REDIS_URL: ' redis://r:6379 ', REDIS_PREFIX: 'prod:', METRICS_TOKEN: 'abc', SHUTDOWN_DRAIN_SECONDS: '10' });
    expect(c.scale).toEqual({ redisUrl: 'redis://r:6379', redisPrefix: 'prod:', metricsToken: 'abc', shutdownDrainMs: 10_000, backgroundJobs: true });
    expect(loadConfig({ DATA_DIR: dir, BACKGROUND_JOBS: 'false' }).scale.backgroundJobs).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, BACKGROUND_JOBS: 'true' }).scale.backgroundJobs).toBe(true);
  });

  it('STORAGE=s3 takes the bucket settings; path style only when asked; region defaults to us-east-1', () => {
    const c = loadConfig({ DATA_DIR: dir, STORAGE: 'S3', S3_BUCKET: 'docs', S3_ENDPOINT: 'http://s3:8333', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' });
    expect(c.storage).toEqual({ kind: 's3', s3: { endpoint: 'http://s3:8333', bucket: 'docs', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true } });
    const aws = loadConfig({ DATA_DIR: dir, STORAGE: 's3', S3_BUCKET: 'docs', S3_REGION: 'sa-east-1' });
    expect(aws.storage).toMatchObject({ s3: { endpoint: null, region: 'sa-east-1', forcePathStyle: false, accessKeyId: null } });
  });

  it('refuses an unknown STORAGE and s3 without a bucket, in Portuguese', () => {
    expect(() => loadConfig({ DATA_DIR: dir, STORAGE: 'ftp' })).toThrow(new ConfigError('STORAGE "ftp" inválido: use local ou s3.'));
    expect(() => loadConfig({ DATA_DIR: dir, STORAGE: 's3' })).toThrow(new ConfigError('STORAGE=s3 exige S3_BUCKET.'));
    expect(() => loadConfig({ DATA_DIR: dir, SHUTDOWN_DRAIN_SECONDS: '999' })).toThrow(ConfigError);
  });
});
