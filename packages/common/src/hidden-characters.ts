/**
 * Characters that must not survive in a stored file name: C0/C1 controls, and the invisible
 * direction and joiner marks (U+202E turns "fatura‮fdp.exe" into "fatura exe.pdf" on screen).
 */
const HIDDEN_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export function stripHiddenCharacters(name: string): string {
  return name.replace(HIDDEN_OR_CONTROL, '');
}
