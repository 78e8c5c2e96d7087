import { Children, type ReactElement, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Labeled } from 'react-admin';

/** The fields of a record as label / value pairs in a responsive grid (labels from resources.<name>.fields.*). */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', width: '100%' }}>
      {Children.toArray(children).map((child, i) => <Labeled key={i}>{child as ReactElement}</Labeled>)}
    </Box>
  );
}
