/**
 * The validators of SPEC §5 used by the resource forms. Their messages are the shell's translation
 * keys (app.validation.*), so every form shows the same exact Spanish wording.
 */
import { email, maxLength, minLength, required } from 'react-admin';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/limits';

export const nameRequired = [required('app.validation.name')];
export const descriptionRequired = [required('app.validation.description')];
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
