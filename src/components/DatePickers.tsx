/**
 * MUI X date pickers in the chosen language, for the monitoring chart and the forms. This module
 * brings the pickers and dayjs: the forms load it lazily (`LazyDateInput`), the chart's chunk holds it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES, frFR, zhCN } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ar';
import 'dayjs/locale/zh-cn';
import { localeInfo, pickerDateFormat } from '../i18n/locales';
import { arPickers } from '../i18n/ar/pickers';
import {
  FieldTitle, InputHelperText, useInput, useLocaleState, useResourceContext, type InputProps, type Validator,
} from 'react-admin';

const DAY = 'YYYY-MM-DD';
/** dayjs's name of the chosen language (English right-to-left is English). */
const dayjsLocale = (locale: string) => { const { lang, messages } = localeInfo(locale); return messages === 'zh' ? 'zh-cn' : lang; };

const textOf = (pack: typeof enUS) => pack.components.MuiLocalizationProvider.defaultProps.localeText;
/** The pickers' own labels (buttons, the dialog's title, what a screen reader says) per message set. */
const LOCALE_TEXT = { es: textOf(esES), en: textOf(enUS), fr: textOf(frFR), zh: textOf(zhCN), ar: { ...textOf(enUS), ...arPickers } };

/**
 * The pickers below it speak the chosen language: month names (dayjs), a day's field in the lists'
 * date format (its order, separators and padding: dayjs's own differed, '05/03/2026' beside the
 * lists' '05-03-2026'), and their buttons and labels (without these, 'Cancel' and 'OK' on a phone's
 * dialog and 'Choose date' read aloud, in every language).
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocale(locale)} localeText={LOCALE_TEXT[localeInfo(locale).messages]}
      dateFormats={{ keyboardDate: pickerDateFormat(localeInfo(locale).lang) }}>
      {children}
    </LocalizationProvider>
  );
}

/** What a typed date is: none, a whole and valid day, or not yet one (partial, impossible, out of range). */
export type TypedDate = 'empty' | 'valid' | 'incomplete';

/** The field's order in `locale`, in its placeholders: 'DD/MM/AAAA' in Spanish, 'MM/DD/YYYY' in English. */
export function dateHint(locale: string): string {
  const text = LOCALE_TEXT[localeInfo(locale).messages];
  const order: string = dayjs.Ls[dayjsLocale(locale)]?.formats?.L ?? 'MM/DD/YYYY';
  const year = text.fieldYearPlaceholder?.({ digitAmount: 4, format: 'YYYY' }) ?? 'YYYY';
  const month = text.fieldMonthPlaceholder?.({ contentType: 'digit', format: 'MM' }) ?? 'MM';
  const day = text.fieldDayPlaceholder?.({ format: 'DD' }) ?? 'DD';
  return order.replace(/[\u200E\u200F]/g, '').replace(/YYYY|MM|DD|M|D/g, (token) => (token[0] === 'Y' ? year : token[0] === 'M' ? month : day));
}

const dayOf = (d: Dayjs | null) => (d && d.isValid() ? d.format(DAY) : null);

/**
 * MUI X's picker, its field holding what is typed (issue 33). The picker is controlled: given back
 * anything but what its field last held, it redraws the field with that. The screens gave it back
 * only whole, valid dates, so each digit that made a date out of range or not yet whole undid the
 * typing: '15112026' on 3 December became 01/11/2026 (15/12 is after today: the field went back
 * to 01/12), and the year's first digits (the year 2, before 1900) wiped the day and month. Here
 * the field keeps every keystroke; `onDate` hears each change with what it is, and `value` is
 * taken only when it changes from outside (undefined: leave the field as it is).
 */
export function TypedDatePicker({ value, onDate, incompleteMessage, ...props }: Omit<DatePickerProps, 'value' | 'onChange'> & {
  value: Dayjs | null | undefined;
  onDate: (date: Dayjs | null, what: TypedDate) => void;
  /** Shown under the field while the date is not whole and valid (the chart's; a form shows its validation's). */
  incompleteMessage?: string;
}) {
  const [shown, setShown] = useState<Dayjs | null>(value ?? null);
  const [what, setWhat] = useState<TypedDate>('valid');
  const held = useRef(dayOf(value ?? null));
  // The field's text (its sections, placeholders where empty): MUI X gives null for a date partly
  // typed as for an empty field; a digit in it tells them apart once it has drawn.
  const input = useRef<HTMLInputElement>(null);
  const [checkEmpty, setCheckEmpty] = useState(0);
  useEffect(() => {
    if (value === undefined || dayOf(value) === held.current) return;
    held.current = dayOf(value);
    setShown(value);
    setWhat(value ? 'valid' : 'empty');
  }, [value]);
  useLayoutEffect(() => {
    if (!checkEmpty || shown) return;
    const typed: TypedDate = /[0-9\u0660-\u0669\u06F0-\u06F9]/.test(input.current?.value ?? '') ? 'incomplete' : 'empty';
    setWhat(typed);
    if (typed === 'empty') held.current = null;
    onDate(null, typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per null the field gave
  }, [checkEmpty]);
  const textField = props.slotProps?.textField as object | undefined;
  return (
    <DatePicker
      {...props}
      value={shown}
      onChange={(d, context) => {
        setShown(d);
        if (!d) { setCheckEmpty((n) => n + 1); return; }
        const typed: TypedDate = d.isValid() && !context.validationError ? 'valid' : 'incomplete';
        setWhat(typed);
        if (typed === 'valid') held.current = dayOf(d);
        onDate(d, typed);
      }}
      slotProps={{
        ...props.slotProps,
        textField: {
          ...textField,
          inputRef: input,
          ...(incompleteMessage && what === 'incomplete' ? { error: true, helperText: incompleteMessage } : {}),
        },
      }}
    />
  );
}

/** A form's date still being typed: the form holds this instead of a day, and validation refuses it. */
const INCOMPLETE = 'incomplete';

/**
 * A form's date (stored as 'YYYY-MM-DD', or null): the app's picker instead of the browser's, whose
 * language is the browser's. A date not yet whole and valid is refused with a message saying the
 * order to type it in (it was saved as no date).
 */
export default function DatePickerInput(props: InputProps) {
  const resource = useResourceContext(props);
  const [locale] = useLocaleState();
  const whole: Validator = (v) => (v === INCOMPLETE ? { message: 'app.inputs.date_incomplete', args: { format: dateHint(locale) } } : undefined);
  const { field, fieldState, isRequired } = useInput({ ...props, validate: [whole, ...[props.validate ?? []].flat()] });
  const value = field.value === INCOMPLETE ? undefined : field.value ? dayjs(field.value) : null;
  return (
    <DateLocalization>
      <TypedDatePicker
        label={<FieldTitle label={props.label} source={props.source} resource={resource} isRequired={isRequired} />}
        value={value && !value.isValid() ? null : value}
        onDate={(d, what) => field.onChange(what === 'valid' ? d!.format(DAY) : what === 'empty' ? null : INCOMPLETE)}
        slotProps={{
          textField: {
            name: field.name, onBlur: field.onBlur, margin: 'dense', size: 'small',
            error: !!fieldState.error, helperText: fieldState.error ? <InputHelperText error={fieldState.error.message} /> : undefined,
          },
          field: { clearable: true },
        }}
      />
    </DateLocalization>
  );
}
