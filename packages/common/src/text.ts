/** Keeps only the ASCII digits 0–9 (masks, pasted values with punctuation). */
export function onlyDigits(v: string): string {
  // Form values reach us from plain JS too; a null must not throw.
  return String(v ?? '').replace(/\D/g, '');
}

/**
 * Folds a string for search: lower-case, without accents, trimmed, so that
 * "joao" finds "João" and "ACAO" finds "ação".
 */
export function normalizeSearch(v: string): string {
  return String(v ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * True when the folded query occurs in any of the values. An empty query
 * matches everything, so a cleared search box shows the whole list.
 */
export function matchesSearch(values: readonly (string | null | undefined)[], q: string): boolean {
  const needle = normalizeSearch(q);
  if (!needle) return true;
  return values.some((value) => value != null && normalizeSearch(value).includes(needle));
}

/** Text made safe inside HTML (element content and quoted attributes). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
