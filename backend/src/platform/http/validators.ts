import { registerDecorator, ValidateIf, ValidationArguments, ValidationOptions } from 'class-validator';
import { Transform } from 'class-transformer';
import { checkPasswordPolicy, isValidCep, isValidEmail, isValidPhone, validateCnpjField, validateCpfField } from '@veritas/common';

/**
 * Note: class-validator runs a property's decorators bottom-up; with stopAtFirstError, put the
 * "required" decorator lowest so that a missing field gets the required message.
 *
 * class-validator decorators that wrap the shared validators of @veritas/common: the browser and
 * the server run the same algorithm, and there is no second copy of it here.
 */
function shared(name: string, test: (v: unknown) => string | null, options?: ValidationOptions) {
  return (object: object, propertyName: string) => {
    let last: string | null = null;
    registerDecorator({
      name,
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate(value: unknown) {
          // Requiredness is the job of @IsNotEmpty, with the form's own message.
          if (value === undefined || value === null || value === '') return true;
          last = test(value);
          return last === null;
        },
        defaultMessage() {
          return last ?? 'Valor inválido.';
        },
      },
    });
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Any other rule of @veritas/common that answers its pt-BR problem or null (a feature's own field). */
export const SharedRule = (name: string, problem: (v: unknown) => string | null, o?: ValidationOptions) => shared(name, problem, o);

export const IsCnpj = (o?: ValidationOptions) => shared('isCnpj', (v) => validateCnpjField(str(v)).error, o);
/** A CPF (issue 54): required, 11 digits with or without the mask, check digits right (validateCpfField). */
export const IsCpf = (o?: ValidationOptions) => shared('isCpf', (v) => validateCpfField(typeof v === 'string' ? v : null), o);
export const IsCep = (o?: ValidationOptions) =>
  shared('isCep', (v) => (!v || isValidCep(str(v)) ? null : 'CEP inválido (deve conter 8 dígitos)'), o);
export const IsPhone = (label: string, o?: ValidationOptions) =>
  shared('isPhone', (v) => (!v || isValidPhone(str(v)) ? null : `${label} inválido: informe DDD e número (10 ou 11 dígitos).`), o);
export const IsStrongPassword = (o?: ValidationOptions) => shared('isStrongPassword', (v) => checkPasswordPolicy(str(v)), o);
export const IsEmailBR = (label = 'E-mail', o?: ValidationOptions) =>
  shared('isEmailBR', (v) => (isValidEmail(str(v)) ? null : `${label} inválido`), o);
export const IsIsoDate = (label: string, o?: ValidationOptions) =>
  shared('isIsoDate', (v) => (!v || isIsoDate(str(v)) ? null : `${label} inválida: use o formato AAAA-MM-DD.`), o);

function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** "O campo X é obrigatório", the registration form's wording (§5). */
/** class-transformer `@Transform`: text arrives trimmed. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** class-transformer `@Transform` for optional text: blank means "not informed" (null), so a form can send every field. */
export const blankToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

export const required = (label: string) => ({ message: `O campo ${label} é obrigatório` });

/**
 * An optional field: it may be left out, and then keeps its value (or takes its default). null is
 * not "left out" but a value, which the field's own rules judge, and at least this one refuses.
 * (class-validator's IsOptional lets null past every rule: it reached the services as a 500, or
 * silently cleared a required column such as a client's CNPJ.) Use this, never IsOptional.
 */
export function Optional(): PropertyDecorator {
  return (object: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'notNull',
      target: object.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => value !== null,
        defaultMessage: (args?: ValidationArguments) => `O campo ${args?.property ?? ''} não pode ser nulo.`,
      },
    });
    ValidateIf((_o: object, value: unknown) => value !== undefined)(object, propertyName as string);
  };
}

/**
 * A field that may be left out or cleared: null (or a blank that a Transform turns into null) means
 * "no value". Only for the columns that may really be empty; any other type is still refused.
 */
export const Nullable = (): PropertyDecorator => ValidateIf((_o: object, value: unknown) => value !== undefined && value !== null);

/** C0 controls (NUL, CR, LF, TAB…) and DEL: a one-line field holds none of them. */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** What a multi-line field drops: every C0 control and DEL but TAB and LF (CR is turned into LF first). */
const CONTROL_BUT_TAB_LF = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** A multi-line text as stored: CRLF and lone CR become LF; other controls but TAB are dropped. */
export function normalizeMultiLine(v: string): string {
  return v.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_TAB_LF, '');
}

/** The refusal of a control character in a one-line field, or null; a list is judged item by item. */
export function singleLineProblem(label: string, v: unknown): string | null {
  const bad = (Array.isArray(v) ? v : [v]).some((x) => typeof x === 'string' && CONTROL.test(x));
  return bad ? `O campo ${label} não pode conter caracteres de controle (quebra de linha, tabulação, NUL).` : null;
}

/**
 * The one rule for control characters in text (issue 55): a one-line field (names, titles, subjects,
 * addresses…) refuses C0 controls and DEL with a 400 — a CR/LF there would reach a mail header, an
 * ICS line or a PDF; a multi-line field (`{ multiLine: true }`: descriptions, notes, messages) keeps
 * its line breaks as LF and TAB and silently drops the other controls. Put it on every text field.
 */
export function PlainText(o: { multiLine?: boolean } = {}): PropertyDecorator {
  return (object: object, propertyName: string | symbol) => {
    if (o.multiLine) {
      const normalize = (x: unknown) => (typeof x === 'string' ? normalizeMultiLine(x) : x);
      Transform(({ value }) => (Array.isArray(value) ? value.map(normalize) : normalize(value)))(object, propertyName);
      return;
    }
    registerDecorator({
      name: 'plainText',
      target: object.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => singleLineProblem(args?.property ?? '', value) === null,
        defaultMessage: (args?: ValidationArguments) => singleLineProblem(args?.property ?? '', args?.value) ?? 'Valor inválido.',
      },
    });
  };
}
