/**
 * The parts of the public pages' forms: the form, its text inputs and its submit button, as light
 * as the login page's script needs them (docs/web.md, "Code split").
 */
import { Button, FilledInput, FormControl, FormHelperText, InputLabel, type FilledInputProps } from '@mui/material';
import type { ReactNode } from 'react';
import {
  FormProvider, useForm, useFormState, type DefaultValues, type FieldValues, type UseFormSetError,
} from 'react-hook-form';
import { setSubmissionErrors, useInput, ValidationError, type Validator } from 'react-admin';

/**
 * A public page's form: react-hook-form's, as react-admin's `<Form>` sets it up (errors shown from
 * the first submit, checked again as the user types; the field errors `onSubmit` resolves with
 * shown under their fields, with ra-core's `setSubmissionErrors`), without `<Form>` itself: it
 * brings React Router's data router (its unsaved-changes guard, through ra-core's router adapter),
 * lodash's merge and query-string, about 26 KB brotli, into the login page's script. The inputs
 * are ra-core's (`useInput`) with the shared validators, as in the admin's forms.
 */
export function PublicForm<T extends FieldValues>({ defaultValues, onSubmit, children }: {
  defaultValues: DefaultValues<T>;
  onSubmit: (values: T) => Promise<FieldValues | undefined | void>;
  children: ReactNode;
}) {
  const form = useForm<T>({ defaultValues });
  const submit = form.handleSubmit(async (values) => {
    const errors = await onSubmit(values);
    // The server names its fields as strings, not as the form's typed paths.
    if (errors) setSubmissionErrors(errors, form.setError as UseFormSetError<FieldValues>);
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>{children}</form>
    </FormProvider>
  );
}

export interface FilledFieldProps extends Pick<FilledInputProps, 'type' | 'autoComplete' | 'autoFocus' | 'inputProps' | 'sx'> {
  source: string;
  label: ReactNode;
  validate?: Validator | Validator[];
}

/**
 * A text input bound to the form with ra-core's `useInput` (value, validators, errors). It is what
 * MUI's TextField renders in the theme's filled variant, made of its parts: TextField (and so
 * react-admin's TextInput) would bring Select, a menu and two more input variants.
 */
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
