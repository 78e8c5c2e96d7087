/** The frame of the pages outside the admin: brand, tagline, language switcher, a centred card. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, Card, CardContent, CircularProgress, CssBaseline, Typography } from '@mui/material';
import { useNotificationContext, useTranslate } from 'react-admin';
import { useBrandName } from '../../providers/features';
import { LanguageSwitcher } from '../../layout/LanguageSwitcher';
import { useDocumentTitle } from '../../layout/documentTitle';
import { palette } from '../../theme';

export const PublicLayout = () => {
  const translate = useTranslate();
  const brand = useBrandName();
  return (
    <CssBaseline enableColorScheme>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: palette.background }}>
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1, bgcolor: palette.dark, color: '#fff' }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="div" sx={{ fontWeight: 700 }} noWrap>{brand}</Typography>
            <Typography variant="caption" component="div" sx={{ opacity: 0.8 }}>{translate('app.tagline')}</Typography>
          </Box>
          <LanguageSwitcher />
        </Box>
        <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', p: { xs: 1, sm: 4 } }}>
          <Suspense fallback={<CircularProgress sx={{ mt: 8 }} />}><Outlet /></Suspense>
        </Box>
      </Box>
      <Notifications />
    </CssBaseline>
  );
};

const Notification = lazy(() => import('../../components/Notification'));

/** react-admin's notification area, loaded with the first notification (the public pages rarely have one). */
function Notifications() {
  const { notifications } = useNotificationContext();
  if (!notifications.length) return null;
  return <Suspense fallback={null}><Notification /></Suspense>;
}

/** A page's card with its title, the page's h1 and the tab's title. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => {
  useDocumentTitle(title);
  return (
    <Card sx={{ width: '100%', maxWidth: 440, mt: { xs: 1, sm: 4 } }}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>{title}</Typography>
        {children}
      </CardContent>
    </Card>
  );
};
