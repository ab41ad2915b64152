/**
 * The API as its OpenAPI document (GET /api/docs-json) describes it: every operation with its path
 * and query parameters and its request body, `$ref`s resolved. The fuzzer derives everything it
 * sends from here, so a new route or field is fuzzed without touching the test.
 */

export type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  nullable?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  example?: unknown;
  default?: unknown;
  $ref?: string;
};

export interface Param {
  name: string;
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  /** Content types it accepts with the schema of each, JSON first. */
  bodies: { contentType: string; schema: Schema }[];
  /** True when the document says a bearer token is required. */
  secured: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: unknown[] }>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (s: Schema | undefined, seen = new Set<string>()): Schema => {
    if (!s) return {};
    if (s.$ref) {
      const name = s.$ref.replace('#/components/schemas/', '');
      if (seen.has(name)) return { type: 'object' };
      return resolve(doc.components?.schemas?.[name], new Set([...seen, name]));
    }
    const out: Schema = { ...s };
    if (s.items) out.items = resolve(s.items, seen);
    if (s.oneOf) out.oneOf = s.oneOf.map((x) => resolve(x, seen));
    if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, resolve(v, seen)]));
    return out;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const params = (op.parameters ?? []).map((p) => ({ in: p.in, name: p.name, required: !!p.required, schema: resolve(p.schema) }));
      ops.push({
        method: m.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        bodies: Object.entries(op.requestBody?.content ?? {})
          .map(([contentType, c]) => ({ contentType, schema: resolve(c.schema) }))
          .sort((a, b) => Number(b.contentType.includes('json')) - Number(a.contentType.includes('json'))),
        secured: !!op.security?.length,
      });
    }
  }
  return ops;
}

/** `/api/users/{id}` with `{ id: 'x' }` → `/api/users/x`, each value URL-encoded. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeLoose(values[name] ?? ''));
}

/**
 * encodeURIComponent that also takes lone surrogates (which it refuses), sending their WTF-8 bytes
 * (%ED%A0%80 for U+D800): an invalid UTF-8 sequence, which is exactly what a hostile client sends.
 */
export function encodeLoose(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g, (part) => {
    if (part.length === 1 && part.charCodeAt(0) >= 0xd800 && part.charCodeAt(0) <= 0xdfff) {
      const c = part.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => '%' + b.toString(16).toUpperCase()).join('');
    }
    return encodeURIComponent(part);
  });
}
