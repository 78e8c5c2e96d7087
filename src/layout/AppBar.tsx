/** Dark top bar: brand and tagline, page title, notification bell, language switcher, loading indicator, user menu. */
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import {
  AppBar as RaAppBar, LoadingIndicator, Logout, TitlePortal, UserMenu, useGetIdentity, useTranslate, useUserMenu,
} from 'react-admin';
import { useBrandName } from '../providers/features';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NotificationBell } from '../components/NotificationBell';
import { useSaveLanguage } from '../providers/profileLanguage';
import { TitleInTab } from './documentTitle';

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

/**
 * The brand and its tagline. On a phone the bar has room for one name, and the page's says where the
 * user is (the menu is folded away there); the brand stays in the tab's title and on the login page.
 */
export const Brand = () => {
  const translate = useTranslate();
  const brand = useBrandName();
  return (
    <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', minWidth: 0, mr: 2 }}>
      <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700, lineHeight: 1.2 }} noWrap>
        {brand}
      </Typography>
      <Typography variant="caption" component="div" sx={{ opacity: 0.75, display: { xs: 'none', md: 'block' } }} noWrap>
        {translate('app.tagline')}
      </Typography>
    </Box>
  );
};

/**
 * The page's title: a size smaller on a phone's narrow bar, and a title longer than the bar ends in
 * an ellipsis. react-admin puts it in an inline block (its configurable wrapper), which the bar's
 * own ellipsis cannot shorten: it was cut off at the bar's edge mid-word. A title is often a name
 * users wrote: it takes its own direction, so in Arabic a Spanish name keeps its start and loses its
 * end ('Proyecto Demo Sa…', not '…emo Santiago').
 */
const TITLE_SX = {
  typography: { xs: 'subtitle1', sm: 'h6' },
  fontWeight: { xs: 700, sm: 500 },
  '& > *': { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom', unicodeBidi: 'plaintext' },
} as const;

/** The top bar's language button: the language chosen is also saved to the profile (reports, mails). */
const TopBarLanguage = () => <LanguageSwitcher iconOnPhone onChosen={useSaveLanguage()} />;

/**
 * The user menu. On a wide screen its button shows the user's name: its accessible name holds that
 * name (WCAG 2.5.3, label in name; it was 'Perfil'), on a phone (an icon) it names the account too.
 */
const AccountMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const label = identity?.fullName ? translate('app.menu.account', { name: identity.fullName }) : 'ra.auth.user_menu';
  return (
    <UserMenu label={label}>
      <ProfileMenuItem />
      <Logout />
    </UserMenu>
  );
};

/** react-admin's loading spinner, named ('Cargando') for screen readers: a bare progress bar says nothing. */
const Loading = () => {
  const translate = useTranslate();
  return <LoadingIndicator aria-label={translate('ra.page.loading')} />;
};

/**
 * The page's title is the page's one h1 (react-admin's `Title` fills it; a screen's own headings are
 * h2 and below), and the tab's title follows it.
 */
export const AppBar = () => (
  <RaAppBar toolbar={<><NotificationBell /><TopBarLanguage /><Loading /></>} userMenu={<AccountMenu />}>
    <Brand />
    <TitlePortal component="h1" sx={TITLE_SX} />
    <TitleInTab />
  </RaAppBar>
);
