/**
 * A text input of the public forms, bound to react-admin's form (ra-core's `useInput`: value,
 * validators, errors shown once the form was submitted, server errors set by `onSubmit`). It is
 * what MUI's TextField renders in the theme's filled variant, made of its parts: TextField (and so
 * react-admin's TextInput) would bring Select, a menu and two more input variants into the login
 * page's script (docs/web.md, "Code split").
 */
import { Button, FilledInput, FormControl, FormHelperText, InputLabel, type FilledInputProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useInput, ValidationError, type Validator } from 'react-admin';

export interface FilledFieldProps extends Pick<FilledInputProps, 'type' | 'autoComplete' | 'autoFocus'> {
  source: string;
  label: ReactNode;
  validate?: Validator | Validator[];
}

export const FilledField = ({ source, label, validate, ...input }: FilledFieldProps) => {
  const { id, field, fieldState: { error } } = useInput({ source, id: source, validate });
  // Disabled on screen only: a field disabled in the form would be left out of the values sent.
  const { isSubmitting } = useFormState();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl error={!!error} disabled={isSubmitting}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput id={id} aria-describedby={error ? helperId : undefined} {...field} {...input} />
      {error?.message && <FormHelperText id={helperId}><ValidationError error={error.message} /></FormHelperText>}
    </FormControl>
  );
};

/** The submit button of a public form, disabled while the form is being sent. */
export const SubmitButton = ({ children }: { children: ReactNode }) => {
  const { isSubmitting } = useFormState();
  return <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={isSubmitting}>{children}</Button>;
};
