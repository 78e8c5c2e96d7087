/**
 * JSON from outside, bounded before it is parsed: V8's JSON.parse takes seconds over a body of a
 * few hundred kB nested half a million levels deep ('[[[[...'), so the nesting is counted first, in
 * one pass over the text, and a body deeper than any the API takes is refused unparsed.
 */

/** Deeper than any body the API or a device sends (a Fronius push is about 7 levels). */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP = `JSON demasiado anidado (más de ${MAX_JSON_DEPTH} niveles).`;

/** Whether `text` nests objects and lists deeper than `max` (brackets inside strings do not count). */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { if (++depth > max) return true; } // [ {
    else if (c === 93 || c === 125) depth--; // ] }
  }
  return false;
}
