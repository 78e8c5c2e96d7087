/**
 * Numbers typed by people, read in the chosen language (issue 33: '5,45' typed in a browser's
 * number field stored 545; that field reads what it is given by the BROWSER's language, not the app's).
 *
 * The rule, in every language:
 * - The language's own decimal separator is a decimal separator ('5,45' in Spanish and French,
 *   '5.45' in English, Chinese and Arabic); so is the Arabic decimal separator '٫' everywhere.
 * - The other separator ('.' in Spanish, ',' in English) is read as decimal too when it cannot be a
 *   thousands separator: once, and not followed by exactly three digits ('5.45', '-33.4263' in
 *   Spanish). Followed by exactly three digits after one to three digits ('1.234'), it could be
 *   either: refused ('ambiguous'), with both ways to write it.
 * - Thousands separators are taken where they can only be that: with a decimal separator after
 *   them ('1.234,5', '1,234.5'), or repeated ('1.234.567'), in groups of three.
 * - Arabic-Indic and full-width digits, the Arabic separators, '−', spaces and direction marks are
 *   read as what they stand for.
 * Anything else is refused ('invalid'): never a number read by dropping a character.
 */
import { intlLocale, localeInfo } from './locales';

export type NumberReading = { value: number | null } | { error: 'invalid' | 'ambiguous' };

const DECIMAL = '\u066B'; // ٫ Arabic decimal separator
const GROUP = '\u066C'; // ٬ Arabic thousands separator

/** The decimal and thousands separators of a language, as Intl writes them. */
export function separators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(intlLocale(localeInfo(locale).lang)).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** Digits and signs in their ASCII form; spaces and direction marks out. */
function normalise(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06F0))
    .replace(/[\uFF10-\uFF19]/g, (d) => String(d.charCodeAt(0) - 0xFF10))
    .replace(/[\uFF0C\u060C]/g, ',') // full-width comma, Arabic comma
    .replace(/[\uFF0E\u3002]/g, '.') // full-width full stop, ideographic full stop
    .replace(/[\u2212\u2012\u2013\uFE63\uFF0D]/g, '-')
    .replace(/[\s\u00A0\u202F\u200E\u200F\u061C\u2066-\u2069]/g, '');
}

const grouped = (integer: string, group: string) => new RegExp(`^\\d{1,3}(${group.replace('.', '\\.')}\\d{3})+$`).test(integer);

/** Reads `text` as a number in `locale`'s way of writing; '' is no number (null). */
export function readNumber(text: string, locale: string): NumberReading {
  const s = normalise(text);
  if (s === '') return { value: null };
  const match = /^([+-]?)([0-9.,\u066B\u066C]+)$/.exec(s);
  if (!match) return { error: 'invalid' };
  const [, sign, body] = match;
  const has = (c: string) => body.includes(c);
  const count = (c: string) => body.split(c).length - 1;

  let decimal: string | undefined;
  if (has(DECIMAL)) decimal = DECIMAL;
  else if (has('.') && has(',')) decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
  else {
    const only = ['.', ','].find(has);
    if (only && count(only) === 1) {
      const [before, after] = body.split(only);
      // '1.234' in Spanish, '1,234' in English: a thousand, or one and a bit.
      if (only !== separators(locale).decimal && /^[1-9]\d{0,2}$/.test(before) && /^\d{3}$/.test(after)) return { error: 'ambiguous' };
      decimal = only;
    }
  }
  if (decimal && count(decimal) > 1) return { error: 'invalid' };
  const [integerPart, fraction = ''] = decimal ? body.split(decimal) : [body];
  let integer = integerPart;
  const group = [',', '.', GROUP].find((c) => c !== decimal && integer.includes(c));
  if (group) {
    if (!grouped(integer, group)) return { error: 'invalid' };
    integer = integer.split(group).join('');
  }
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction) || (integer === '' && fraction === '')) return { error: 'invalid' };
  const value = Number(`${sign}${integer || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? { value: Object.is(value, -0) ? 0 : value } : { error: 'invalid' };
}

/** A number as it is typed in `locale`: its decimal separator, no thousands separators, every digit kept. */
export function writeNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(localeInfo(locale).lang), { useGrouping: false, maximumFractionDigits: 20 })
    .format(value)
    .replace(/[\u200E\u200F\u061C]/g, '');
}
