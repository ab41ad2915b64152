/**
 * fast-check arbitraries for what an attacker sends: wrong types, nulls, huge and odd-unicode text,
 * deep nesting, prototype keys, hostile list parameters. JSON is produced as text, so keys such as
 * `__proto__` reach the server as own keys (JSON.stringify would drop them).
 */
import fc from 'fast-check';
import type { Schema } from './contract';

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

/** 100 KB of text, in a few shapes. */
export const HUGE = ['A'.repeat(100 * 1024), '😀'.repeat(25 * 1024), 'é'.repeat(50 * 1024), '\u0000'.repeat(100 * 1024)];

const ODD_TEXT = [
  '',
  ' ',
  '   \t\n',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  "'; DROP TABLE users;--",
  "' OR '1'='1",
  '" OR ""="',
  '%',
  '_',
  '!%_',
  '\\',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/dev/zero',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  'fatura\u202Efdp.exe',
  '\u202Eevil',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uFEFFbom',
  '😀🇧🇷👩‍👩‍👧‍👦',
  'Z\u0335\u0321\u0322\u031B\u0317\u0318\u0319\u031C\u031D\u031E\u031F\u0320',
  'e' + '\u0301'.repeat(500),
  'linha1\r\nBcc: vitima@exemplo.com',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'mailto:x@y',
  'ana@veritas.com.br',
  'ana@',
  '@exemplo.com.br',
  '2026-02-30',
  '0000-00-00',
  '00.000.000/0000-00',
  '11.222.333/0001-81',
  '01310-100',
  '00000000-0000-0000-0000-000000000000',
  ...PROTOTYPE_KEYS,
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
);

const hostileNumberText = fc.constantFrom('0', '-1', '1.5', '1e308', '-1e308', '9007199254740993', '2147483648', '-0', '1e-400');

