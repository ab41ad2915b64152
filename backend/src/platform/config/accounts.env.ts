import { z } from 'zod';
import { checkPasswordPolicy, isValidEmail } from '@veritas/common';
import { given, int, text } from './env';

export interface AccountsConfig {
  /** JWT_SECRET as given; null: the one generated once and kept in DATA_DIR (loadConfig reads it). */
  jwtSecret: string | null;
  /** AUDIT_KEY as given; null: the key generated once and kept in DATA_DIR/audit-key (loadConfig reads it). */
  auditKey: string | null;
  /** AUDIT_KEYRING: keys retired by a rotation, comma-separated (ADR 0009); DATA_DIR/audit-keyring adds its lines. */
  auditKeyring: string[];
  /** UNSUBSCRIBE_SECRET as given; null: the one generated once and kept in DATA_DIR/unsubscribe-secret (ADR 0046). */
  unsubscribeSecret: string | null;
  /** SETTINGS_SECRET as given; null: the one generated once and kept in DATA_DIR/settings-secret (ADR 0055). */
  settingsSecret: string | null;
  jwtExpiresIn: string;
  mailDomain: string;
  master: { username: string; name: string; password: string | null };
  /** Sign-in throttle (issues 9, 54): free failures per e-mail, then a doubling delay; failures (never successes) per IP per window. */
  login: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowMs: number; delayBaseMs: number; maxDelayMs: number };
  /** The public contact form (issue 5): where its messages are delivered, and its per-IP limit. */
  contact: { inbox: string; perIpPerHour: number };
  /** The public client registration (issue 9): attempts per IP per hour. */
  clientes: { registerPerIpPerHour: number };
  /** Password recovery (issue 5): requests per IP and mails per address, per hour. */
  passwordReset: { perIpPerHour: number; perEmailPerHour: number };
}

const DURATION = /^\d+[smhd]?$/;
const USERNAME = /^[a-z0-9][a-z0-9._-]{1,39}$/;

/** The sessions, the master account, staff addresses and the public forms' limits. */
export const accountsEnv = z
  .object({
    JWT_SECRET: given.refine((v) => v === undefined || v.length >= 32, { error: 'JWT_SECRET deve ter pelo menos 32 caracteres.' }),
    AUDIT_KEY: given.refine((v) => v === undefined || v.length >= 32, { error: 'AUDIT_KEY deve ter pelo menos 32 caracteres.' }),
    UNSUBSCRIBE_SECRET: given.refine((v) => v === undefined || v.length >= 32, { error: 'UNSUBSCRIBE_SECRET deve ter pelo menos 32 caracteres.' }),
    SETTINGS_SECRET: given.refine((v) => v === undefined || v.length >= 32, { error: 'SETTINGS_SECRET deve ter pelo menos 32 caracteres.' }),
    AUDIT_KEYRING: given
      .transform((v) => (v ?? '').split(',').map((k) => k.trim()).filter(Boolean))
      .refine((keys) => keys.every((k) => k.length >= 32), { error: 'AUDIT_KEYRING deve listar chaves anteriores separadas por vírgula, cada uma com pelo menos 32 caracteres.' }),
    JWT_EXPIRES_IN: text('8h').refine((v) => DURATION.test(v), { error: 'JWT_EXPIRES_IN deve ser um número de segundos ou uma duração como 30m, 8h ou 7d.' }),
    MAIL_DOMAIN: text('veritas.com.br').transform((v) => v.toLowerCase()),
    MASTER_USERNAME: text('master')
      .transform((v) => v.toLowerCase())
      .refine((v) => USERNAME.test(v), { error: 'MASTER_USERNAME deve ter de 2 a 40 letras minúsculas, números, ponto, hífen ou sublinhado.' }),
    // Not trimmed: a password is what it is.
    MASTER_PASSWORD: z
      .string()
      .optional()
      .transform((v) => v || null)
      .superRefine((v, ctx) => {
        const weak = v ? checkPasswordPolicy(v) : null;
        if (weak) ctx.addIssue({ code: 'custom', message: `MASTER_PASSWORD não atende à política de senhas: ${weak}.` });
      }),
    MASTER_NAME: text('Administrador Master'),
    CONTACT_INBOX: given.transform((v) => v?.toLowerCase()),
    LOGIN_MAX_FAILURES_PER_EMAIL: int('LOGIN_MAX_FAILURES_PER_EMAIL', 5, 1, 1000),
    LOGIN_MAX_FAILURES_PER_IP: int('LOGIN_MAX_FAILURES_PER_IP', 100, 1, 100000),
    LOGIN_WINDOW_MINUTES: int('LOGIN_WINDOW_MINUTES', 15, 1, 1440),
    LOGIN_DELAY_BASE_SECONDS: int('LOGIN_DELAY_BASE_SECONDS', 2, 1, 3600),
    LOGIN_MAX_DELAY_SECONDS: int('LOGIN_MAX_DELAY_SECONDS', 300, 1, 86400),
    REGISTER_RATE_PER_IP: int('REGISTER_RATE_PER_IP', 5, 1, 100000),
    CONTACT_RATE_PER_IP: int('CONTACT_RATE_PER_IP', 10, 1, 100000),
    PASSWORD_RESET_RATE_PER_IP: int('PASSWORD_RESET_RATE_PER_IP', 10, 1, 100000),
    PASSWORD_RESET_RATE_PER_EMAIL: int('PASSWORD_RESET_RATE_PER_EMAIL', 3, 1, 1000),
  })
  .superRefine((env, ctx) => {
    if (!isValidEmail(`${env.MASTER_USERNAME}@${env.MAIL_DOMAIN}`)) {
      ctx.addIssue({ code: 'custom', message: `MAIL_DOMAIN "${env.MAIL_DOMAIN}" não forma endereços de e-mail válidos.` });
    } else if (env.CONTACT_INBOX !== undefined && !isValidEmail(env.CONTACT_INBOX)) {
      ctx.addIssue({ code: 'custom', message: `CONTACT_INBOX "${env.CONTACT_INBOX}" não é um endereço de e-mail válido.` });
    }
  })
  .transform(
    (env): AccountsConfig => ({
      jwtSecret: env.JWT_SECRET ?? null,
      auditKey: env.AUDIT_KEY ?? null,
      auditKeyring: env.AUDIT_KEYRING,
      unsubscribeSecret: env.UNSUBSCRIBE_SECRET ?? null,
      settingsSecret: env.SETTINGS_SECRET ?? null,
      jwtExpiresIn: env.JWT_EXPIRES_IN,
      mailDomain: env.MAIL_DOMAIN,
      master: { username: env.MASTER_USERNAME, name: env.MASTER_NAME, password: env.MASTER_PASSWORD },
      login: {
        maxFailuresPerEmail: env.LOGIN_MAX_FAILURES_PER_EMAIL,
        maxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
        windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
        delayBaseMs: env.LOGIN_DELAY_BASE_SECONDS * 1000,
        maxDelayMs: env.LOGIN_MAX_DELAY_SECONDS * 1000,
      },
      // The master's mailbox by default: an internal address, delivered without any relay.
      contact: { inbox: env.CONTACT_INBOX ?? `${env.MASTER_USERNAME}@${env.MAIL_DOMAIN}`, perIpPerHour: env.CONTACT_RATE_PER_IP },
      clientes: { registerPerIpPerHour: env.REGISTER_RATE_PER_IP },
      passwordReset: { perIpPerHour: env.PASSWORD_RESET_RATE_PER_IP, perEmailPerHour: env.PASSWORD_RESET_RATE_PER_EMAIL },
    }),
  );
