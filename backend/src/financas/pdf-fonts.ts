import { openSync, type Font } from 'fontkit';

/**
 * The fonts a PDF of ours embeds (ADR 0045): Noto Sans for Latin (accents, combining marks, Greek,
 * Cyrillic), Noto Sans SC for CJK and Noto Emoji (monochrome) for emoji, each from a pinned npm
 * package. pdfkit embeds only the glyphs used (a subset) with a ToUnicode map, so the text reads
 * back (pdftotext, copy and paste) as drawn. A character none of them has is drawn as U+FFFD.
 */
export type PdfFontName = 'regular' | 'bold' | 'cjk' | 'emoji';

const FILES: Record<PdfFontName, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  emoji: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
};

export const PLACEHOLDER = '\uFFFD';

const paths = new Map<PdfFontName, string>();
const fonts = new Map<PdfFontName, Font>();

/** The font file's path (resolved once). */
export function pdfFontPath(name: PdfFontName): string {
  let p = paths.get(name);
  if (!p) {
    p = require.resolve(FILES[name]);
    paths.set(name, p);
  }
  return p;
}

/** The font itself, to ask which characters it has (parsed once; fontkit reads its tables lazily). */
function font(name: PdfFontName): Font {
  let f = fonts.get(name);
  if (!f) {
    f = openSync(pdfFontPath(name)) as Font;
    fonts.set(name, f);
  }
  return f;
}

/** Joiners and selectors that belong to the character before them, whatever font that one took. */
const CLINGS = /^[\p{M}\u200C\u200D\uFE00-\uFE0F\u{E0020}-\u{E007F}\u{1F3FB}-\u{1F3FF}]$/u;

export interface PdfRun {
  font: PdfFontName;
  text: string;
}

/**
 * Cuts a text (NFC first) into runs each drawn with one font: the base font when it has the
 * character, else emoji or CJK, else the placeholder in the base font. Marks, joiners and emoji
 * modifiers stay with the character they follow, so a sequence is shaped by one font.
 */
export function pdfRuns(text: string, base: 'regular' | 'bold' = 'regular'): PdfRun[] {
  const runs: PdfRun[] = [];
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    let name: PdfFontName | null = null;
    let out = ch;
    const last = runs[runs.length - 1];
    if (CLINGS.test(ch) && last) name = last.font;
    else if (font(base).hasGlyphForCodePoint(cp)) name = base;
    else if (font('emoji').hasGlyphForCodePoint(cp)) name = 'emoji';
    else if (font('cjk').hasGlyphForCodePoint(cp)) name = 'cjk';
    if (name === null) {
      name = base;
      out = PLACEHOLDER;
    }
    if (last && last.font === name) last.text += out;
    else runs.push({ font: name, text: out });
  }
  return runs;
}
