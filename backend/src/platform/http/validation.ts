import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/** Each failed field's pt-BR messages, under its path ('servicos.0.nome' for a nested one). */
function byField(errors: ValidationError[], parent = ''): [string, string[]][] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {}).map(([rule, text]) =>
      rule === 'whitelistValidation' ? `O campo ${field} não é permitido.` : text,
    );
    const here: [string, string[]][] = own.length ? [[field, own]] : [];
    return [...here, ...byField(e.children ?? [], field)];
  });
}

/**
 * Messages as one text: one message as written (the spec's wording), several each closed by its
 * stop and set one after the other, never a list joined with ";".
 */
export function asSentences(messages: string[]): string {
  const kept = messages.map((m) => m.trim()).filter(Boolean);
  return kept.length === 1 ? kept[0] : kept.map((m) => (/[.!?…:]$/.test(m) ? m : `${m}.`)).join(' ');
}

/**
 * whitelist + forbidNonWhitelisted: unknown fields are refused, not silently dropped; the answer is
 * a 400 whose message says the pt-BR messages of every failed rule, sentence after sentence, and whose `errors` says them
 * by field (`{ cnpj: 'CNPJ inválido.' }`, the shape react-admin's forms put beside each input).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = byField(errors);
      return new BadRequestException({
        message: asSentences(fields.flatMap(([, messages]) => messages)),
        errors: Object.fromEntries(fields.map(([field, messages]) => [field, asSentences(messages)])),
      });
    },
  });
}
