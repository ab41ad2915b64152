import { z } from 'zod';
import { DEFAULT_AUDIT_RETENTION_DAYS, FirmConfig, PIX_KEY_FORMS, pixKeyKind, SERVICOS_CATALOGO, SLA_PADRAO_DIAS_UTEIS } from '@veritas/common';
import { given, httpBase, int, oneOf, optional, readEnv, type Env } from './env';

export interface RegistrosConfig {
  /** Largest document upload, in bytes. */
  docMaxBytes: number;
  /** Service-level time in business days per catalogue service code (defaults from @veritas/common). */
  slaDiasUteis: Record<string, number>;
  /** For a client type's own service that matches no catalogue service. */
  slaPadraoDiasUteis: number;
}

export interface FinancasConfig {
  /** A registro's charge is made when it is opened (default) or when it is concluded. */
  cobrarEm: 'abertura' | 'conclusao';
  /** Due date: this many calendar days after the charge is made. */
  vencimentoDias: number;
  /** Reminder days relative to the due date (−3 = three days before). */
  lembretes: number[];
  /** The firm's static PIX: key, beneficiary name and city (reduced to ASCII when the code is made). */
  pix: { chave: string; nome: string; cidade: string };
}

/** CNPJ (CNPJá-compatible) and CEP (ViaCEP-compatible) lookups, proxied and cached by the server. */
export interface LookupConfig {
  cnpjApiUrl: string;
  cnpjApiKey: string | null;
  cnpjCacheDays: number;
  cnpjRatePerMinute: number;
  /** Of those, kept for the staff: the public lookups use at most the rest (at least 1). */
  cnpjStaffReservedPerMinute: number;
  cnpjQueueMs: number;
  cepApiUrl: string;
  timeoutMs: number;
  perIpPerMinute: number;
}

/** SLA_DIAS_UTEIS="abertura-empresas=20,certidao-simplificada=2" overrides the catalogue's defaults. */
const slaDiasUteis = given.transform((raw, ctx) => {
  const sla: Record<string, number> = Object.fromEntries(SERVICOS_CATALOGO.map((s) => [s.codigo, s.slaDiasUteis]));
  for (const pair of raw ? raw.split(/[,;]/) : []) {
    const m = /^\s*([a-z0-9-]+)\s*=\s*(\d{1,3})\s*$/.exec(pair);
    if (!m || !Object.hasOwn(sla, m[1]) || Number(m[2]) < 1 || Number(m[2]) > 365) {
      ctx.addIssue({
        code: 'custom',
        message: `SLA_DIAS_UTEIS: "${pair.trim()}" inválido; use codigo=dias (1 a 365) separados por vírgula, com os códigos ${Object.keys(sla).join(', ')}.`,
      });
      return z.NEVER;
    }
    sla[m[1]] = Number(m[2]);
  }
  return sla;
});

