import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REGISTRO_STATUSES } from '@veritas/common';
import { contrast } from './contrast';
import { APP_SOURCES, sourceFiles, type SourceFile } from './sources';
import { colors, cssVariables, statusColors } from './tokens';

/** The custom properties a stylesheet declares. */
function declared(css: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const match of withoutComments(css).matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)) vars.set(match[1], match[2].trim());
  return vars;
}

const TOKENS_CSS = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');

describe('design tokens', () => {
  it('tokens.css declares exactly the values of tokens.ts', () => {
    expect(Object.fromEntries(declared(TOKENS_CSS))).toEqual(cssVariables());
  });

  it('has a badge colour pair for every registro status, readable (WCAG AA)', () => {
    expect(Object.keys(statusColors).sort()).toEqual([...REGISTRO_STATUSES].sort());
    for (const { fg, bg } of Object.values(statusColors)) expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps text colours readable on white, on their notice backgrounds and on navy', () => {
    const v = cssVariables();
    for (const name of ['--navy', '--ink', '--muted', '--danger', '--success', '--attention']) expect(contrast(v[name], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--danger'], v['--danger-bg'])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--success'], v['--success-bg'])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--attention'], v['--attention-bg'])).toBeGreaterThanOrEqual(4.5);
    for (const ground of [colors.navy, colors.navyDark]) {
      expect(contrast(colors.onDark, ground)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colors.onDarkMuted, ground)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(colors.onDark, colors.whatsappDark)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.navyDark, colors.goldHover)).toBeGreaterThanOrEqual(4.5);
  });
});

/*
 * One design language (issue 51): the apps take every colour from the tokens. A literal colour in
 * an app is a second palette.
 */

/** CSS's named colours (CSS Color 4), without the keywords that are not a colour of one's own. */
const NAMED_COLOURS = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue
  chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey
  darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray
  darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen
  fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
  lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen
  lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime
  limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
  mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive
  olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
  powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver
  skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
  whitesmoke yellow yellowgreen`.split(/\s+/),
);

const HEX = /(?<![\w&#/])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?![\w-])/g;
/** In code a hex is a colour when quoted alone, or when it is not a plain number ('Registro #123'). */
const isCodeColour = (hex: string, before: string) => /['"`]$/.test(before) || /[a-fA-F]/.test(hex) || hex.length > 5;
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/;
/** CSS properties that take a colour (alone or in a shorthand). */
const CSS_COLOUR_PROPERTY = /^(?:color|background(?:-color)?|border(?:-[a-z]+)*|outline(?:-color)?|fill|stroke|(?:box|text)-shadow|caret-color|accent-color|text-decoration(?:-color)?|column-rule(?:-color)?|stop-color|flood-color|scrollbar-color)$/;
/** The same in TS/TSX: MUI's sx and style keys, and SVG's attributes. */
const TS_COLOUR_KEY = /\b(color|bgcolor|backgroundColor|background|border(?:Top|Right|Bottom|Left)?(?:Color)?|outline(?:Color)?|fill|stroke|boxShadow|textShadow)\s*[:=]\s*\{?\s*['"`]([^'"`]*)['"`]/g;

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[\s;{}(,])\/\/.*$/gm, '$1');
}

/** The named colours a value says, once var(), url(), quoted text and a template's ${…} are set aside. */
function namedColours(value: string): string[] {
  const bare = value.replace(/var\([^)]*\)|url\([^)]*\)|'[^']*'|"[^"]*"|\$\{[^}]*\}/g, ' ');
  return (bare.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => NAMED_COLOURS.has(word));
}

/** `file:line: text` of each literal colour in a stylesheet or a module. */
export function literalColours({ file, text }: SourceFile): string[] {
  const css = file.endsWith('.css');
  return withoutComments(text)
    .split('\n')
    .flatMap((line, i) => {
      let found = COLOUR_FUNCTION.test(line) || [...line.matchAll(HEX)].some((m) => css || isCodeColour(m[0], line.slice(0, m.index)));
      if (!found && css) {
        const declaration = /^\s*([a-z-]+)\s*:\s*(.+)$/.exec(line);
        found = Boolean(declaration && CSS_COLOUR_PROPERTY.test(declaration[1]) && namedColours(declaration[2]).length);
      }
      if (!found && !css) found = [...line.matchAll(TS_COLOUR_KEY)].some((m) => namedColours(m[2]).length > 0);
      return found ? [`${file}:${i + 1}: ${line.trim()}`] : [];
    });
}

describe('the apps take their colours from the tokens', () => {
  it.each(APP_SOURCES)('%s has no literal colour', (dir) => {
    const files = sourceFiles(dir, ['.css', '.ts', '.tsx']);
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap(literalColours)).toEqual([]);
  });

  it('finds hex, functional and named colours, and leaves tokens, anchors and words alone', () => {
    const css = [
      '.a { color: #fff; }',
      '.b { box-shadow: 0 1px 2px rgba(0, 0, 0, 0.2); }',
      '  border: 1px solid white;',
      '  background: var(--navy);',
      '  color: currentColor;',
      '  transition: background 0.2s;',
      '  grid-template-areas: "red white";',
      '/* #123456 in a comment */',
      '  fill: hsl(120 50% 50%);',
    ].join('\n');
    expect(literalColours({ file: 'x.css', text: css }).map((l) => l.split(':')[1])).toEqual(['1', '2', '3', '9']);
    const tsx = [
      "sx={{ bgcolor: 'white' }}",
      "<rect fill=\"#e8eef5\" />",
      "sx={{ color: 'text.secondary', bgcolor: 'primary.main' }}",
      "<a href=\"#conteudo\">Pular</a>",
      "const note = 'Registro #123 está pronto';",
      "color=\"inherit\"",
      "const url = 'https://example.com/#abc'; // #fff",
      "style={{ boxShadow: `0 0 0 2px ${'#000'}` }}",
      "const border = `1px solid #d9e2ec`;",
      "sx={{ borderBottom: `3px solid ${colors.gold}`, outline: `2px solid gold` }}",
    ].join('\n');
    expect(literalColours({ file: 'x.tsx', text: tsx }).map((l) => l.split(':')[1])).toEqual(['1', '2', '8', '9', '10']);
  });
});

describe('every token an app reads exists', () => {
  it('each var(--x) in the apps and the base styles is declared by tokens.css or by the stylesheets themselves', () => {
    const files = [...APP_SOURCES.flatMap((dir) => sourceFiles(dir, ['.css', '.ts', '.tsx'])), ...sourceFiles('packages/web/src', ['base.css'])];
    const known = new Set([...declared(TOKENS_CSS).keys(), ...files.filter(({ file }) => file.endsWith('.css')).flatMap(({ text }) => [...declared(text).keys()])]);
    const unknown = files.flatMap(({ file, text }) => [...text.matchAll(/var\((--[a-z0-9-]+)/g)].map((m) => m[1]).filter((name) => !known.has(name)).map((name) => `${file}: ${name}`));
    expect(unknown).toEqual([]);
  });
});
