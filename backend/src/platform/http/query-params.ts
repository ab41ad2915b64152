import { BadRequestException, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { isIsoDate, type IsoDate } from '@veritas/common';

/**
 * The one reader of dates, instants, years and named periods in query strings. Every refusal is a
 * 400 that names the parameter and the forms it accepts; nothing past it ever sees a string that is
 * not a real calendar day (2026-02-30, 2026-13-45, "true" and "" are refused, never rolled over).
 */
export const DATE_FORMS = 'uma data real no formato AAAA-MM-DD (por exemplo 2026-03-31)';
export const INSTANT_FORMS = 'uma data AAAA-MM-DD ou data e hora ISO 8601 (por exemplo 2026-03-31 ou 2026-03-31T14:30:00-03:00)';

/** A parameter given once, as text; undefined when absent. */
function single(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new BadRequestException(`Parâmetro ${name} inválido: informe-o uma única vez.`);
  return value;
}

/** A calendar day, or undefined when the parameter is absent. An empty value is refused. */
export function queryDate(value: unknown, name: string): IsoDate | undefined {
  const v = single(value, name);
  if (v === undefined) return undefined;
  if (!isIsoDate(v)) throw new BadRequestException(`Parâmetro ${name} inválido: use ${DATE_FORMS}.`);
  return v;
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

/**
 * An instant: a day alone is its midnight in São Paulo (UTC−3 all year since 2019), a date and time
 * is read as ISO 8601. Undefined when absent.
 */
export function queryInstant(value: unknown, name: string): Date | undefined {
  const v = single(value, name);
  if (v === undefined) return undefined;
  const m = INSTANT.exec(v);
  if (!m || !isIsoDate(m[1])) throw new BadRequestException(`Parâmetro ${name} inválido: use ${INSTANT_FORMS}.`);
  const d = new Date(m[2] === undefined ? `${v}T00:00:00-03:00` : v);
  if (Number.isNaN(d.getTime())) throw new BadRequestException(`Parâmetro ${name} inválido: use ${INSTANT_FORMS}.`);
  return d;
}

/** One of a few named values; the fallback when absent or empty (a form's "not chosen"). */
export function queryChoice<T extends string>(value: unknown, name: string, choices: readonly T[], fallback: T): T {
  const v = single(value, name);
  if (v === undefined || v === '') return fallback;
  if ((choices as readonly string[]).includes(v)) return v as T;
  throw new BadRequestException(`Parâmetro ${name} inválido: use ${choices.slice(0, -1).join(', ')} ou ${choices[choices.length - 1]}.`);
}

/** A year from 2000 to 2100 written with four digits; undefined when absent or empty. */
export function queryYear(value: unknown, name: string): number | undefined {
  const v = single(value, name);
  if (v === undefined || v === '') return undefined;
  const year = /^\d{4}$/.test(v) ? Number(v) : NaN;
  if (!(year >= 2000 && year <= 2100)) throw new BadRequestException(`Parâmetro ${name} inválido: informe um ano entre 2000 e 2100 (por exemplo 2026).`);
  return year;
}

/** `@Query('data', DateQuery)` on a string parameter: queryDate as a Nest pipe, named by the parameter it reads. */
export const DateQuery: PipeTransform = { transform: (v: unknown, m: ArgumentMetadata) => queryDate(v, m.data ?? 'data') };
