/** /user/account-activate?token=: activates the account from the mailed link. */
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { account } from '../../providers/account';
import { AuthCard } from './PublicLayout';
import { useOnce } from './useOnce';

export const AccountActivatePage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const [state, setState] = useState<'checking' | 'ok' | 'invalid'>('checking');

  useOnce(() => {
    const token = params.get('token');
    if (!token) {
      setState('invalid');
      return;
    }
    account.activate(token)
      .then(() => setState('ok'), () => setState('invalid'));
  });

  return (
    <AuthCard title={translate('app.auth.activate.title')}>
      {state === 'checking' && (
        <Typography sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} /> {translate('app.auth.activate.checking')}
        </Typography>
      )}
      {state === 'ok' && <Alert severity="success" role="alert">{translate('app.messages.activated')}</Alert>}
      {state === 'invalid' && <Alert severity="error" role="alert">{translate('app.messages.token_invalid')}</Alert>}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">{translate('app.auth.back_to_login')}</Link>
      </Box>
    </AuthCard>
  );
};
