/** /forgot-password: mails a link to set a new password. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { account } from '../../providers/account';
import { emailRequired } from '../../components/validators';
import { AuthCard } from './PublicLayout';
import { FilledField, PublicForm, SubmitButton } from './FilledField';

export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const [sent, setSent] = useState<boolean | null>(null);

  const onSubmit = async ({ email = '' }: { email?: string }) => {
    setSent(null);
    try {
      await account.requestPasswordReset(email);
      setSent(true);
    } catch {
      setSent(false);
    }
  };

  return (
    <AuthCard title={translate('app.auth.forgot.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('app.auth.forgot.text')}</Typography>
      {sent !== null && (
        <Alert severity={sent ? 'success' : 'error'} sx={{ mb: 2 }} role="alert">
          {translate(sent ? 'app.messages.recovery_sent' : 'app.messages.recovery_error')}
        </Alert>
      )}
      <PublicForm defaultValues={{ email: '' }} onSubmit={onSubmit}>
        <FilledField source="email" validate={emailRequired} type="email" autoComplete="email" label={translate('app.auth.email')} autoFocus />
        <SubmitButton>{translate('app.auth.forgot.submit')}</SubmitButton>
      </PublicForm>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">{translate('app.auth.back_to_login')}</Link>
      </Box>
    </AuthCard>
  );
};
