/** /forgot-password: mails a link to set a new password. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { request } from '../../providers/http';
import { AuthCard } from './PublicLayout';
import { FilledField } from './FilledField';
import { emailRules, useForm } from './form';

export const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const [sent, setSent] = useState<boolean | null>(null);
  const form = useForm({ email: '' }, { email: emailRules });

  const onSubmit = form.submit(async ({ email }) => {
    setSent(null);
    try {
      await request('/password-reset-email/', { method: 'POST', body: { email }, auth: false });
      setSent(true);
    } catch {
      setSent(false);
    }
  });

  return (
    <AuthCard title={translate('app.auth.forgot.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('app.auth.forgot.text')}</Typography>
      {sent !== null && (
        <Alert severity={sent ? 'success' : 'error'} sx={{ mb: 2 }} role="alert">
          {translate(sent ? 'app.messages.recovery_sent' : 'app.messages.recovery_error')}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FilledField {...form.field('email')} type="email" autoComplete="email" label={translate('app.auth.email')} autoFocus />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.processing}>
          {translate('app.auth.forgot.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">{translate('app.auth.back_to_login')}</Link>
      </Box>
    </AuthCard>
  );
};
