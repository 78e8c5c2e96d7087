/** Dark top bar: brand and tagline, page title, notification bell, language switcher, loading indicator, user menu. */
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import {
  AppBar as RaAppBar, LoadingIndicator, Logout, TitlePortal, UserMenu, useTranslate, useUserMenu,
} from 'react-admin';
import { useBrandName } from '../providers/features';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NotificationBell } from '../components/NotificationBell';

const ProfileMenuItem = forwardRef<HTMLAnchorElement>((props, ref) => {
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem ref={ref} component={Link} to="/app/profile/me" onClick={onClose} {...props}>
      <ListItemIcon><AccountCircle fontSize="small" /></ListItemIcon>
      <ListItemText>{translate('app.menu.profile')}</ListItemText>
    </MenuItem>
  );
});
ProfileMenuItem.displayName = 'ProfileMenuItem';

export const Brand = () => {
  const translate = useTranslate();
  const brand = useBrandName();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, mr: 2 }}>
      <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700, lineHeight: 1.2 }} noWrap>
        {brand}
      </Typography>
      <Typography variant="caption" component="div" sx={{ opacity: 0.75, display: { xs: 'none', md: 'block' } }} noWrap>
        {translate('app.tagline')}
      </Typography>
    </Box>
  );
};

export const AppBar = () => (
  <RaAppBar
    toolbar={<><NotificationBell /><LanguageSwitcher /><LoadingIndicator /></>}
    userMenu={(
      <UserMenu>
        <ProfileMenuItem />
        <Logout />
      </UserMenu>
    )}
  >
    <Brand />
    <TitlePortal sx={{ display: { xs: 'none', sm: 'block' } }} />
  </RaAppBar>
);
