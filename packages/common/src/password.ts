export const PASSWORD_MIN_LENGTH = 8;
/**
 * The longest password accepted anywhere: registration, staff and client forms, reset and sign-in.
 * Counted in UTF-16 units, as the browsers' maxlength and class-validator's MaxLength count, so a
 * password the forms let through is never one that sign-in refuses.
 */
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  length: 'A senha deve ter pelo menos 8 caracteres',
  cases: 'A senha deve conter letras maiúsculas e minúsculas',
  digit: 'A senha deve conter pelo menos um número',
  special: 'A senha deve conter pelo menos um caractere especial',
  max: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres`,
} as const;

/**
 * Every rule of the password policy (spec §5) that the password breaks, in the
 * order the form shows them. Unicode-aware: 'Ç' counts as an upper-case letter,
 * and length counts characters, not UTF-16 units. Whitespace does not count as
 * a special character.
 */
export function passwordPolicyErrors(pw: string): string[] {
  const value = String(pw ?? '');
  const errors: string[] = [];
  if ([...value].length < PASSWORD_MIN_LENGTH) errors.push(PASSWORD_MESSAGES.length);
  if (!/\p{Lu}/u.test(value) || !/\p{Ll}/u.test(value)) errors.push(PASSWORD_MESSAGES.cases);
  if (!/\p{Nd}/u.test(value)) errors.push(PASSWORD_MESSAGES.digit);
  if (!/[^\p{L}\p{N}\s]/u.test(value)) errors.push(PASSWORD_MESSAGES.special);
  if (value.length > PASSWORD_MAX_LENGTH) errors.push(PASSWORD_MESSAGES.max);
  return errors;
}

/** The first broken rule, or null when the password is acceptable. */
export function checkPasswordPolicy(pw: string): string | null {
  return passwordPolicyErrors(pw)[0] ?? null;
}
