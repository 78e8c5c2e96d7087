/**
 * /register: creates an inactive account (activated from the mailed link). Afterwards the page
 * says 'Registro Exitoso' and offers to resend the link (GET /auth/account-check/{id}?email=).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { request } from '../../providers/http';
import { AuthCard } from './PublicLayout';
import { FilledField } from './FilledField';
import { emailRules, passwordRules, required, serverFieldErrors, useForm } from './form';
import { ResendActivation, type AwaitingAccount } from './ResendActivation';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'address', 'password'] as const;

export const RegisterPage = () => {
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState<AwaitingAccount | null>(null);
  const form = useForm(
    { first_name: '', last_name: '', email: '', phone: '', address: '', password: '' },
    {
      first_name: [required('app.validation.first_name')],
      last_name: [required('app.validation.last_name')],
      email: emailRules,
      phone: [required('app.validation.phone')],
      address: [required('app.validation.address')],
      password: passwordRules,
    },
  );

  const onSubmit = form.submit(async (values) => {
    setError(null);
    try {
      const user = await request<{ id: number; email: string }>('/auth/signup', { method: 'POST', body: values, auth: false });
      setRegistered({ id: user.id, email: user.email ?? values.email });
    } catch (e) {
      const body = (e as { body?: Record<string, unknown> })?.body;
      if (body?.non_field_errors) {
        setError(translate('app.messages.email_taken'));
        return;
      }
      const fieldErrors = serverFieldErrors(body, [...FIELDS]);
      if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors);
      else setError(translate('app.messages.register_error'));
    }
  });

  if (registered) {
    return (
      <AuthCard title={translate('app.messages.register_success')}>
        <Alert severity="success" sx={{ mb: 2 }}>{translate('app.auth.register.check_mail', { email: registered.email })}</Alert>
        <ResendActivation account={registered} label="app.auth.register.resend" />
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">{translate('app.auth.back_to_login')}</Link>
        </Box>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={translate('app.auth.register.title')}>
      {error && <Alert severity="error" sx={{ mb: 2 }} role="alert">{error}</Alert>}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1 }}>
          <FilledField {...form.field('first_name')} autoComplete="given-name" label={translate('app.auth.first_name')} />
          <FilledField {...form.field('last_name')} autoComplete="family-name" label={translate('app.auth.last_name')} />
        </Stack>
        <FilledField {...form.field('email')} type="email" autoComplete="email" label={translate('app.auth.email')} />
        <FilledField {...form.field('phone')} type="tel" autoComplete="tel" label={translate('app.auth.phone')} />
        <FilledField {...form.field('address')} autoComplete="street-address" label={translate('app.auth.address')} />
        <FilledField {...form.field('password')} type="password" autoComplete="new-password" label={translate('app.auth.password')} />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.processing}>
          {translate('app.auth.register.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">{translate('app.auth.register.login')}</Link>
      </Typography>
    </AuthCard>
  );
};
