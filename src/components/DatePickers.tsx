/**
 * MUI X date pickers in the chosen language, for the monitoring chart and the forms. This module
 * brings the pickers and dayjs: the forms load it lazily (`LazyDateInput`), the chart's chunk holds it.
 */
import type { ReactNode } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES, frFR, zhCN } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ar';
import 'dayjs/locale/zh-cn';
import { localeInfo, pickerDateFormat } from '../i18n/locales';
import { arPickers } from '../i18n/ar/pickers';
import { FieldTitle, useInput, useLocaleState, useResourceContext, type InputProps } from 'react-admin';

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

/**
 * A form's date (stored as 'YYYY-MM-DD', or null): the app's picker instead of the browser's, whose
 * language is the browser's. A date being typed stays out of the form until it is whole and valid.
 */
export default function DatePickerInput(props: InputProps) {
  const resource = useResourceContext(props);
  const { field, fieldState, isRequired } = useInput(props);
  const value = field.value ? dayjs(field.value) : null;
  return (
    <DateLocalization>
      <DatePicker
        label={<FieldTitle label={props.label} source={props.source} resource={resource} isRequired={isRequired} />}
        value={value && value.isValid() ? value : null}
        onChange={(d, context) => {
          if (!d) field.onChange(null);
          else if (d.isValid() && !context.validationError) field.onChange(d.format(DAY));
        }}
        slotProps={{
          textField: {
            name: field.name, onBlur: field.onBlur, margin: 'dense', size: 'small',
            error: !!fieldState.error, helperText: fieldState.error?.message,
          },
          field: { clearable: true },
        }}
      />
    </DateLocalization>
  );
}