/** Registros and documents (issue 6): upload bound and deadlines in business days. */
export const registrosEnv = z
  .object({
    DOC_MAX_BYTES: int('DOC_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    SLA_DIAS_UTEIS: slaDiasUteis,
    SLA_PADRAO_DIAS_UTEIS: int('SLA_PADRAO_DIAS_UTEIS', SLA_PADRAO_DIAS_UTEIS, 1, 365),
  })
  .transform((env): RegistrosConfig => ({ docMaxBytes: env.DOC_MAX_BYTES, slaDiasUteis: env.SLA_DIAS_UTEIS, slaPadraoDiasUteis: env.SLA_PADRAO_DIAS_UTEIS }));

/** FINANCAS_LEMBRETES: days relative to the due date, "-3,0,3,7" by default; empty: none. */
const lembretes = z
  .string()
  .optional()
  .transform((v) => v?.trim() ?? '-3,0,3,7')
  .refine((raw) => raw === '' || raw.split(',').every((d) => /^[-+]?\d{1,3}$/.test(d.trim()) && Math.abs(Number(d)) <= 365), {
    error: (issue) => `FINANCAS_LEMBRETES: use dias relativos ao vencimento separados por vírgula, de -365 a 365, por exemplo "-3,0,3,7" (recebido: "${String(issue.input)}").`,
  })
  .transform((raw) => (raw === '' ? [] : [...new Set(raw.split(',').map(Number))].sort((a, b) => a - b)));

/** FIRM_PIX_KEY: a key in one of DICT's forms by kind (issue 55); banks reject a BR Code with any other. */
const pixKey = optional.refine((v) => v === null || pixKeyKind(v) !== null, {
  error: (issue) => `FIRM_PIX_KEY inválida: use ${PIX_KEY_FORMS} (recebido: "${String(issue.input)}").`,
});

/** Finanças (issue 12): FINANCAS_* and FIRM_PIX_*, whose defaults come from the firm. */
export function financasEnv(firm: FirmConfig) {
  return z
    .object({
      FINANCAS_COBRAR_EM: oneOf(['abertura', 'conclusao'], 'abertura', (v) => `FINANCAS_COBRAR_EM deve ser "abertura" ou "conclusao" (recebido: "${v}").`),
      FINANCAS_VENCIMENTO_DIAS: int('FINANCAS_VENCIMENTO_DIAS', 7, 0, 365),
      FINANCAS_LEMBRETES: lembretes,
      FIRM_PIX_KEY: pixKey,
      FIRM_PIX_NOME: optional,
      FIRM_PIX_CIDADE: optional,
    })
    .transform(
      (env): FinancasConfig => ({
        cobrarEm: env.FINANCAS_COBRAR_EM,
        vencimentoDias: env.FINANCAS_VENCIMENTO_DIAS,
        lembretes: env.FINANCAS_LEMBRETES,
        pix: { chave: env.FIRM_PIX_KEY ?? firm.email, nome: env.FIRM_PIX_NOME ?? firm.brandName, cidade: env.FIRM_PIX_CIDADE ?? firm.city },
      }),
    );
}

export function financasConfigFrom(env: Env, firm: FirmConfig): FinancasConfig {
  return readEnv(financasEnv(firm), env);
}

export const lookupEnv = z
  .object({
    CNPJ_API_URL: httpBase('CNPJ_API_URL', 'https://open.cnpja.com'),
    CNPJ_API_KEY: optional,
    CNPJ_CACHE_DAYS: int('CNPJ_CACHE_DAYS', 30, 0, 3650),
    CNPJ_RATE_PER_MINUTE: int('CNPJ_RATE_PER_MINUTE', 5, 1, 1000),
    CNPJ_STAFF_RESERVED_PER_MINUTE: int('CNPJ_STAFF_RESERVED_PER_MINUTE', 2, 0, 1000),
    CNPJ_QUEUE_SECONDS: int('CNPJ_QUEUE_SECONDS', 10, 0, 60),
    CEP_API_URL: httpBase('CEP_API_URL', 'https://viacep.com.br'),
    LOOKUP_TIMEOUT_SECONDS: int('LOOKUP_TIMEOUT_SECONDS', 8, 1, 60),
    LOOKUP_RATE_PER_IP: int('LOOKUP_RATE_PER_IP', 30, 1, 10000),
  })
  .transform(
    (env): LookupConfig => ({
      cnpjApiUrl: env.CNPJ_API_URL,
      cnpjApiKey: env.CNPJ_API_KEY,
      cnpjCacheDays: env.CNPJ_CACHE_DAYS,
      cnpjRatePerMinute: env.CNPJ_RATE_PER_MINUTE,
      cnpjStaffReservedPerMinute: env.CNPJ_STAFF_RESERVED_PER_MINUTE,
      cnpjQueueMs: env.CNPJ_QUEUE_SECONDS * 1000,
      cepApiUrl: env.CEP_API_URL,
      timeoutMs: env.LOOKUP_TIMEOUT_SECONDS * 1000,
      perIpPerMinute: env.LOOKUP_RATE_PER_IP,
    }),
  );

/** What the privacy notice states (issue 16): how long contact messages and the audit trail are kept. */
export const retentionEnv = z.object({
  CONTACT_RETENTION_DAYS: int('CONTACT_RETENTION_DAYS', 365, 1, 3650),
  AUDIT_RETENTION_DAYS: int('AUDIT_RETENTION_DAYS', DEFAULT_AUDIT_RETENTION_DAYS, 1, 36500),
  AUDIT_CHECKPOINT_ENTRIES: int('AUDIT_CHECKPOINT_ENTRIES', 1000, 1, 1_000_000),
  EXPORT_STORAGE_MAX_MB: int('EXPORT_STORAGE_MAX_MB', 500, 1, 1_000_000),
  NOTICE_RETENTION_DAYS: int('NOTICE_RETENTION_DAYS', 365, 1, 3650),
});
