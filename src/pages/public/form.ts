/** Validation of the public forms (SPEC §5 messages) and a small form state hook. */
import { useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';

/** Returns a translation key (or a server message) when the value is not acceptable. */
export type Rule = (value: string, values: Record<string, string>) => string | undefined;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const required = (message: string): Rule => (v) => (v.trim() ? undefined : message);
export const validEmail: Rule = (v) => (!v.trim() || EMAIL.test(v.trim()) ? undefined : 'app.validation.email_invalid');
export const passwordLength: Rule = (v) => (!v || (v.length >= 4 && v.length <= 16) ? undefined : 'app.validation.password_length');
export const sameAs = (field: string): Rule => (v, all) => (v === all[field] ? undefined : 'app.validation.password_mismatch');

export const emailRules = [required('app.validation.email'), validEmail];
export const passwordRules = [required('app.validation.password'), passwordLength];

export function validate(values: Record<string, string>, rules: Record<string, Rule[]>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    for (const rule of fieldRules) {
      const message = rule(values[field] ?? '', values);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}

/**
 * Values, errors (validated on submit, then as the user types), a `processing` flag for the
 * submit button, and `field(name)` props for a FilledField.
 */
export function useForm<T extends Record<string, string>>(initial: T, rules: Partial<Record<keyof T, Rule[]>>) {
  const translate = useTranslate();
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [processing, setProcessing] = useState(false);

  const check = (next: Record<string, string>) => validate(next, rules as Record<string, Rule[]>);

  const field = (name: keyof T & string) => ({
    name,
    id: name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted) setErrors(check(next));
    },
    error: !!errors[name],
    helperText: errors[name] ? translate(errors[name], { _: errors[name] }) : undefined,
    disabled: processing,
  });

  /** Validates; runs `action` with the processing flag on when valid. */
  const submit = (action: (values: T) => Promise<void>) => async (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length || processing) return;
    setProcessing(true);
    try {
      await action(values);
    } finally {
      setProcessing(false);
    }
  };

  return { values, errors, setErrors, field, submit, processing, setProcessing };
}

/** Field messages of a DRF 400 body that name one of `fields`, as {field: first message}. */
export function serverFieldErrors(body: unknown, fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    const message = Array.isArray(value) ? value[0] : value;
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}
