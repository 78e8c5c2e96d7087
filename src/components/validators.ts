/**
 * The validators of SPEC §5 used by the resource forms and the public pages. Their messages are the shell's translation
 * keys (app.validation.*), so every form shows the same exact Spanish wording.
 */
import { email, maxLength, minLength, number, required, type Validator } from 'react-admin';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/limits';

export const nameRequired = [required('app.validation.name')];
export const descriptionRequired = [required('app.validation.description')];
export const messageRequired = [required('app.validation.message')];
export const titleRequired = [required('app.validation.title')];
export const categoryRequired = [required('app.validation.category')];
export const firstNameRequired = [required('app.validation.first_name')];
export const lastNameRequired = [required('app.validation.last_name')];
export const emailRequired = [required('app.validation.email'), email('app.validation.email_invalid')];
export const phoneRequired = [required('app.validation.phone')];
export const addressRequired = [required('app.validation.address')];
export const passwordRequired = [
  required('app.validation.password'),
  minLength(PASSWORD_MIN, 'app.validation.password_length'),
  maxLength(PASSWORD_MAX, 'app.validation.password_length'),
];
/** A new password typed twice: the second must be the first (the form's `password`). */
export const passwordConfirmed: Validator[] = [
  required('app.validation.password'),
  (value, values) => (value === values.password ? undefined : 'app.validation.password_mismatch'),
];

/** Whether a form field holds a value (not left empty). */
export const given = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The bounds of a number as the contract declares it (a TypeBox Number or Integer schema). */
export interface NumberBounds { type?: unknown; minimum?: number; maximum?: number }

/**
 * A number within the contract's bounds (whole for an Integer), required unless `optional`, so a form
 * refuses what the API would answer with a 400. `format` writes the bounds in the reader's language
 * (useFormatters().number): react-admin's minValue/maxValue would show them as JavaScript does.
 */
export function numberWithin({ type, minimum, maximum }: NumberBounds, format: (n: number) => string, { optional = false } = {}): Validator[] {
  return [
    ...(optional ? [] : [required('app.validation.value')]),
    number('ra.validation.number'),
    (value) => (given(value) && type === 'integer' && !Number.isInteger(Number(value)) ? 'app.validation.integer' : undefined),
    (value) => (given(value) && minimum !== undefined && Number(value) < minimum ? { message: 'ra.validation.minValue', args: { min: format(minimum) } } : undefined),
    (value) => (given(value) && maximum !== undefined && Number(value) > maximum ? { message: 'ra.validation.maxValue', args: { max: format(maximum) } } : undefined),
  ];
}

/** Required and more than spaces (the API refuses a blank text: the contract's S.nonBlank), `message` for both. */
export const textRequired = (message: string): Validator[] => [
  required(message),
  (value) => (typeof value === 'string' && !value.trim() ? message : undefined),
];
export const commentRequired = textRequired('app.alarms.comment_required');
