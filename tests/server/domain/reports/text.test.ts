/**
 * The report's lines in Arabic, as drawn (segments in visual order, left to right): brackets keep
 * their pairs (issue 33: a Latin name with parentheses came out as '(Planta Maipú (Norte').
 */
import { describe, expect, it } from 'vitest';
import { segments } from '../../../../server/domain/reports/text.js';

const covers = () => true;
/** What a reader sees from left to right. */
const drawn = (text: string) => segments(text, ['arabic'], true, covers).map((s) => s.text).join('');

describe('an Arabic line of the report', () => {
  it('keeps a Latin name with parentheses whole, beside Arabic words', () => {
    expect(drawn('Planta Maipú (Norte) · مشروع')).toBe('مشروع · Planta Maipú (Norte)');
    expect(drawn('المحطة: Planta Maipú (Norte)')).toBe('Planta Maipú (Norte) :المحطة');
  });

  it('puts a Latin aside in Arabic parentheses, nested ones too', () => {
    expect(drawn('الإنتاج اليومي (kWh)')).toBe('(kWh) اليومي الإنتاج');
    expect(drawn('الإنتاج (Planta Maipú (Norte))')).toBe('(Planta Maipú (Norte)) الإنتاج');
  });

  it('keeps an Arabic aside with figures in order', () => {
    expect(drawn('الشهر نفسه من العام الماضي (نوفمبر 2025)')).toBe('(2025 نوفمبر) الماضي العام من نفسه الشهر');
  });
});
