import { BadRequestException } from '@nestjs/common';
import { JSON_MAX_DEPTH, jsonBodyProblem, parseJsonBody } from './json-body';

const check = (text: string) => jsonBodyProblem(Buffer.from(text, 'utf8'));
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('jsonBodyProblem', () => {
  it.each([
    ['a flat object', '{"a":1,"b":"x"}'],
    ['the deepest nesting allowed', nested(JSON_MAX_DEPTH)],
    ['brackets inside strings', `{"a":"${'['.repeat(1000)}"}`],
    ['escaped quotes and backslashes inside strings', '{"a":"\\"[[[[\\\\","b":[1]}'],
    ['prototype words as values', '{"nome":"__proto__","x":"constructor"}'],
    ['a key that only contains a prototype word', '{"__proto__x":1,"my constructor":2}'],
    ['multi-byte text', '{"razaoSocial":"Açúcar & Café – ☕ ltda"}'],
    ['malformed JSON (left to JSON.parse)', '{"a":'],
  ])('accepts %s', (_name, text) => {
    expect(check(text)).toBeNull();
  });

  it.each([
    ['one level too deep', nested(JSON_MAX_DEPTH + 1)],
    ['100,000 levels', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)],
    ['deep objects inside an array', `[${'{"a":'.repeat(40)}1${'}'.repeat(40)}]`],
  ])('refuses %s as too deep', (_name, text) => {
    expect(check(text)).toBe(`O JSON enviado tem mais de ${JSON_MAX_DEPTH} níveis de aninhamento.`);
  });

  it.each([
    ['__proto__', '{"__proto__":{"isAdmin":true}}'],
    ['constructor with blanks before the colon', '{"a":1, "constructor" \n : {"prototype":{}}}'],
    ['prototype, nested', '{"a":{"b":{"prototype":1}}}'],
    ['__proto__ written with escapes', '{"\\u005f\\u005fproto\\u005f\\u005f":{}}'],
  ])('refuses the key %s', (_name, text) => {
    expect(check(text)).toBe('O corpo da requisição contém um campo não permitido.');
  });
});

describe('parseJsonBody', () => {
  const parse = (text: string) => parseJsonBody(Buffer.from(text, 'utf8'));
  const refusal = (text: string) => {
    try {
      parse(text);
    } catch (err) {
      return err instanceof BadRequestException ? err.message : `não é um 400: ${String(err)}`;
    }
    return 'aceito';
  };

  it('reads an object or an array, and an empty body as {}', () => {
    expect(parse('{"razaoSocial":"Açúcar & Café"}')).toEqual({ razaoSocial: 'Açúcar & Café' });
    expect(parse(' [1,2] ')).toEqual([1, 2]);
    expect(parse('')).toEqual({});
    expect(parse(' \n ')).toEqual({});
  });

  it.each([
    ['a bare string', '"texto"'],
    ['a bare number', '42'],
    ['null', 'null'],
    ['malformed JSON', '{"email": '],
    ['two documents', '{"a":1}{"b":2}'],
  ])('refuses %s with a pt-BR 400', (_name, text) => {
    expect(refusal(text)).toBe('JSON malformado no corpo da requisição.');
  });

  it('refuses hostile bodies before parsing them', () => {
    expect(refusal(nested(JSON_MAX_DEPTH + 1))).toBe(`O JSON enviado tem mais de ${JSON_MAX_DEPTH} níveis de aninhamento.`);
    expect(refusal('{"__proto__":{"isAdmin":true}}')).toBe('O corpo da requisição contém um campo não permitido.');
  });
});
