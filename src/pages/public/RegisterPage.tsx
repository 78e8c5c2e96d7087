/**
 * /register: creates an inactive account (activated from the mailed link). Afterwards the page
 * says 'Registro Exitoso' and offers to resend the link (GET /auth/account-check/{id}?email=).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { account, type AwaitingAccount } from '../../providers/account';
import {
  addressRequired, emailRequired, firstNameRequired, lastNameRequired, passwordRequired, phoneRequired,
} from '../../components/validators';
import { AuthCard } from './PublicLayout';
import { FilledField, PublicForm, SubmitButton } from './FilledField';
import { ResendActivation } from './ResendActivation';
import { phoneInputProps } from '../../components/phone';

const EMPTY = { first_name: '', last_name: '', email: '', phone: '', address: '', password: '' };
type Registration = typeof EMPTY;
const FIELDS = Object.keys(EMPTY);

export const RegisterPage = () => {
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState<AwaitingAccount | null>(null);

  /** Resolves with the server's errors of the form's fields, which the form shows under them. */
  const onSubmit = async (values: Partial<Registration>) => {
    const registration = { ...EMPTY, ...values };
    setError(null);
    try {
      const user = await account.signup(registration);
      setRegistered({ id: user.id, email: user.email ?? registration.email });
    } catch (e) {
      // The http client gives a 400's field messages as react-admin's form errors (body.errors).
      const body = (e as { body?: { non_field_errors?: unknown; errors?: Record<string, unknown> } })?.body;
      if (body?.non_field_errors) {
        setError(translate('app.messages.email_taken'));
        return undefined;
      }
      const fieldErrors = Object.fromEntries(Object.entries(body?.errors ?? {}).filter(([field]) => FIELDS.includes(field)));
      if (Object.keys(fieldErrors).length) return fieldErrors;
      setError(translate('app.messages.register_error'));
    }
    return undefined;
  };

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
      <PublicForm<Registration> defaultValues={EMPTY} onSubmit={onSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1 }}>
          <FilledField source="first_name" validate={firstNameRequired} autoComplete="given-name" label={translate('app.auth.first_name')} />
          <FilledField source="last_name" validate={lastNameRequired} autoComplete="family-name" label={translate('app.auth.last_name')} />
        </Stack>
        <FilledField source="email" validate={emailRequired} type="email" autoComplete="email" label={translate('app.auth.email')} />
        <FilledField source="phone" validate={phoneRequired} type="tel" autoComplete="tel" label={translate('app.auth.phone')}
          {...phoneInputProps} />
        <FilledField source="address" validate={addressRequired} autoComplete="street-address" label={translate('app.auth.address')} />
        <FilledField source="password" validate={passwordRequired} type="password" autoComplete="new-password" label={translate('app.auth.password')} />
        <SubmitButton>{translate('app.auth.register.submit')}</SubmitButton>
      </PublicForm>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">{translate('app.auth.register.login')}</Link>
      </Typography>
    </AuthCard>
  );
};
