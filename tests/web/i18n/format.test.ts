/**
 * The one formatting module (src/i18n/format.ts) in each language a user can choose: numbers,
 * quantities with units, money, percentages, dates and times in the plant's zone, and the CSV
 * separators a spreadsheet of that language expects. Intl writes no-break and direction marks;
 * `plain` compares what a reader sees.
 */
import { describe, expect, it } from 'vitest';
import { makeFormatters } from '../../../src/i18n/format';
import { fieldDefaults, intlLocale } from '../../../src/i18n/locales';
import { csvDialect } from '../../../src/pages/monitoring/csv';
import es from '../../../src/i18n/es/admin';
import en from '../../../src/i18n/en';
import fr from '../../../src/i18n/fr';
import ar from '../../../src/i18n/ar';
import zh from '../../../src/i18n/zh';

/** No-break spaces as spaces, and the invisible direction marks and isolates dropped. */
const plain = (text: string) => text.replace(/\s/g, ' ').replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '');
const zone = 'America/Santiago';
// 18:30Z is 15:30 in Santiago in March (UTC-3).
const instant = '2026-03-10T18:30:00Z';

describe.each([
  {
    lang: 'es', power: '3,25 kW', energy: '18,4 kWh', big: '12,35 MWh', money: '$ 6.700', percent: '67,4%', change: '+5,8%',
    capacity: '10,9 kWp', dateTime: '10-03-2026, 3:30 p. m.', weekday: 'martes, 10 mar', month: 'marzo de 2026', day: '10 mar', csv: { separator: ';', decimal: ',' },
  },
  {
    lang: 'fr', power: '3,25 kW', energy: '18,4 kWh', big: '12,35 MWh', money: '6 700 $CL', percent: '67,4 %', change: '+5,8 %',
    capacity: '10,9 kWc', dateTime: '10 mars 2026, 15:30', weekday: 'mardi 10 mars', month: 'mars 2026', day: '10 mars', csv: { separator: ';', decimal: ',' },
  },
  {
    lang: 'ar', power: '3.25 kW', energy: '18.4 kWh', big: '12.35 MWh', money: '6,700 CLP', percent: '67.4%', change: '+5.8%',
    capacity: '10.9 kWp', dateTime: '10/03/2026، 3:30 م', weekday: 'الثلاثاء، 10 مارس', month: 'مارس 2026', day: '10 مارس', csv: { separator: ',', decimal: '.' },
  },
  {
    lang: 'zh', power: '3.25 kW', energy: '18.4 kWh', big: '12.35 MWh', money: 'CLP 6,700', percent: '67.4%', change: '+5.8%',
    capacity: '10.9 kWp', dateTime: '2026年3月10日 15:30', weekday: '3月10日星期二', month: '2026年3月', day: '3月10日', csv: { separator: ',', decimal: '.' },
  },
])('formats in $lang', (want) => {
  const f = makeFormatters(want.lang, want.lang === 'ar', zone);

  it('writes quantities with the decimal mark of the language', () => {
    expect(plain(f.power(3250))).toBe(want.power);
    expect(plain(f.energy(18_400))).toBe(want.energy);
    expect(plain(f.energy(12_345_678))).toBe(want.big);
    // Peak power in the language's unit (French: kWc, as its labels say), and the yield per it.
    expect(plain(f.peakPower(10.9))).toBe(want.capacity);
    expect(plain(f.specificYield(4.15))).toBe(`${want.capacity.startsWith('10,') ? '4,15' : '4.15'} kWh/${want.capacity.split(' ')[1]}`);
  });

  it('writes money, shares and changes as the language does', () => {
    expect(plain(f.money(6_700, 'CLP'))).toBe(want.money);
    expect(plain(f.percent(67.4))).toBe(want.percent);
    expect(plain(f.change(5.8))).toBe(want.change);
  });

  it("writes instants in the plant's zone and local days as the calendar's, in the language", () => {
    expect(plain(f.dateTime(instant))).toBe(want.dateTime);
    expect(f.time(instant)).toBe('15:30');
    expect(plain(f.weekday('2026-03-10'))).toBe(want.weekday);
    expect(plain(f.month('2026-03'))).toBe(want.month);
    expect(plain(f.day('2026-03-10'))).toBe(want.day);
  });

  it("gives react-admin's date and number fields the language, and the CSV its separators", () => {
    expect(fieldDefaults(want.lang).RaDateField.defaultProps.locales).toBe(intlLocale(want.lang));
    expect(fieldDefaults(want.lang).RaNumberField.defaultProps.locales).toBe(intlLocale(want.lang));
    expect(csvDialect(intlLocale(want.lang))).toEqual(want.csv);
  });
});

describe.each(Object.entries({ es, en, fr, ar, zh }))('the price labels in %s', (lang, messages) => {
  it('name the currency as the amounts of the same language do', () => {
    // Read apart, a label's '$' next to the cards' 'CLP 6,517' was a second currency, and in Arabic
    // its neutral '$' and '/' were laid out after 'kWh' ('(kWh/$)').
    const currency = new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'CLP' }).formatToParts(1).find((p) => p.type === 'currency')!.value;
    const fields = (messages as { resources: Record<string, { fields: Record<string, string> }> }).resources['power-plants'].fields;
    expect(fields.tariff).toContain(`(${currency}/kWh)`);
    expect(fields.injection_price).toContain(`(${currency}/kWh)`);
  });
});

describe('direction', () => {
  it('isolates quantities with Latin units as left-to-right text in Arabic only', () => {
    expect(makeFormatters('ar', true).quantity(10.9, 'kWp')).toBe('\u206610.9 kWp\u2069');
    expect(makeFormatters('zh', false).quantity(10.9, 'kWp')).toBe('10.9 kWp');
  });

  it('keeps a local day on its date whatever the zone', () => {
    // A local day is a calendar date: neither UTC nor a zone west of it moves it to the 9th.
    expect(makeFormatters('es', false, 'Pacific/Honolulu').day('2026-03-10')).toBe('10 mar');
  });
});
