/** /user/reset-password/:code/:token: checks the mailed link, then sets the new password. */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { request } from '../../providers/http';
import { AuthCard } from './PublicLayout';
import { FilledField } from './FilledField';
import { passwordRules, required, sameAs, useForm } from './form';
import { useOnce } from './useOnce';

export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const { code = '', token = '' } = useParams();
  const [link, setLink] = useState<'checking' | 'valid' | 'invalid'>('checking');
  const [result, setResult] = useState<boolean | null>(null);
  const form = useForm(
    { password: '', password_confirm: '' },
    { password: passwordRules, password_confirm: [required('app.validation.password'), sameAs('password')] },
  );

  useOnce(() => {
    request(`/password-reset/${encodeURIComponent(code)}/${encodeURIComponent(token)}`, { auth: false })
      .then(() => setLink('valid'), () => setLink('invalid'));
  });

  const onSubmit = form.submit(async ({ password }) => {
    setResult(null);
    try {
      await request('/password-reset-complete/', { method: 'PATCH', body: { password, code, token }, auth: false });
      setResult(true);
    } catch {
      setResult(false);
    }
  });

  const back = (
    <Box sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">{translate('app.auth.back_to_login')}</Link>
    </Box>
  );

  return (
    <AuthCard title={translate('app.auth.reset.title')}>
      {link === 'checking' && (
        <Typography sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} /> {translate('app.auth.reset.checking')}
        </Typography>
      )}
      {link === 'invalid' && <Alert severity="error" role="alert">{translate('app.messages.token_invalid')}</Alert>}
      {result !== null && (
        <Alert severity={result ? 'success' : 'error'} sx={{ mb: 2 }} role="alert">
          {translate(result ? 'app.messages.reset_success' : 'app.messages.reset_error')}
        </Alert>
      )}
      {link === 'valid' && !result && (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <FilledField {...form.field('password')} type="password" autoComplete="new-password" label={translate('app.auth.password')} autoFocus />
          <FilledField {...form.field('password_confirm')} type="password" autoComplete="new-password" label={translate('app.auth.password_confirm')} />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.processing}>
            {translate('app.auth.reset.submit')}
          </Button>
        </Box>
      )}
      {back}
    </AuthCard>
  );
};
