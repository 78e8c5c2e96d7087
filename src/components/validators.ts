/**
 * The validators of SPEC §5 used by the resource forms and the public pages. Their messages are the shell's translation
 * keys (app.validation.*), so every form shows the same exact Spanish wording.
 */
import { email, maxLength, minLength, required, type Validator } from 'react-admin';
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
