import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a phone instead of widening the page. It takes focus and is a
 * named region, so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, sx, children }: { label: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={[{ overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}
