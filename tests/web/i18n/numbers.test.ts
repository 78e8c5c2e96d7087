/**
 * Numbers typed in a form, read in the app's language (src/i18n/numbers.ts; issue 33: '5,45' in a
 * plant's kWp stored 545). Never a number read by dropping a separator: read right, or refused.
 */
import { describe, expect, it } from 'vitest';
import { readNumber, writeNumber } from '../../../src/i18n/numbers';

const read = (text: string, locale: string) => readNumber(text, locale);

describe('readNumber', () => {
  it.each([
    // Spanish: the decimal comma; the point too where it cannot be a thousands separator
    ['es', '5,45', 5.45], ['es', '5.45', 5.45], ['es', '-33,4263', -33.4263], ['es', '-33.4263', -33.4263],
    ['es', '1.234,5', 1234.5], ['es', '1.234.567', 1234567], ['es', '0.125', 0.125], ['es', '1,234', 1.234], ['es', ',5', 0.5],
    ['es', '82', 82], ['es', ' 75 ', 75], ['es', '−3,5', -3.5], ['es', '1.234,567', 1234.567],
    // French: decimal comma, spaces (narrow no-break too) as thousands separators
    ['fr', '5,45', 5.45], ['fr', '5.45', 5.45], ['fr', '1\u202F234,5', 1234.5], ['fr', '1 234', 1234],
    // English and Chinese: decimal point; the comma where it cannot be a thousands separator
    ['en', '5.45', 5.45], ['en', '5,45', 5.45], ['en', '1,234.5', 1234.5], ['en', '-70.673676', -70.673676],
    ['zh', '5.45', 5.45], ['zh', '５．４５', 5.45], ['zh', '5。45', 5.45], ['zh', '5,45', 5.45],
    // Arabic: Arabic-Indic digits and separators, or Latin ones
    ['ar', '٥٫٤٥', 5.45], ['ar', '-٣٣٫٤٢٦٣', -33.4263], ['ar', '١٬٢٣٤٫٥', 1234.5], ['ar', '5.45', 5.45], ['ar', '5,45', 5.45],
    ['ar', '\u200E-33.4', -33.4],
  ])('%s: "%s" is %s', (locale, text, value) => {
    expect(read(text, locale)).toEqual({ value });
  });

  it.each([
    // A thousand or one and a bit: refused, never guessed
    ['es', '1.234'], ['es', '-33.447'], ['fr', '1.234'], ['en', '1,234'], ['zh', '1,234'], ['ar', '1,234'],
  ])('%s: "%s" is ambiguous', (locale, text) => {
    expect(read(text, locale)).toEqual({ error: 'ambiguous' });
  });

  it.each([
    ['es', '5,4,5'], ['es', '5,45,1'], ['es', '12.34.5'], ['es', 'abc'], ['es', '5 kWp'], ['en', '1e3'], ['es', '-'], ['es', ','],
    ['es', '1.234,5,6'], ['es', '5,,4'], ['en', '12,34.5'],
  ])('%s: "%s" is refused', (locale, text) => {
    expect(read(text, locale)).toEqual({ error: 'invalid' });
  });

  it('an empty field is no number', () => {
    expect(read('', 'es')).toEqual({ value: null });
    expect(read('  ', 'en')).toEqual({ value: null });
  });

  it('writes a number as it is typed in the language, every digit kept, no thousands separator', () => {
    expect(writeNumber(5.45, 'es')).toBe('5,45');
    expect(writeNumber(-33.447487, 'es')).toBe('-33,447487');
    expect(writeNumber(1234.5, 'es')).toBe('1234,5');
    expect(writeNumber(1234.5, 'fr')).toBe('1234,5');
    expect(writeNumber(-70.673676, 'en')).toBe('-70.673676');
    expect(writeNumber(5.45, 'zh')).toBe('5.45');
    // What is written is read back as the same number
    for (const locale of ['es', 'en', 'fr', 'ar', 'zh']) {
      for (const n of [0, 5.45, -33.4263, 1234.5, 100000, 0.000001]) expect(read(writeNumber(n, locale), locale)).toEqual({ value: n });
    }
  });
});
