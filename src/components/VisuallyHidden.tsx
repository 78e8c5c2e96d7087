/** Words for screen readers only: clipped to nothing on screen, still read (MUI's own `visuallyHidden` style). */
import type { ReactNode } from 'react';
import { Box } from '@mui/material';

const HIDDEN = {
  border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0,
  position: 'absolute', whiteSpace: 'nowrap', width: '1px',
} as const;

export const VisuallyHidden = ({ children, id }: { children: ReactNode; id?: string }) => (
  <Box component="span" id={id} sx={HIDDEN}>{children}</Box>
);
