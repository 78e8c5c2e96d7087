/** /logout: ends the session (react-admin's logout -> authProvider.logout) and lands on /login. */
import { CircularProgress, Typography } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { AuthCard } from './PublicLayout';
import { useOnce } from './useOnce';

export const LogoutPage = () => {
  const translate = useTranslate();
  const logout = useLogout();
  useOnce(() => {
    // The login page shows 'Ocurrió un error al finalizar la sesión' if the server call failed.
    logout({}, undefined, false);
  });
  return (
    <AuthCard title={translate('app.auth.logout.title')}>
      <Typography sx={{ display: 'flex', justifyContent: 'center' }}><CircularProgress /></Typography>
    </AuthCard>
  );
};
