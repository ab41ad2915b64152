import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';

/*
 * One access policy (issue 50; docs/adr/0007-one-access-policy.md): who may do what is decided by the table in
 * packages/common (access.ts, record-access.ts) through PolicyService and the AccessGuard, never by comparing a
 * caller's role or user type in a service. This test reads backend/src and fails on such a comparison outside
 * the files allowed to make it.
 */

const SRC = resolve(__dirname, '../..');

/** The files that may compare roles: the policy itself, and sign-in (the token's role resolved to a principal). */
// Sign-in and sessions tell a staff token from a client's (role 'user' | 'cliente'): which table a token
// names, not what it may do.
const ALLOWED = ['platform/access/policy.service.ts', 'auth/principals.ts', 'auth/auth.controller.ts', 'auth/sessions.service.ts'];

/** A comparison of a role or user type, either way round; a switch on one; the isStaff(...) family of helpers. */
const ROLE_CHECKS: readonly RegExp[] = [
  /\b(role|userType)\b\s*[!=]==?/,
  /[!=]==?\s*[\w$.?]*\b(role|userType)\b/,
  /switch\s*\(\s*[\w$.?]*\b(role|userType)\s*\)/,
  /\.includes\(\s*[\w$.?]*\b(role|userType)\s*\)/,
  /\bis(Staff|Cliente|Client|Master|Diretoria)\s*\(/,
];

interface Offence {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every role comparison under `root` outside `allowed` (paths relative to root, with forward slashes). */
function roleChecks(root: string, allowed: readonly string[]): Offence[] {
  const offences: Offence[] = [];
  for (const path of sourceFiles(root)) {
    const file = relative(root, path).split(sep).join('/');
    if (allowed.includes(file)) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const code = text.replace(/\/\/.*$/, '');
        if (ROLE_CHECKS.some((re) => re.test(code))) offences.push({ file, line: i + 1, text: text.trim() });
      });
  }
  return offences;
}

describe('record access is decided by the policy, not by role comparisons', () => {
  it('no file in backend/src compares a role or user type but the policy and sign-in', () => {
    const found = roleChecks(SRC, ALLOWED).map((o) => `${o.file}:${o.line}: ${o.text}`);
    expect(found).toEqual([]);
  });

  it('every allowed file exists (a stale entry would allow a file nobody meant)', () => {
    expect(ALLOWED.filter((file) => !sourceFiles(SRC).includes(join(SRC, file)))).toEqual([]);
  });

  it('sees a comparison added anywhere else, and leaves data comparisons and object literals alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'role-checks-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), text);
      };
      write('registros/a.service.ts', "export const a = (actor: { role: string }) => actor.role === 'cliente';\n");
      write('documentos/b.service.ts', "export const b = (p: { role: string }) => 'user' !== p.role;\n");
      write('financas/c.service.ts', "declare function isStaff(p: unknown): boolean;\nexport const c = (p: unknown) => isStaff(p);\n");
      write('agenda/d.service.ts', "export const d = (p: { userType?: string }) => p.userType == 'master';\n");
      write('equipe/e.service.ts', "export function e(p: { role: string }) { switch (p.role) { default: return 1; } }\n");
      write('platform/access/policy.service.ts', "export const ok = (actor: { role: string }) => actor.role === 'user';\n");
      write(
        'clientes/fine.service.ts',
        [
          "export const principal = { role: 'cliente', id: 'x' };",
          "export const side = (d: { enviadoPor: string }) => d.enviadoPor === 'cliente';",
          '// a comment may say actor.role === \'cliente\'',
          '',
        ].join('\n'),
      );
      const files = [...new Set(roleChecks(root, ALLOWED).map((o) => o.file))];
      expect(files.sort()).toEqual(['agenda/d.service.ts', 'documentos/b.service.ts', 'equipe/e.service.ts', 'financas/c.service.ts', 'registros/a.service.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
