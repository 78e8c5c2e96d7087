/** Numbers, money and times of the monitoring page, formatted with Intl for the active language. */
import { useLocaleState } from 'react-admin';
import { useMemo } from 'react';
import { localeInfo } from '../../i18n/locales';
import { country } from '../../config/country';

export interface Formatters {
  lang: string;
  number: (value: number, digits?: number) => string;
  /** W -> "3,25 kW" */
  power: (watts: number) => string;
  /** Wh -> kWh, or MWh from 1 000 kWh */
  energy: (wh: number) => string;
  /** kg, or t from 1 000 kg */
  mass: (kg: number) => string;
  money: (amount: number, currency: string) => string;
  percent: (pct: number) => string;
  dateTime: (iso: string) => string;
  time: (iso: string) => string;
}

/**
 * `rtl`: a quantity with a Latin unit ("4,7 kW") is isolated as left-to-right text, else the
 * bidi algorithm shows the unit first inside Arabic text.
 */
export function makeFormatters(lang: string, rtl = false, timeZone = country.timeZone): Formatters {
  const number = (value: number, digits = 2) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
  const unit = (text: string) => (rtl ? `\u2066${text}\u2069` : text);
  return {
    lang,
    number,
    power: (w) => unit(`${number(w / 1000)} kW`),
    energy: (wh) => unit(Math.abs(wh) >= 1e6 ? `${number(wh / 1e6)} MWh` : `${number(wh / 1000, 1)} kWh`),
    mass: (kg) => unit(Math.abs(kg) >= 1000 ? `${number(kg / 1000)} t` : `${number(kg, 1)} kg`),
    money: (amount, currency) => new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount),
    percent: (pct) => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(pct / 100),
    dateTime: (iso) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso)),
    time: (iso) => new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso)),
  };
}

export function useFormatters(): Formatters {
  const [locale] = useLocaleState();
  const { lang, dir } = localeInfo(locale);
  return useMemo(() => makeFormatters(lang, dir === 'rtl'), [lang, dir]);
}
