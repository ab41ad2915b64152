import type { TranslationMessages } from 'react-admin';

type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Message catalogues merged key by key, later ones winning — what react-admin's
 * `mergeTranslations` does with lodash's `merge`, for the only shape a catalogue has (nested plain
 * objects of strings). lodash's merge also clones buffers, typed arrays and class instances, code
 * the panel's first load would carry for nothing. The inputs are not modified.
 */
export function mergeMessages(...catalogues: Tree[]): TranslationMessages {
  const into = (target: Tree, source: Tree): Tree => {
    for (const [key, value] of Object.entries(source)) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
      target[key] = isTree(value) ? into(isTree(target[key]) ? { ...(target[key] as Tree) } : {}, value) : value;
    }
    return target;
  };
  return catalogues.reduce<Tree>((acc, c) => into(acc, c), {}) as TranslationMessages;
}
