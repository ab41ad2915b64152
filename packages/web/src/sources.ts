/* The three apps' source files, for the specs that hold them to the shared package's rules (not exported by index.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

export const APP_SOURCES = ['admin/src', 'client-portal/src', 'public-site/src'] as const;

export interface SourceFile {
  /** From the repository's root, with forward slashes: 'admin/src/App.tsx'. */
  file: string;
  text: string;
}

/** Every file under `dir` (from the root) whose name ends with one of `extensions`. */
export function sourceFiles(dir: string, extensions: readonly string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (extensions.some((ext) => entry.name.endsWith(ext))) files.push({ file: child, text: readFileSync(path.join(ROOT, child), 'utf8') });
    }
  };
  walk(dir);
  return files;
}

/** `file:line: text` of every line of `files` matching `pattern`. */
export function offendingLines(files: readonly SourceFile[], pattern: RegExp): string[] {
  return files.flatMap(({ file, text }) =>
    text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}
