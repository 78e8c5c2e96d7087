/**
 * Lines of text for the PDF in any of the five languages. PDFKit draws a string in one font, as its
 * font engine (fontkit) lays it out: it shapes Arabic and, for a string whose script is Arabic, turns
 * the whole of it right to left, digits included; it knows nothing of the Unicode bidirectional
 * algorithm nor of font fallback. So a line is cut here into segments, each drawn on its own:
 * - by font: each character in the first of the language's fonts that has it (a Latin plant name in
 *   an Arabic report, 'CO₂' in Chinese);
 * - in an Arabic line, by direction, a simplified bidi for one right-to-left paragraph: Arabic letters
 *   and the marks Intl inserts (RLM, ALM) run right to left; Latin letters, digits and LRM left to
 *   right; a pair of brackets one direction for both (pairBrackets); spaces and punctuation take
 *   the direction of their neighbours when both agree, the paragraph's otherwise. Segments are then
 *   placed in visual order, right to left.
 */
import * as fontkit from 'fontkit';

/** The fonts of the report, by the name they are registered under in the document. */
export type FontName = 'latin' | 'arabic' | 'cjk';

const ARABIC_LETTER = /[\u0600-\u065F\u066E-\u06EF\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** A right-to-left run cut into words of Arabic letters and what lies between them. */
const ARABIC_WORDS = new RegExp(`${ARABIC_LETTER.source}+|(?:(?!${ARABIC_LETTER.source}).)+`, 'gsu');
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«' };
const LTR_STRONG = /[\p{L}\p{N}]/u;
const RTL_MARKS = /[\u200F\u061C]/;
const LTR_MARK = /\u200E/;
/** Directional marks and isolates: they steer the ordering and are never drawn. */
const CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;

type Direction = 'ltr' | 'rtl';
const strength = (ch: string): Direction | null => {
  if (ARABIC_LETTER.test(ch) || RTL_MARKS.test(ch)) return 'rtl';
  if (LTR_MARK.test(ch) || LTR_STRONG.test(ch)) return 'ltr';
  return null;
};

/** A piece of a line drawn in one font and one direction, as the text to hand to PDFKit. */
export interface Segment { text: string; font: FontName; rtl: boolean }

const OPENING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * Brackets take one direction per pair, as the Unicode bidi algorithm's rule N0 says for a
 * right-to-left paragraph: right to left when Arabic is inside; left to right when only Latin or
 * digits are inside and the text before the pair is left to right ('Planta Maipú (Norte)'); right
 * to left otherwise ('الإنتاج (kWh)'). Pairs are taken in the order they open, each one's direction
 * counting for the next. Without it a closing bracket after Latin text went over to the Arabic side.
 */
function pairBrackets(chars: string[], strong: (Direction | null)[]) {
  const open: number[] = [];
  const pairs: [number, number][] = [];
  chars.forEach((ch, i) => {
    if (OPENING[ch]) open.push(i);
    else {
      const at = open.findLastIndex((j) => OPENING[chars[j]] === ch);
      if (at >= 0) { pairs.push([open[at], i]); open.length = at; }
    }
  });
  for (const [from, to] of pairs.sort((a, b) => a[0] - b[0])) {
    const inside = strong.slice(from + 1, to);
    if (inside.includes('rtl')) strong[from] = strong[to] = 'rtl';
    else if (inside.includes('ltr')) {
      let before: Direction | null = null;
      for (let j = from - 1; j >= 0 && !before; j--) before = strong[j];
      strong[from] = strong[to] = before === 'ltr' ? 'ltr' : 'rtl';
    }
  }
}

/** Runs of one direction of a right-to-left line, in logical order. */
function directionRuns(text: string): { text: string; rtl: boolean }[] {
  const chars = [...text];
  const strong = chars.map(strength);
  pairBrackets(chars, strong);
  const resolved = chars.map((_, i) => {
    if (strong[i]) return strong[i]!;
    let before: Direction | null = null;
    for (let j = i - 1; j >= 0 && !before; j--) before = strong[j];
    let after: Direction | null = null;
    for (let j = i + 1; j < chars.length && !after; j++) after = strong[j];
    return before === 'ltr' && after === 'ltr' ? 'ltr' : 'rtl';
  });
  const runs: { text: string; rtl: boolean }[] = [];
  chars.forEach((ch, i) => {
    const rtl = resolved[i] === 'rtl';
    const last = runs[runs.length - 1];
    if (last && last.rtl === rtl) last.text += ch;
    else runs.push({ text: ch, rtl });
  });
  return runs;
}

/** Cuts a run into pieces of one font each: every character in the first font of `fonts` that has it. */
function byFont(text: string, fonts: FontName[], covers: (font: FontName, codePoint: number) => boolean) {
  const pieces: { text: string; font: FontName }[] = [];
  for (const ch of text) {
    const font = fonts.find((f) => covers(f, ch.codePointAt(0)!)) ?? fonts[0];
    const last = pieces[pieces.length - 1];
    if (last && last.font === font) last.text += ch;
    else pieces.push({ text: ch, font });
  }
  return pieces;
}

/**
 * The segments of one line in visual order, left to right. `fonts` is the language's preference;
 * `rtl` whether the line is a right-to-left paragraph (Arabic).
 */
export function segments(text: string, fonts: FontName[], rtl: boolean, covers: (font: FontName, codePoint: number) => boolean): Segment[] {
  if (!rtl) {
    return byFont(text.replace(CONTROLS, ''), fonts, covers).map((p) => ({ ...p, rtl: false }));
  }
  const out: Segment[] = [];
  for (const run of directionRuns(text).reverse()) {
    const pieces = byFont(run.text.replace(CONTROLS, ''), fonts, covers);
    if (!run.rtl) {
      out.push(...pieces.map((p) => ({ ...p, rtl: false })));
      continue;
    }
    // Right to left: the pieces, and the words within them, go in reverse, each word drawn on its own
    // (fontkit turns a word of Arabic letters itself, and would carry a space or a colon next to it
    // to the other side); spaces and punctuation are turned here, brackets mirrored.
    for (const p of pieces.reverse()) {
      for (const t of p.text.match(ARABIC_WORDS)!.reverse()) {
        out.push({ text: ARABIC_LETTER.test(t) ? t : [...t].reverse().map((ch) => MIRRORED[ch] ?? ch).join(''), font: p.font, rtl: true });
      }
    }
  }
  return out.filter((s) => s.text.length > 0);
}

/** Which code points a font file has, read once per file. */
export function coverageOf(files: Record<FontName, Buffer>) {
  const opened = new Map<FontName, fontkit.Font>();
  return (font: FontName, codePoint: number) => {
    let f = opened.get(font);
    if (!f) opened.set(font, f = fontkit.create(files[font]) as fontkit.Font);
    return f.hasGlyphForCodePoint(codePoint);
  };
}
