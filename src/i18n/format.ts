/**
 * Numbers, money, dates and times of every screen, formatted with Intl for the active language (the
 * one formatting module: pages, resources and the theme's react-admin fields all read it).
 */
import { useLocaleState } from 'react-admin';
import { useMemo } from 'react';
import { intlLocale, localeInfo } from './locales';
import { country } from '../config/country';

export interface Formatters {
  lang: string;
  /** IANA zone every time and local day is shown in: the plant's (settings.time_zone, as the API uses). */
  timeZone: string;
  number: (value: number, digits?: number) => string;
  /** How long ago an instant was ("hace 3 minutos"), in the largest whole unit. */
  ago: (iso: string, now?: number) => string;
  /** W -> "3,25 kW" */
  power: (watts: number) => string;
  /** Wh -> kWh, or MWh from 1 000 kWh */
  energy: (wh: number) => string;
  /** kg, or t from 1 000 kg */
  mass: (kg: number) => string;
  money: (amount: number, currency: string) => string;
  /** A price per kWh: "$ 160/kWh". */
  perKwh: (amount: number, currency: string) => string;
  percent: (pct: number) => string;
  /** A change in %, always signed: "+12 %", "−3,5 %". */
  change: (pct: number) => string;
  /** kWh per kWp installed: "4,15 kWh/kWp" (French: kWc, kilowatt-crête). */
  specificYield: (kwhPerKwp: number) => string;
  /** A plant's peak (DC) power: "10,9 kWp" (French: "10,9 kWc"). */
  peakPower: (kwp: number) => string;
  dateTime: (iso: string) => string;
  /** The local day of an instant: "10-03-2026". */
  date: (iso: string) => string;
  time: (iso: string) => string;
  /** A local day 'YYYY-MM-DD' -> "martes, 10 mar". */
  weekday: (date: string) => string;
  /** A number with a unit: (10.9, 'kWp') -> "10,9 kWp", kept left to right in Arabic text. */
  quantity: (value: number, unit: string, digits?: number) => string;
  /** A local day 'YYYY-MM-DD' -> "10 mar". */
  day: (date: string) => string;
  /** A local month 'YYYY-MM' -> "marzo de 2026". */
  month: (month: string) => string;
  /** A local month 'YYYY-MM' -> "mar". */
  shortMonth: (month: string) => string;
}


/** A local calendar date as an instant at its noon UTC, formatted in UTC: no zone can move its day. */
const calendar = (date: string) => new Date(`${date.length === 7 ? `${date}-15` : date}T12:00:00Z`);

/**
 * Intl's formatters are slow to make and quick to use: a day chart formats its 288 instants and a
 * list its dates again at every render, and making one per call was the largest part of drawing
 * the monitoring page. One per kind, locale and options, kept for the page's life.
 */
const kept = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function keep<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, locale: string, options: object, make: () => F): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = kept.get(key) as F | undefined;
  if (!format) kept.set(key, format = make());
  return format;
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions) => keep('n', locale, options, () => new Intl.NumberFormat(locale, options));
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => keep('d', locale, options, () => new Intl.DateTimeFormat(locale, options));

/**
 * Text users wrote (a plant's or a person's name) inside a line of the interface, isolated for
 * direction (first strong isolate): in Arabic, 'Planta Maipú · Inversor 1 · 28/11' otherwise had
 * its separators taken into the Latin run and laid out on the wrong side.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * Pieces of one line of the interface (names users wrote, an address, a model beside a quantity):
 * those given, each isolated, apart by ' · '.
 */
export const namesLine = (names: (string | null | undefined | false)[]) =>
  names.filter((name): name is string => !!name).map(isolated).join(' · ');

/**
 * `rtl`: a quantity with a Latin unit ("4,7 kW", "52,6 %", "−20,7 %") is isolated as left-to-right
 * text, else the bidi algorithm shows the unit or the sign first inside Arabic text.
 */
export function makeFormatters(lang: string, rtl = false, timeZone = country.timeZone): Formatters {
  const locale = intlLocale(lang);
  const number = (value: number, digits = 2) => numberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const unit = (text: string) => (rtl ? `\u2066${text}\u2069` : text);
  // Peak power's unit as the language writes it: French says kWc (kilowatt-crête), as its labels do.
  const peak = lang === 'fr' ? 'kWc' : 'kWp';
  const dateIn = (options: Intl.DateTimeFormatOptions) => (date: string) =>
    dateFormat(locale, { ...options, timeZone: 'UTC' }).format(calendar(date));
  const money = (amount: number, currency: string) => {
    // Chileans write the sign apart from the amount: "$ 6.700" (es-CL's Intl gives "$6.700").
    const parts = numberFormat(locale, { style: 'currency', currency }).formatToParts(amount);
    return parts.map((p, i) => (lang === 'es' && p.type === 'currency' && parts[i + 1]?.type === 'integer' ? `${p.value}\u00a0` : p.value)).join('');
  };
  const ago = (iso: string, now = Date.now()) => {
    const seconds = Math.round((Date.parse(iso) - now) / 1000);
    const [value, unitName] = Math.abs(seconds) < 60 ? [seconds, 'second'] : Math.abs(seconds) < 3600 ? [Math.round(seconds / 60), 'minute']
      : Math.abs(seconds) < 86_400 ? [Math.round(seconds / 3600), 'hour'] : [Math.round(seconds / 86_400), 'day'];
    return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value as number, unitName as Intl.RelativeTimeFormatUnit);
  };
  return {
    lang,
    timeZone,
    number,
    ago,
    power: (w) => unit(`${number(w / 1000)} kW`),
    energy: (wh) => unit(Math.abs(wh) >= 1e6 ? `${number(wh / 1e6)} MWh` : `${number(wh / 1000, 1)} kWh`),
    mass: (kg) => unit(Math.abs(kg) >= 1000 ? `${number(kg / 1000)} t` : `${number(kg, 1)} kg`),
    money,
    perKwh: (amount, currency) => unit(`${money(amount, currency)}/kWh`),
    percent: (pct) => unit(numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(pct / 100)),
    change: (pct) => unit(numberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(pct / 100)),
    specificYield: (v) => unit(`${number(v)} kWh/${peak}`),
    peakPower: (kwp) => unit(`${number(kwp)} ${peak}`),
    dateTime: (iso) => dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso)),
    date: (iso) => dateFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso)),
    time: (iso) => dateFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso)),
    weekday: dateIn({ weekday: 'long', day: 'numeric', month: 'short' }),
    quantity: (value, text, digits) => unit(`${number(value, digits)} ${text}`),
    day: dateIn({ day: 'numeric', month: 'short' }),
    month: dateIn({ month: 'long', year: 'numeric' }),
    shortMonth: dateIn({ month: 'short' }),
  };
}

/** The formatters of the active language, in `timeZone` (the plant's, from its snapshot; else the portal's) when given. */
export function useFormatters(timeZone?: string): Formatters {
  const [locale] = useLocaleState();
  const { lang, dir } = localeInfo(locale);
  return useMemo(() => makeFormatters(lang, dir === 'rtl', timeZone), [lang, dir, timeZone]);
}
