import { z } from 'zod';

/** The environment as read: every variable optional, every value a string. */
export type Env = Record<string, string | undefined>;

/** Start-up stops with this error; main.ts prints its message alone, without a stack, and exits 78. */
export class ConfigError extends Error {}

/**
 * Reads one area of the configuration from the environment (or one variable's value) through its
 * schema; the first problem found, in the schema's order, becomes the ConfigError, in Portuguese,
 * naming the variable.
 */
export function readEnv<S extends z.ZodType>(schema: S, input: Env | string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues[0].message);
}

/** A variable's value, trimmed; unset and blank are both "not given". */
export const given = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** Free text, `fallback` when not given. */
export const text = (fallback: string) => given.transform((v) => v ?? fallback);

/** Free text or null when not given (a key, a token, a path). */
export const optional = given.transform((v) => v ?? null);

/** An integer from `min` to `max`, `fallback` when not given. */
export function int(name: string, fallback: number, min: number, max: number) {
  return given
    .refine((v) => v === undefined || (Number.isInteger(Number(v)) && Number(v) >= min && Number(v) <= max), {
      error: (issue) => `${name} deve ser um número inteiro entre ${min} e ${max} (recebido: "${String(issue.input)}").`,
    })
    .transform((v) => (v === undefined ? fallback : Number(v)));
}

/** One of `values` (any case), `fallback` when not given. */
export function oneOf<const T extends string>(values: readonly T[], fallback: T, message: (received: string) => string) {
  return given
    .transform((v) => (v ?? fallback).toLowerCase())
    .refine((v): v is T => (values as readonly string[]).includes(v), { error: (issue) => message(String(issue.input)) });
}

/** A URL whose protocol is one of `protocols`; `invalid` is the message for what does not parse. */
export function url(name: string, protocols: readonly string[], invalid: string) {
  return given.superRefine((v, ctx) => {
    if (v === undefined) return;
    let protocol: string;
    try {
      protocol = new URL(v).protocol;
    } catch {
      ctx.addIssue({ code: 'custom', message: invalid });
      return;
    }
    if (!protocols.includes(protocol)) {
      const usable = protocols.map((p) => `${p}//`).join(' ou ');
      ctx.addIssue({ code: 'custom', message: `${name}: protocolo "${protocol}" não suportado; use ${usable}.` });
    }
  });
}

/** An http(s) base URL without a trailing slash (the paths are appended to it). */
export function httpBase(name: string, fallback: string) {
  return url(name, ['http:', 'https:'], `${name} inválida: use um endereço http(s)://, por exemplo ${fallback}.`).transform((v) => (v ?? fallback).replace(/\/+$/, ''));
}

/** On unless set to one of the usual "no" words (0, false, nao, não, off, no). */
export const switchedOn = given.transform((v) => !/^(0|false|nao|não|off|no)$/i.test(v ?? ''));
