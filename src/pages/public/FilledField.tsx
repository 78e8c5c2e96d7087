/**
 * A text field of the public forms: what MUI's TextField renders in the theme's filled variant,
 * made of its parts. TextField itself would bring Select, a menu and two more input variants into
 * the login page's script (docs/web.md, "Code split").
 */
import { FilledInput, FormControl, FormHelperText, InputLabel, type FilledInputProps } from '@mui/material';
import type { ReactNode } from 'react';

export interface FilledFieldProps extends Omit<FilledInputProps, 'error'> {
  id: string;
  label: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
}

export const FilledField = ({ id, label, error, helperText, disabled, ...input }: FilledFieldProps) => (
  <FormControl error={error} disabled={disabled}>
    <InputLabel htmlFor={id}>{label}</InputLabel>
    <FilledInput id={id} aria-describedby={helperText ? `${id}-helper-text` : undefined} {...input} />
    {helperText && <FormHelperText id={`${id}-helper-text`}>{helperText}</FormHelperText>}
  </FormControl>
);
