import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function messages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {}).map(([rule, text]) =>
      rule === 'whitelistValidation' ? `O campo ${field} não é permitido.` : text,
    );
    return [...own, ...messages(e.children ?? [], field)];
  });
}

/**
 * whitelist + forbidNonWhitelisted: unknown fields are refused, not silently dropped; the answer is
 * a 400 whose message lists the pt-BR messages of every failed rule.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ')),
  });
}
