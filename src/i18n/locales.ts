/**
 * The languages offered (SPEC §9 + DESIGN: es default and fallback; en, fr, ar, zh; and
 * "English right-to-left", English messages laid out right to left).
 */
import { country } from '../config/country';

export type Direction = 'ltr' | 'rtl';

export interface LocaleInfo {
  /** react-admin locale code. */
  locale: string;
  /** The language's own name, shown in the switcher. */
  name: string;
  /** Which message set it uses. */
  messages: 'es' | 'en' | 'fr' | 'ar' | 'zh';
  /**
   * The <html lang> (BCP 47) and Intl's language: Chinese is written in simplified characters,
   * 'zh-Hans' (plain 'zh' leaves the script open, and a screen reader may pick a traditional voice).
   */
  lang: string;
  dir: Direction;
}

export const DEFAULT_LOCALE = 'es';

export const LOCALES: LocaleInfo[] = [
  { locale: 'es', name: 'Español', messages: 'es', lang: 'es', dir: 'ltr' },
  { locale: 'en', name: 'English', messages: 'en', lang: 'en', dir: 'ltr' },
  { locale: 'fr', name: 'Français', messages: 'fr', lang: 'fr', dir: 'ltr' },
  { locale: 'ar', name: 'العربية', messages: 'ar', lang: 'ar', dir: 'rtl' },
  { locale: 'zh', name: '中文', messages: 'zh', lang: 'zh-Hans', dir: 'ltr' },
  // Polyglot picks plural rules from the part before '-', so this behaves as English.
  { locale: 'en-rtl', name: 'English (RTL)', messages: 'en', lang: 'en', dir: 'rtl' },
];

export const localeInfo = (locale: string): LocaleInfo =>
  LOCALES.find((l) => l.locale === locale) ?? LOCALES[0];

/**
 * The locale Intl is given: Spanish is written as in the portal's country ('es-CL' groups 6.700,
 * plain 'es' leaves four digits ungrouped and writes "6700 CLP").
 */
export const intlLocale = (lang: string) => (lang === 'es' ? `es-${country.code}` : lang);

/**
 * The locale react-admin's DateField and NumberField format in (their theme default props): the
 * active language's, not the browser's.
 */
export const fieldDefaults = (lang: string) => {
  const locales = intlLocale(lang);
  return { RaDateField: { defaultProps: { locales } }, RaNumberField: { defaultProps: { locales } } };
};

/** Marks of direction Intl puts around an Arabic date's separators: the pickers' field lays its sections out itself. */
const BIDI_MARKS = /[\u061c\u200e\u200f]/g;

/**
 * The date pickers' field format (dayjs tokens) of a language: the order and separators of the
 * lists' dates (react-admin's DateField through Intl, `fieldDefaults`), so a date is typed as it
 * reads everywhere else ('05-03-2026' in Spanish, where dayjs wrote '05/03/2026'). Day and month
 * have two digits, as the pickers' field pads them while typing ('03/05/2026' in English).
 */
export function pickerDateFormat(lang: string): string {
  const parts = new Intl.DateTimeFormat(intlLocale(lang), { timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 2, 5, 12)));
  return parts.map(({ type, value }) => {
    if (type === 'day') return 'DD';
    if (type === 'month') return 'MM';
    if (type === 'year') return 'YYYY';
    const literal = value.replace(BIDI_MARKS, '');
    // dayjs reads letters as tokens: anything but separators is escaped.
    return /^[\s./\-,]*$/.test(literal) ? literal : `[${literal}]`;
  }).join('');
}
