import * as fs from 'node:fs';
import { z } from 'zod';
import { given, int, oneOf, text, url } from './env';

export interface MailConfig {
  /** 0: no SMTP listener. */
  smtpPort: number;
  smtpHost: string;
  /** Largest message accepted (SMTP, and the attachments of one message sent from the panel). */
  maxBytes: number;
  /** Outside mail goes through this relay (nodemailer URL); null: only internal delivery works. */
  relayUrl: string | null;
  /** The outbox's first retry wait; later waits grow in proportion (OUTBOX_RETRY_BASE_MS, default 30 s). */
  outboxRetryBaseMs: number;
  /** OUTBOX_FAILED_RETENTION_DAYS: a message that finally failed keeps its content (for Reenviar) this long, then is cancelled and its content removed. */
  outboxFailedRetentionDays: number;
  quotaBytes: number;
  /**
   * MAIL_SPOOL: when a message received over SMTP may be answered 250 once spooled (its raw bytes
   * committed) and stored into the inboxes right after: 'auto' while the listener is busy with
   * others (the default), 'always', or 'off' (every message stored before its 250).
   */
  spool: 'auto' | 'always' | 'off';
  /** MAIL_SPOOL_WAIT_MS: how long spooled messages may wait for a quiet moment before they are stored anyway (5 s: bench/results/issue-14-smtp.md, "SMTP bursts"). */
  spoolWaitMs: number;
  /** STARTTLS on the listener when both are set (PEM contents, read at start-up). */
  tls: { key: Buffer; cert: Buffer } | null;
}

const MB = 1024 * 1024;

/** Reads a PEM file named by `name` at start-up; a file that cannot be read stops it, saying which. */
function readPem(name: string, file: string, ctx: z.RefinementCtx): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `${name}: não foi possível ler "${file}": ${(err as Error).message}` });
    return null;
  }
}

/** The staff mailbox (issue 4): the SMTP listener, the relay for outside mail, limits. */
export const mailEnv = z
  .object({
    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:'], 'SMTP_URL inválida: use smtp://usuario:senha@host:587 ou smtps://usuario:senha@host:465.'),
    SMTP_TLS_KEY: given,
    SMTP_TLS_CERT: given,
    SMTP_PORT: int('SMTP_PORT', 2525, 0, 65535),
    SMTP_HOST: text('127.0.0.1'),
    MAIL_MAX_BYTES: int('MAIL_MAX_BYTES', 25 * MB, 1024, 1024 * MB),
    OUTBOX_RETRY_BASE_MS: int('OUTBOX_RETRY_BASE_MS', 30_000, 100, 3_600_000),
    OUTBOX_FAILED_RETENTION_DAYS: int('OUTBOX_FAILED_RETENTION_DAYS', 30, 1, 3650),
    MAIL_QUOTA_BYTES: int('MAIL_QUOTA_BYTES', 15 * 1024 * MB, MB, Number.MAX_SAFE_INTEGER),
    MAIL_SPOOL: oneOf(['auto', 'always', 'off'], 'auto', (v) => `MAIL_SPOOL "${v}" inválido: use auto, always ou off.`),
    MAIL_SPOOL_WAIT_MS: int('MAIL_SPOOL_WAIT_MS', 5000, 0, 3_600_000),
  })
  .refine((env) => (env.SMTP_TLS_KEY === undefined) === (env.SMTP_TLS_CERT === undefined), {
    error: 'SMTP_TLS_KEY e SMTP_TLS_CERT devem ser informados juntos (ou nenhum dos dois).',
  })
  .transform((env, ctx): MailConfig => {
    const key = env.SMTP_TLS_KEY && readPem('SMTP_TLS_KEY', env.SMTP_TLS_KEY, ctx);
    const cert = env.SMTP_TLS_CERT && readPem('SMTP_TLS_CERT', env.SMTP_TLS_CERT, ctx);
    return {
      smtpPort: env.SMTP_PORT,
      smtpHost: env.SMTP_HOST,
      maxBytes: env.MAIL_MAX_BYTES,
      relayUrl: env.SMTP_URL ?? null,
      outboxRetryBaseMs: env.OUTBOX_RETRY_BASE_MS,
      outboxFailedRetentionDays: env.OUTBOX_FAILED_RETENTION_DAYS,
      quotaBytes: env.MAIL_QUOTA_BYTES,
      spool: env.MAIL_SPOOL,
      spoolWaitMs: env.MAIL_SPOOL_WAIT_MS,
      tls: key && cert ? { key, cert } : null,
    };
  });
