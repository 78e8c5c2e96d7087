/**
 * Every number field of every form (issue 33). react-admin's NumberInput is an <input type=number>,
 * which the browser reads in ITS language: in Chromium in English, '5,45' typed in the Spanish app
 * came through as 545. This is a text field read in the app's language (src/i18n/numbers.ts: the
 * rule for '.' and ','), with the decimal keyboard on a phone; the form holds the number, or the
 * text as typed while it is not one, which validation refuses with a message saying how to write it.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  FieldTitle, InputHelperText, useInput, useLocaleState, type InputProps, type Validator,
} from 'react-admin';
import { readNumber, separators, writeNumber } from '../i18n/numbers';

export type DecimalInputProps = InputProps & Pick<TextFieldProps, 'fullWidth' | 'margin' | 'size'> & {
  min?: number;
  max?: number;
  /** 1: whole numbers only. */
  step?: number | 'any';
};

/** Refuses text that is not a number in `locale`, saying why and how to write it. */
const readable = (locale: string): Validator => (value) => {
  if (typeof value !== 'string') return undefined;
  const reading = readNumber(value, locale);
  if (!('error' in reading)) return undefined;
  const { decimal } = separators(locale);
  if (reading.error === 'ambiguous') {
    const digits = value.replace(/[^\d\u0660-\u0669\u06F0-\u06F9]/g, '');
    const [whole, rest] = [digits.slice(0, -3), digits.slice(-3)];
    return { message: 'app.inputs.number_ambiguous', args: { text: value.trim(), thousands: digits, decimal: `${whole}${decimal}${rest}` } };
  }
  return { message: 'app.inputs.number_invalid', args: { example: writeNumber(5.45, locale) } };
};

/** The bounds, written in the language ('Debe ser al menos 0,01'). */
const below = (min: number, locale: string): Validator => (value) =>
  (typeof value === 'number' && value < min ? { message: 'ra.validation.minValue', args: { min: writeNumber(min, locale) } } : undefined);
const above = (max: number, locale: string): Validator => (value) =>
  (typeof value === 'number' && value > max ? { message: 'ra.validation.maxValue', args: { max: writeNumber(max, locale) } } : undefined);

const whole: Validator = (value) => (typeof value === 'number' && !Number.isInteger(value) ? 'app.validation.integer' : undefined);

/** '-33,4' reads left to right (in an Arabic line its minus sign went after the digits), on the page's starting side (see phone.tsx). */
const startingSide = { textAlign: 'left' } as const;

const textOf = (value: unknown, locale: string) => (typeof value === 'number' ? writeNumber(value, locale) : typeof value === 'string' ? value : '');

export function DecimalInput({ min, max, step = 'any', validate, label, helperText, fullWidth, margin, size = 'small', ...props }: DecimalInputProps) {
  const [locale] = useLocaleState();
  const checks = [
    readable(locale),
    ...[validate ?? []].flat(),
    ...(step === 1 ? [whole] : []),
    ...(min !== undefined ? [below(min, locale)] : []),
    ...(max !== undefined ? [above(max, locale)] : []),
  ];
  const { field, fieldState: { error, invalid }, id, isRequired } = useInput({ defaultValue: null, ...props, validate: checks });
  const [text, setText] = useState(() => textOf(field.value, locale));
  const focused = useRef(false);

  // A value from outside (the record, a reset, the language changed) is shown, not while typing.
  useEffect(() => {
    if (!focused.current) setText(textOf(field.value, locale));
  }, [field.value, locale]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    const reading = readNumber(typed, locale);
    field.onChange('error' in reading ? typed : reading.value);
  };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    focused.current = false;
    field.onBlur(event);
    // Written back in the language's way once left ('5.45' typed in Spanish shows '5,45').
    if (typeof field.value === 'number') setText(writeNumber(field.value, locale));
  };
  // A phone's decimal keyboard has no minus sign: fields that take negatives get the full one.
  const inputMode = min !== undefined && min >= 0 ? (step === 1 ? 'numeric' : 'decimal') : 'text';
  const { ref, ...rest } = field;
  return (
    <TextField
      id={id} {...rest} inputRef={ref} value={text} onChange={onChange} onBlur={onBlur}
      onFocus={() => { focused.current = true; }}
      className={`ra-input ra-input-${props.source}`}
      size={size} margin={margin} fullWidth={fullWidth} sx={{ '& input': startingSide }} error={invalid} disabled={props.disabled || props.readOnly}
      label={label !== '' && label !== false ? <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} /> : null}
      helperText={helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : null}
      slotProps={{ htmlInput: { inputMode, autoComplete: 'off', spellCheck: false, dir: 'ltr' } }}
    />
  );
}
