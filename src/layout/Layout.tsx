/** Vertical layout, fluid width: dark top bar, dark sidebar (a temporary drawer on phones). */
import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { ResultDialogHost } from '../components/ResultDialog';

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu} sx={{ '& .RaLayout-content': { px: { xs: 1, sm: 2 }, pt: 2, minWidth: 0 } }}>
    {children}
    <ResultDialogHost />
  </RaLayout>
);
