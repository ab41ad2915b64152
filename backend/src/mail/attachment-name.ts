import { stripHiddenCharacters } from '@veritas/common';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'text/plain': 'txt',
  'text/calendar': 'ics',
  'message/rfc822': 'eml',
};

/** A sender's file name, made harmless: no path, no control characters, bounded. */
export function safeFilename(name: string | undefined, contentType: string): string {
  const base = stripHiddenCharacters(String(name ?? ''))
    .replace(/[/\\]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(-200);
  if (base) return base;
  const ext = EXTENSIONS[contentType.toLowerCase()];
  return ext ? `anexo.${ext}` : 'anexo';
}
