import { lazy, Suspense } from 'react';
import { TextField } from '@mui/material';
import type { InputProps } from 'react-admin';

const DatePickerInput = lazy(() => import('./DatePickers'));

/** A form's date field (DatePickers.tsx), loaded with the pickers on first use; a plain field meanwhile. */
export function LazyDateInput(props: InputProps) {
  return (
    <Suspense fallback={<TextField size="small" margin="dense" disabled label=" " />}>
      <DatePickerInput {...props} />
    </Suspense>
  );
}
