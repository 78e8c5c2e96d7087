/**
 * /logout: ends the session (authProvider.logout), resets the store as react-admin's logout does
 * (the chosen language stays: providers/store.ts) and lands on /login. The admin's query cache went
 * away with the admin when this page replaced it.
 */
import { useNavigate } from 'react-router-dom';
import { CircularProgress, Typography } from '@mui/material';
import { useStoreContext, useTranslate } from 'react-admin';
import { authProvider, LOGIN_PATH } from '../../providers/authProvider';
import { AuthCard } from './PublicLayout';
import { useOnce } from './useOnce';

export const LogoutPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const store = useStoreContext();
  useOnce(() => {
    // The login page shows 'Ocurrió un error al finalizar la sesión' if the server call failed.
    void authProvider.logout({}).then((redirectTo) => {
      store.reset();
      navigate(typeof redirectTo === 'string' ? redirectTo : LOGIN_PATH, { replace: true });
    });
  });
  return (
    <AuthCard title={translate('app.auth.logout.title')}>
      <Typography sx={{ display: 'flex', justifyContent: 'center' }}><CircularProgress /></Typography>
    </AuthCard>
  );
};
