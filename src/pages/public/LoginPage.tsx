/**
 * /login: e-mail and password, Google sign-in (when the server has it configured), links to
 * registration and password recovery. A failed login shows each e-mail error from the server,
 * otherwise 'Contraseña incorrecta', and the message clears itself after 3 seconds (SPEC §4, §8).
 * An account that never activated (the server names it after the right password) is offered a new
 * activation link, so it is no dead end.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import GoogleIcon from '@mui/icons-material/Google';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { authProvider } from '../../providers/authProvider';
import { account, type AwaitingAccount } from '../../providers/account';
import { useFeatures } from '../../providers/features';
import { useAdoptProfileLanguage } from '../../providers/profileLanguage';
import { getAccessToken, getProfile, takeFlash } from '../../providers/session';
import { emailRequired, passwordRequired } from '../../components/validators';
import { AuthCard } from './PublicLayout';
import { FilledField, PublicForm, SubmitButton } from './FilledField';
import { ResendActivation } from './ResendActivation';

export const LOGIN_ERROR_MS = 3000;

interface Credentials { email: string; password: string }

export const LoginPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [flash, setFlash] = useState(() => takeFlash());
  const [loginError, setLoginError] = useState<string[] | null>(null);
  const [awaiting, setAwaiting] = useState<AwaitingAccount | null>(null);
  const adoptLanguage = useAdoptProfileLanguage();

  useEffect(() => {
    if (!loginError) return undefined;
    const timer = setTimeout(() => setLoginError(null), LOGIN_ERROR_MS);
    return () => clearTimeout(timer);
  }, [loginError]);

  if (getAccessToken() && getProfile()) return <Navigate to="/" replace />;

  const onSubmit = async (values: Partial<Credentials>) => {
    const { email = '', password = '' } = values;
    setLoginError(null);
    setAwaiting(null);
    setFlash(null);
    try {
      await authProvider.login({ email, password });
      // The profile's language wins at sign-in: a person gets their language on any device.
      await adoptLanguage(getProfile()).catch(() => undefined);
      navigate('/app/monitoring', { replace: true });
    } catch (error) {
      // Signed in but the profile could not be read: loadProfile left its own message.
      const left = takeFlash();
      if (left) {
        setFlash(left);
        return;
      }
      const body = (error as { body?: { email?: unknown; user_id?: unknown } })?.body;
      const emailErrors = body?.email;
      if (typeof body?.user_id === 'number') setAwaiting({ id: body.user_id, email });
      setLoginError(Array.isArray(emailErrors) && emailErrors.length
        ? emailErrors.map(String)
        : [translate('app.messages.login_error')]);
    }
  };

  return (
    <AuthCard title={translate('app.auth.login.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('app.auth.login.subtitle')}</Typography>
      {flash && <Alert severity={flash.type} sx={{ mb: 2 }}>{translate(flash.message)}</Alert>}
      {loginError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {loginError.map((message) => <div key={message}>{message}</div>)}
        </Alert>
      )}
      {awaiting && (
        <Box sx={{ mb: 2 }}>
          <ResendActivation account={awaiting} label="app.auth.resend_activation" />
        </Box>
      )}
      <PublicForm<Credentials> defaultValues={{ email: '', password: '' }} onSubmit={onSubmit}>
        <FilledField source="email" validate={emailRequired} type="email" autoComplete="email" label={translate('app.auth.email')} autoFocus />
        <FilledField source="password" validate={passwordRequired} type="password" autoComplete="current-password" label={translate('app.auth.password')} />
        <SubmitButton>{translate('app.auth.login.submit')}</SubmitButton>
        <GoogleSignIn />
      </PublicForm>
      <Stack spacing={1} sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/forgot-password">{translate('app.auth.login.forgot')}</Link>
        <Link component={RouterLink} to="/register">{translate('app.auth.login.register')}</Link>
      </Stack>
    </AuthCard>
  );
};

/** Google sign-in, offered only once the server says it is configured (else it answers a raw 503). */
function GoogleSignIn() {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const features = useFeatures();
  if (!features?.sign_in.google) return null;
  return (
    <>
      <Divider sx={{ my: 2 }}>{translate('app.auth.login.or')}</Divider>
      <Button variant="outlined" fullWidth startIcon={<GoogleIcon />} href={account.googleStartUrl()} disabled={isSubmitting}>
        {translate('app.auth.login.google')}
      </Button>
    </>
  );
}
