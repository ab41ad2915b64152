import * as path from 'node:path';
import { CronTime } from 'cron';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import { given, int, oneOf, optional, switchedOn, text } from './env';

/** Where the S3 store is and how to reach it (platform/storage/s3.storage.ts). */
export interface S3Settings {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export interface ReplicasConfig {
  /** Many replicas (issue 15): shared Redis for the rate limits and jobs (REDIS_URL, keys under REDIS_PREFIX); the metrics token. */
  scale: { redisUrl: string | null; redisPrefix: string; metricsToken: string | null; shutdownDrainMs: number; backgroundJobs: boolean };
  /** Recurring jobs with REDIS_URL (BullMQ): tries of a failing run, and the first wait between them (doubling). */
  jobs: { attempts: number; backoffMs: number };
  /** Where documents live (issue 15): the local disk under DATA_DIR, or an S3-compatible bucket (STORAGE=s3). */
  storage: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  /** Scheduled backups (issue 16): into BACKUP_DIR on the BACKUP_CRON schedule, the newest BACKUP_KEEP kept. */
  backup: BackupConfig;
}

export interface BackupConfig {
  dir: string | null;
  /** A cron expression (5 fields, or 6 with seconds); null: no scheduled backups. */
  cron: string | null;
  keep: number;
}

/** BACKUP_CRON is read on the firm's clock. */
export const BACKUP_TZ = 'America/Sao_Paulo';

/**
 * BACKUP_CRON as both clocks read it: the process's own (cron, without REDIS_URL) and BullMQ's
 * (cron-parser, with it), so a typo stops the start-up rather than the first backup.
 */
const backupCron = given.superRefine((pattern, ctx) => {
  if (pattern === undefined) return;
  try {
    new CronTime(pattern, BACKUP_TZ);
    CronExpressionParser.parse(pattern, { tz: BACKUP_TZ });
  } catch (err) {
    ctx.addIssue({
      code: 'custom',
      message: `BACKUP_CRON "${pattern}" não é uma expressão cron válida (por exemplo "0 3 * * *" para todo dia às 3h): ${(err as Error).message}`,
    });
  }
});

export const replicasEnv = z
  .object({
    REDIS_URL: optional,
    REDIS_PREFIX: text('veritas:'),
    METRICS_TOKEN: optional,
    SHUTDOWN_DRAIN_SECONDS: int('SHUTDOWN_DRAIN_SECONDS', 0, 0, 120),
    BACKGROUND_JOBS: switchedOn,
    JOBS_ATTEMPTS: int('JOBS_ATTEMPTS', 3, 1, 20),
    JOBS_BACKOFF_SECONDS: int('JOBS_BACKOFF_SECONDS', 30, 1, 3600),
    STORAGE: oneOf(['local', 's3'], 'local', (v) => `STORAGE "${v}" inválido: use local ou s3.`),
    S3_ENDPOINT: optional,
    S3_BUCKET: optional,
    S3_REGION: text('us-east-1'),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_FORCE_PATH_STYLE: given.transform((v) => v === 'true'),
    BACKUP_DIR: given.transform((v) => (v ? path.resolve(v) : null)),
    BACKUP_CRON: backupCron,
    BACKUP_KEEP: int('BACKUP_KEEP', 7, 1, 10000),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === 's3' && !env.S3_BUCKET) ctx.addIssue({ code: 'custom', message: 'STORAGE=s3 exige S3_BUCKET.' });
    if (env.BACKUP_CRON && !env.BACKUP_DIR) ctx.addIssue({ code: 'custom', message: 'BACKUP_CRON exige BACKUP_DIR (a pasta onde os backups agendados são gravados).' });
  })
  .transform(
    (env): ReplicasConfig => ({
      scale: {
        redisUrl: env.REDIS_URL,
        redisPrefix: env.REDIS_PREFIX,
        metricsToken: env.METRICS_TOKEN,
        shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
        backgroundJobs: env.BACKGROUND_JOBS,
      },
      jobs: { attempts: env.JOBS_ATTEMPTS, backoffMs: env.JOBS_BACKOFF_SECONDS * 1000 },
      storage:
        env.STORAGE === 's3'
          ? {
              kind: 's3',
              s3: {
                endpoint: env.S3_ENDPOINT,
                bucket: env.S3_BUCKET!,
                region: env.S3_REGION,
                accessKeyId: env.S3_ACCESS_KEY_ID,
                secretAccessKey: env.S3_SECRET_ACCESS_KEY,
                forcePathStyle: env.S3_FORCE_PATH_STYLE,
              },
            }
          : { kind: 'local' },
      backup: { dir: env.BACKUP_DIR, cron: env.BACKUP_CRON ?? null, keep: env.BACKUP_KEEP },
    }),
  );
