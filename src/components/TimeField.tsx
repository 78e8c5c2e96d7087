/**
 * An instant of a record (created_at, opened_at, last_login...) as every screen shows times: in the
 * active language and the portal's time zone (src/i18n/format.ts), so a list and a detail page say the
 * same hour. react-admin's DateField would format it in the browser's zone.
 */
import { Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';
import { useFormatters } from '../i18n/format';

export function TimeField({ dateOnly = false, emptyText, ...props }: FieldProps & { dateOnly?: boolean }) {
  const value = useFieldValue(props);
  const f = useFormatters();
  const text = value ? (dateOnly ? f.date(value) : f.dateTime(value)) : emptyText;
  return text ? <Typography component="span" variant="body2">{text}</Typography> : null;
}
