/*
 * The registros lists' filters as plain values: which tab or select option the list's current
 * filter stands for, the filter another option gives, and the checkbox filter's values. The
 * screens keep all of it in react-admin's filter (so in the URL); this is the part worth testing
 * without a browser.
 */

/** One choice of a tab row or a select: the filter values it stands for ({} = everything). */
export interface FilterOption {
  value: string;
  label: string;
  filter: Record<string, unknown>;
}

function sameValue(a: unknown, b: unknown) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every filter key the options decide. */
function optionKeys(options: readonly FilterOption[]) {
  return new Set(options.flatMap((o) => Object.keys(o.filter)));
}

/**
 * The option the filter matches: the most specific one whose values are all there and whose
 * keys are the only ones of the group that are set. The first option when none matches.
 */
export function matchOption(options: readonly FilterOption[], filter: Record<string, unknown>): string {
  const keys = optionKeys(options);
  const current = [...options]
    .sort((a, b) => Object.keys(b.filter).length - Object.keys(a.filter).length)
    .find((o) => Object.entries(o.filter).every(([k, v]) => sameValue(filter[k], v)) && [...keys].every((k) => k in o.filter || filter[k] === undefined));
  return current?.value ?? options[0].value;
}

/** The filter with `value`'s option chosen: the group's keys replaced, every other filter kept. */
export function applyOption(options: readonly FilterOption[], filter: Record<string, unknown>, value: string): Record<string, unknown> | null {
  const option = options.find((o) => o.value === value);
  if (!option) return null;
  const next: Record<string, unknown> = { ...filter };
  for (const k of optionKeys(options)) delete next[k];
  return { ...next, ...option.filter };
}

/**
 * A checkbox filter's form value: checked is `true`; unchecked is '' which react-admin drops from
 * the filter (and so from the URL), instead of a `false` that would still be sent.
 */
export function checkboxFilterValue(checked: boolean): true | '' {
  return checked ? true : '';
}

/** Whether a checkbox filter is on, whatever spelling the URL brought (true or "true"). */
export function isCheckedFilter(value: unknown): boolean {
  return value === true || value === 'true';
}
