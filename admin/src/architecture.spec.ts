/*
 * The panel's shape (issue 51): its folders import one another without a cycle (the root composes the
 * features, the features stand on layout/ and providers/, which import no feature), and the five areas
 * once built by hand (Finanças, Agenda, Processos, Equipe, E-mail) keep react-admin's forms: no MUI
 * TextField and no useState holding an input's value.
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const { importGraph } = require('../../scripts/import-graph.cjs') as {
  importGraph(root: string): { units: string[]; mutualPairs: [string, string][]; cycles: string[][] };
};

const SRC = __dirname;
const FORM_AREAS = ['financas', 'agenda', 'processos', 'equipe', 'email', 'mensagens'];
const FOUNDATIONS = ['layout', 'providers', 'i18n', 'charts'];

/** MUI's TextField imported (react-admin's TextField, a display, is another component). */
const MUI_TEXT_FIELD = /import\s*\{[^}]*\bTextField\b[^}]*\}\s*from\s*['"]@mui\/material['"]|from\s*['"]@mui\/material\/TextField['"]/;

/**
 * The useState pairs of `text` that hold a form field: the value is an input's `value`/`checked`, or
 * the setter is fed an event's `target.value`/`target.checked` (`setNome(e.target.value)`,
 * `setForm({ ...form, nome: e.target.value })`).
 */
function fieldStates(text: string): string[] {
  const found: string[] = [];
  for (const [, value, setter] of text.matchAll(/const\s*\[\s*(\w+)\s*,\s*(\w+)\s*\]\s*=\s*useState\b/g)) {
    const bound = new RegExp(`\\b(value|checked)=\\{\\s*${value}(\\.\\w+)?\\s*\\}`).test(text);
    const fed = new RegExp(`\\b${setter}\\([^;]*?\\.target\\.(value|checked)\\b`).test(text);
    if (bound || fed) found.push(value);
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'admin-graph-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

describe("the panel's folders", () => {
  it('import one another without a cycle (scripts/import-graph.cjs admin/src)', () => {
    const graph = importGraph(SRC);
    expect(graph.units).toEqual(expect.arrayContaining(['(raiz)', 'layout', 'providers', ...FORM_AREAS]));
    expect(graph.mutualPairs).toEqual([]);
    expect(graph.cycles).toEqual([]);
  });

  it('a cycle between folders is seen, however long', () => {
    const root = tree({
      'App.tsx': "import { Agenda } from './agenda/Agenda';",
      'agenda/Agenda.tsx': "import { api } from '../providers/agendaMethods';",
      'providers/agendaMethods.ts': "import { theme } from '../layout/theme';",
      'layout/theme.ts': "import { App } from '../App';",
    });
    expect(importGraph(root).cycles).toEqual([['(raiz)', 'agenda', 'layout', 'providers']]);
  });

  it('the foundations import no feature folder and not the root', () => {
    const graph = importGraph(SRC) as unknown as { imports: { a: string; b: string; from: string; to: string }[] };
    const upward = graph.imports.filter((i) => FOUNDATIONS.includes(i.a) && !FOUNDATIONS.includes(i.b));
    expect(upward.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });
});

describe('Finanças, Agenda, Processos, Equipe, E-mail and Mensagens build forms with react-admin', () => {
  const files = FORM_AREAS.flatMap((area) => sources(join(SRC, area)));

  it('no MUI TextField', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((f) => MUI_TEXT_FIELD.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f))).toEqual([]);
  });

  it('no useState holding an input’s value', () => {
    const offenders = files.flatMap((f) => fieldStates(readFileSync(f, 'utf8')).map((v) => `${relative(SRC, f)}: ${v}`));
    expect(offenders).toEqual([]);
  });

  it('tells a field kept in useState from other state, and MUI’s TextField from react-admin’s', () => {
    const form = [
      "const [nome, setNome] = useState('');",
      '<TextField value={nome} />',
      "const [f, setF] = useState({ a: '' });",
      '<input onChange={(e) => setF({ ...f, a: e.target.value })} />',
      'const [ok, setOk] = useState(false);',
      '<Checkbox checked={ok.valueOf()} onChange={(event) => setOk(event.target.checked)} />',
    ].join('\n');
    const other = ['const [open, setOpen] = useState(false);', '<Dialog open={open} onClose={() => setOpen(false)} />', 'const [busy, setBusy] = useState(false);', 'setBusy(true);'].join('\n');
    expect(fieldStates(form)).toEqual(['nome', 'f', 'ok']);
    expect(fieldStates(other)).toEqual([]);
    expect(MUI_TEXT_FIELD.test("import { Box, TextField } from '@mui/material';")).toBe(true);
    expect(MUI_TEXT_FIELD.test("import TextField from '@mui/material/TextField';")).toBe(true);
    expect(MUI_TEXT_FIELD.test("import { TextField, TextInput } from 'react-admin';")).toBe(false);
  });
});
