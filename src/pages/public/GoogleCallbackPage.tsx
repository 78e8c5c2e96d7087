/** /user/auth/login/google: the identity provider's return point; trades code & state for tokens. */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { account } from '../../providers/account';
import { useAdoptProfileLanguage } from '../../providers/profileLanguage';
import { AuthCard } from './PublicLayout';
import { useOnce } from './useOnce';

export const GoogleCallbackPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const adoptLanguage = useAdoptProfileLanguage();

  useOnce(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      setFailed(true);
      return;
    }
    account.finishGoogle(code, state)
      // As at the login page: the profile's language wins at sign-in.
      .then((profile) => adoptLanguage(profile).catch(() => undefined))
      .then(() => navigate('/app/monitoring', { replace: true }), () => setFailed(true));
  });

  return (
    <AuthCard title={translate('app.auth.google.title')}>
      {failed ? (
        <Alert severity="error" role="alert">{translate('app.messages.google_error')}</Alert>
      ) : (
        <Typography sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} /> {translate('app.auth.google.checking')}
        </Typography>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">{translate('app.auth.back_to_login')}</Link>
      </Box>
    </AuthCard>
  );
};
