import { BadRequestException } from '@nestjs/common';

/** No form of ours nests deeper than 3; 32 leaves room and stops a parser bomb at once. */
export const JSON_MAX_DEPTH = 32;

/** Keys that reach an object's prototype when a library copies them onto a plain object. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** The longest way to write one of them: each character as a \uXXXX escape, plus the quotes. */
const LONGEST_KEY = 2 + 6 * 'constructor'.length;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/**
 * Why a raw JSON body must not reach JSON.parse, or null. One linear pass over the bytes (strings
 * and escapes honoured; UTF-8 continuation bytes are never ASCII, so byte scanning is exact):
 * nesting deeper than JSON_MAX_DEPTH (a 586 KiB body nested 100,000 levels blocked the event loop
 * for 0.7 s in the parser and the validator), and prototype keys, which no field of ours uses.
 * Malformed JSON is left to JSON.parse, which says so.
 */
export function jsonBodyProblem(body: Uint8Array): string | null {
  let depth = 0;
  let stringStart = -1; // index of the opening quote while inside a string
  let lastString: [number, number] | null = null; // the last string closed, until a non-blank follows
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (stringStart >= 0) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        lastString = [stringStart, i + 1];
        stringStart = -1;
      }
      continue;
    }
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (c === COLON && lastString && isPrototypeKey(body, lastString[0], lastString[1])) {
      return 'O corpo da requisição contém um campo não permitido.';
    }
    lastString = null;
    if (c === QUOTE) stringStart = i;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > JSON_MAX_DEPTH) return `O JSON enviado tem mais de ${JSON_MAX_DEPTH} níveis de aninhamento.`;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return null;
}

function isPrototypeKey(body: Uint8Array, start: number, end: number): boolean {
  if (end - start > LONGEST_KEY) return false;
  const raw = Buffer.from(body.buffer, body.byteOffset + start, end - start).toString('utf8');
  let key: unknown;
  try {
    key = JSON.parse(raw);
  } catch {
    return false; // malformed: JSON.parse will refuse the whole body
  }
  return typeof key === 'string' && PROTOTYPE_KEYS.has(key);
}

/** The largest JSON (or form) body the API reads; beyond it a pt-BR 413. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const MALFORMED = 'JSON malformado no corpo da requisição.';

/**
 * The API's JSON body: hostile bodies refused before JSON.parse (jsonBodyProblem), an empty body read
 * as `{}`, and only an object or an array at the top (a bare string or number is no body of ours).
 * Answers the parsed body or throws a pt-BR BadRequestException.
 */
export function parseJsonBody(body: Buffer): unknown {
  const problem = jsonBodyProblem(body);
  if (problem) throw new BadRequestException(problem);
  const text = body.toString('utf8').trim();
  if (text === '') return {};
  if (text[0] !== '{' && text[0] !== '[') throw new BadRequestException(MALFORMED);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestException(MALFORMED);
  }
}
