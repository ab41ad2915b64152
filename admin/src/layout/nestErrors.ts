type Nested = { [key: string]: string | Nested | Nested[] };

/**
 * Errors by path ('etapas.2.nome') as the nested object a react-admin form's `validate` answers
 * (a list where the path has an index), so each message shows under its own input.
 */
export function nestErrors(byPath: Readonly<Record<string, string>>): Nested {
  const root: Nested = {};
  for (const [path, message] of Object.entries(byPath)) {
    const keys = path.split('.');
    let node: Nested | Nested[] = root;
    keys.forEach((key, i) => {
      const slot = node as Record<string, string | Nested | Nested[]>;
      if (i === keys.length - 1) slot[key] = message;
      else node = (slot[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {}) as Nested | Nested[];
    });
  }
  return root;
}
