import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { SimpleList, type RaRecord, type SimpleListProps } from 'react-admin';
import { useIsPhone } from './useIsPhone';

type Text<R extends RaRecord> = (record: R) => ReactNode;

/** How a row reads on a phone: react-admin's SimpleList lines. */
export interface PhoneRow<R extends RaRecord = RaRecord> {
  primary: Text<R>;
  secondary?: Text<R>;
  /** Short text at the end of the first line (a date, a count). */
  tertiary?: Text<R>;
  /** An image URL or a short text for the avatar. */
  avatar?: (record: R) => string | undefined;
  /** Row actions (edit, delete, remove), on rows that are not links themselves. */
  actions?: ReactNode;
  /** Where a tap on the row leads; nothing by default. */
  rowClick?: SimpleListProps<R>['rowClick'];
}

/**
 * The rows of every list: the DataTable given as children on a wider screen, and on a phone
 * react-admin's SimpleList (one or two lines a row, as react-admin's own demo does), so a list never
 * overflows a 390 px screen. Inside a list context (List, ReferenceManyField, useList).
 */
export function ResponsiveTable<R extends RaRecord = RaRecord>({ phone, children }: { phone: PhoneRow<R>; children: ReactNode }) {
  const isPhone = useIsPhone();
  if (!isPhone) return <>{children}</>;
  const { primary, secondary, tertiary, avatar, actions, rowClick = false } = phone;
  return (
    <SimpleList<R>
      // The end text floats at the end of the first line; when a long title fills that line it went
      // down into the second line's text ('Inversor 129-11-2026'). Kept within the first line's box,
      // it takes a line of its own under the title instead.
      sx={{ '& .MuiListItemText-primary > div': { display: 'flow-root' } }}
      primaryText={(record) => primary(record)}
      secondaryText={secondary && ((record) => secondary(record))}
      tertiaryText={tertiary && ((record) => tertiary(record))}
      leftAvatar={avatar && ((record) => avatar(record) ?? '')}
      rowClick={rowClick}
      // Clicks in the actions (and in the dialogs they open) stay there.
      rightIcon={actions ? () => <Box sx={{ display: 'flex' }} onClick={(e) => e.stopPropagation()}>{actions}</Box> : undefined}
    />
  );
}
