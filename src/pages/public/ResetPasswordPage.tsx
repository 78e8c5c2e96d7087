/** /user/reset-password/:code/:token: checks the mailed link, then sets the new password. */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { account } from '../../providers/account';
import { passwordConfirmed, passwordRequired } from '../../components/validators';
import { AuthCard } from './PublicLayout';
import { FilledField, PublicForm, SubmitButton } from './FilledField';
import { useOnce } from './useOnce';

export const ResetPasswordPage = () => {
  const translate = useTranslate();
  const { code = '', token = '' } = useParams();
  const [link, setLink] = useState<'checking' | 'valid' | 'invalid'>('checking');
  const [result, setResult] = useState<boolean | null>(null);

  useOnce(() => {
    account.checkResetLink(code, token)
      .then(() => setLink('valid'), () => setLink('invalid'));
  });

  const onSubmit = async ({ password = '' }: { password?: string }) => {
    setResult(null);
    try {
      await account.completePasswordReset({ password, code, token });
      setResult(true);
    } catch {
      setResult(false);
    }
  };

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
        <PublicForm defaultValues={{ password: '', password_confirm: '' }} onSubmit={onSubmit}>
          <FilledField source="password" validate={passwordRequired} type="password" autoComplete="new-password" label={translate('app.auth.password')} autoFocus />
          <FilledField source="password_confirm" validate={passwordConfirmed} type="password" autoComplete="new-password" label={translate('app.auth.password_confirm')} />
          <SubmitButton>{translate('app.auth.reset.submit')}</SubmitButton>
        </PublicForm>
      )}
      {back}
    </AuthCard>
  );
};
