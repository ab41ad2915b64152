import { stripHiddenCharacters } from '@veritas/common';
import { extensionOf } from './sniff';

/**
 * The sender's file name made harmless to show and to offer back on download: no folders (so
 * "../../etc/passwd.pdf" is "passwd.pdf"), no control, direction-mark or reserved characters, bounded length, and
 * the extension the content was accepted as. It is never used as a path: files are stored under
 * keys the server makes.
 */
export function cleanFileName(original: string, ext: string): string {
  let name = String(original ?? '').normalize('NFC');
  name = name.split(/[\\/]/).pop() ?? '';
  name = stripHiddenCharacters(name)
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if (extensionOf(name) !== ext) name = name ? `${name}.${ext}` : '';
  if (!name || name === `.${ext}`) name = `documento.${ext}`;
  if (name.length > 200) name = `${name.slice(0, 190 - ext.length).trimEnd()}.${ext}`;
  return name;
}

/** The name without its extension: the default title. */
export function baseName(fileName: string): string {
  const ext = extensionOf(fileName);
  return ext ? fileName.slice(0, -(ext.length + 1)) : fileName;
}
