/*
 * One transport (issue 51): the three apps call the API only through this package's client
 * (createApiClient) and its transfer helpers (uploads and downloads with progress). A raw fetch, an
 * XMLHttpRequest of one's own or react-admin's fetchUtils in an app is a second way to reach the
 * server: a second place for the session, the envelope, the ids and the error wording.
 */
import { APP_SOURCES, offendingLines, sourceFiles } from './sources';

const RAW_CALL = /\bfetch\s*\(|\bfetch\.bind\b|new XMLHttpRequest\b|\bfetchUtils\.fetchJson\s*\(/;

describe('one transport', () => {
  it.each(APP_SOURCES)('%s calls the API only through @veritas/web', (dir) => {
    const files = sourceFiles(dir, ['.ts', '.tsx']);
    expect(files.length).toBeGreaterThan(5);
    expect(offendingLines(files, RAW_CALL)).toEqual([]);
  });

  it('tells a raw call from the words that merely contain it', () => {
    const lines = offendingLines(
      [
        { file: 'a.ts', text: "await fetch('/api/x');\nwindow.fetch.bind(window);\nconst xhr = new XMLHttpRequest();\nfetchUtils.fetchJson(url);" },
        { file: 'b.ts', text: 'void query.refetch();\nawait prefetch (key);\nconst fetchFn = client.get;\n// a fetch has no upload progress' },
      ],
      RAW_CALL,
    );
    expect(lines).toEqual([
      "a.ts:1: await fetch('/api/x');",
      'a.ts:2: window.fetch.bind(window);',
      'a.ts:3: const xhr = new XMLHttpRequest();',
      'a.ts:4: fetchUtils.fetchJson(url);',
    ]);
  });
});
