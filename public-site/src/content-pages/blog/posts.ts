/*
 * The blog's articles: Markdown files in public-site/content/blog/, turned into HTML when the site
 * is built (this module only runs in the prerender, so no Markdown parser reaches the browser).
 * Each file starts with a front matter block of "key: value" lines: title, description, date
 * (YYYY-MM-DD), author and, optionally, service (the slug of the service it is about).
 */
import { marked } from 'marked';

export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  author: string;
  service?: string;
  html: string;
}

const files = import.meta.glob<string>('../../../content/blog/*.md', { query: '?raw', import: 'default', eager: true });

const REQUIRED = ['title', 'description', 'date', 'author'] as const;

export function parsePost(fileName: string, source: string): BlogPost {
  const slug = fileName.replace(/^.*\//, '').replace(/\.md$/, '');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`blog: ${fileName} não começa com o bloco --- de metadados`);
  const meta: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const sep = line.indexOf(':');
    if (sep > 0) meta[line.slice(0, sep).trim()] = line.slice(sep + 1).trim();
  }
  for (const key of REQUIRED) {
    if (!meta[key]) throw new Error(`blog: ${fileName} sem "${key}"`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(meta.date)) throw new Error(`blog: ${fileName}: date deve ser AAAA-MM-DD`);
  return {
    slug,
    title: meta.title,
    description: meta.description,
    date: meta.date,
    author: meta.author,
    service: meta.service || undefined,
    html: marked.parse(match[2], { async: false, gfm: true }),
  };
}

/** Every article, newest first. */
export const POSTS: BlogPost[] = Object.entries(files)
  .map(([file, source]) => parsePost(file, source))
  .sort((a, b) => b.date.localeCompare(a.date));

/** "15 de setembro de 2026". */
export function formatPostDate(isoDate: string): string {
  return new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}
