/** Vertical layout, fluid width: dark top bar, dark sidebar (a temporary drawer on phones). */
import type { ReactNode } from 'react';
import type { Theme } from '@mui/material';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { ResultDialogHost } from '../components/ResultDialog';

/**
 * react-admin's layout grows to fit its widest content (`min-width: fit-content`): a table wider than
 * the screen (the fleet's eleven columns at 1366 px) widened the whole page, app bar and all, and the
 * page scrolled sideways. Here the page keeps the screen's width and a wide table scrolls in its card.
 */
const fitScreen = (theme: Theme) => ({
  minWidth: 0,
  '& .RaLayout-content': { px: { xs: 1, sm: 2 }, pt: 2, minWidth: 0 },
  '& .RaList-main, & .RaList-content': { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  // On a phone a list's toolbar has no padding: each filter field is followed by a spacer (room for
  // its remove button), so the same room goes before it, and the create button keeps off the edge.
  [theme.breakpoints.down('sm')]: {
    '& .RaFilterForm-filterFormInput': { paddingInlineStart: theme.spacing(2) },
    '& .RaList-actions .MuiToolbar-root': { paddingInline: theme.spacing(2) },
  },
});

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu} sx={fitScreen}>
    {children}
    <ResultDialogHost />
  </RaLayout>
);