/** Any JSON value (as text) an attacker might put where the server expects something else. */
export const hostileJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
    { weight: 2, arbitrary: fc.constantFrom('null', 'true', 'false', '[]', '{}', '""') },
    { weight: 2, arbitrary: hostileNumberText },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`) },
    { weight: 1, arbitrary: fc.array(fc.tuple(jsonKey(), tie('value')), { maxLength: 4 }).map(objectText) },
  ),
})).value;

function jsonKey(): fc.Arbitrary<string> {
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) }, { weight: 3, arbitrary: hostileString.filter((s) => s.length < 200) });
}

/** `{"k":v,...}` from [key, JSON text] pairs, keys kept as given (duplicates and `__proto__` included). */
export function objectText(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** Nesting far past anything a form sends, as arrays or objects. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(50, 1_000, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

/** Something that fits the schema (for the other fields to reach the code behind validation). */
export function plausible(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.oneOf?.length) return fc.oneof(...schema.oneOf.map((s) => plausible(s, name)));
  if (schema.example !== undefined) return fc.constant(schema.example);
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return fc.integer({ min: 0, max: 100 });
    case 'array':
      return fc.array(plausible(schema.items ?? {}, name), { maxLength: 3 });
    case 'object':
      if (!schema.properties) return fc.constant({});
      return fc.record(Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, plausible(v, k)])), { requiredKeys: schema.required ?? [] });
    default:
      if (schema.format === 'uuid' || /id$/i.test(name)) return fc.uuid();
      if (/email/i.test(name)) return fc.constantFrom('fuzz@exemplo.com.br', 'master@veritas.com.br');
      if (/password|senha/i.test(name)) return fc.constantFrom('Fuzz!2026pw', 'x');
      return fc.string({ maxLength: 30 });
  }
}

/** JSON text for one field: plausible most of the time, hostile otherwise. */
export function fieldJson(schema: Schema, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(schema, name).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 3, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.constant('null') },
  );
}

/**
 * A JSON object body for `schema`. Half the time every field is plausible but one, which is null or
 * hostile (so that the request passes the other checks and the odd value reaches the code behind);
 * otherwise each field is plausible, hostile or missing, with stray keys (prototype names among them).
 */
export function bodyJson(schema: Schema): fc.Arbitrary<string> {
  const props = Object.entries(schema.properties ?? {});
  const valid = fc.tuple(...props.map(([k, s]) => plausible(s, k).map((v) => [k, JSON.stringify(v) ?? 'null'] as [string, string])));
  const oneOdd = props.length
    ? fc.tuple(valid, fc.nat({ max: props.length - 1 }), fc.oneof(fc.constant('null'), hostileJson)).map(([entries, i, odd]) => objectText(entries.map((e, j) => (j === i ? [e[0], odd] : e))))
    : hostileJson;
  const fields = fc.tuple(...props.map(([k, s]) => fc.option(fieldJson(s, k), { freq: 4 }).map((v) => (v === null ? null : ([k, v] as [string, string])))));
  const extra = fc.array(fc.tuple(jsonKey(), hostileJson), { maxLength: 3 });
  const mixed = fc.tuple(fields, extra, fc.nat({ max: 4 })).map(([f, x, put]) => {
    const entries = f.filter((e): e is [string, string] => e !== null);
    if (put === 0) entries.unshift(...x);
    else if (put === 1) entries.push(...x);
    return objectText(entries);
  });
  return fc.oneof(oneOdd, mixed);
}

/** The `sort`, `range` and `filter` of the list contract, valid-looking or hostile. */
export function listParam(name: string, fields: string[]): fc.Arbitrary<string> {
  const field = fc.oneof(fc.constantFrom(...(fields.length ? fields : ['createdAt'])), fc.constantFrom(...PROTOTYPE_KEYS), hostileString);
  const junk = fc.oneof(
    fc.constantFrom('{', '[', 'not json', '%', 'null', '""', '1', '[]', '{}', '[[{}],[{}]]', '[{"__proto__":1}]', '{"__proto__":{"admin":true}}'),
    hostileString,
    hostileJson,
  );
  if (name === 'sort') {
    return fc.oneof(
      { weight: 4, arbitrary: fc.tuple(field, fc.constantFrom('ASC', 'DESC', 'asc', 'x', '')).map((t) => JSON.stringify(t)) },
      { weight: 1, arbitrary: fc.tuple(hostileJson, hostileJson).map(([a, b]) => `[${a},${b}]`) },
      { weight: 2, arbitrary: junk },
    );
  }
  if (name === 'range') {
    const n = fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: -5, max: -1 }), fc.constantFrom(1e308, 9007199254740993, 2 ** 31, 1.5, 1e9));
    return fc.oneof(
      { weight: 4, arbitrary: fc.tuple(n, n).map((t) => JSON.stringify(t)) },
      { weight: 1, arbitrary: fc.constantFrom('[0]', '[0,1,2]', '["a","b"]', '[{},{}]', '[null,null]', '{"0":0,"1":5}', '[0,"__proto__"]') },
      { weight: 2, arbitrary: junk },
    );
  }
  // filter
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.tuple(field, fc.oneof(hostileJson, fc.constantFrom('true', '"me"', 'null', '[]')).filter((v) => v.length < 20_000)), { maxLength: 3 }).map(objectText) },
    { weight: 2, arbitrary: junk },
  );
}

/** A path id: one that exists (`pool`), a fresh uuid, or something that is not a uuid at all. */
export const pathValue = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((i) => ({ pool: i })) },
  { weight: 1, arbitrary: fc.uuid().map((v) => ({ value: v })) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(hostileString, fc.constantFrom('../../../../etc/passwd', '..', '.', '%00', 'me', '1', '-1', 'null', 'a'.repeat(5000), '00000000-0000-0000-0000-00000000000g'))
      .map((v) => ({ value: v })),
  },
);

/** A multipart file: name and bytes, ordinary or hostile. */
export const uploadFile = fc.record({
  name: fc.oneof(fc.constantFrom('contrato.pdf', 'foto.png', 'x.exe', '../../../etc/passwd', 'a\u202Efdp.exe', '.htaccess', 'n\u0000ul.pdf', 'a'.repeat(400) + '.pdf'), hostileString.filter((s) => s.length < 1000)),
  type: fc.constantFrom('application/pdf', 'image/png', 'text/html', 'application/octet-stream', 'image/svg+xml', ''),
  bytes: fc.oneof(
    fc.constantFrom('%PDF-1.4\n%%EOF\n', '<html><script>alert(1)</script>%PDF-</html>', '\x89PNG\r\n\x1a\n', '<svg onload="alert(1)"/>', ''),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constant('A'.repeat(100 * 1024)),
  ),
});
