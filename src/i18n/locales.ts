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
  /** The <html lang>. */
  lang: string;
  dir: Direction;
}

export const DEFAULT_LOCALE = 'es';

export const LOCALES: LocaleInfo[] = [
  { locale: 'es', name: 'Español', messages: 'es', lang: 'es', dir: 'ltr' },
  { locale: 'en', name: 'English', messages: 'en', lang: 'en', dir: 'ltr' },
  { locale: 'fr', name: 'Français', messages: 'fr', lang: 'fr', dir: 'ltr' },
  { locale: 'ar', name: 'العربية', messages: 'ar', lang: 'ar', dir: 'rtl' },
  { locale: 'zh', name: '中文', messages: 'zh', lang: 'zh', dir: 'ltr' },
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
