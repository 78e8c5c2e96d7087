/**
 * Resends the activation link of an account that never activated: GET /auth/account-check/{id}
 * with the account's e-mail, which the server asks for as proof. The result is SPEC §8's
 * 'verification link resent' or 'Ocurrió un error al reenviar el enlace'.
 */
import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { account as accountClient, type AwaitingAccount } from '../../providers/account';

export const ResendActivation = ({ account, label }: { account: AwaitingAccount; label: string }) => {
  const translate = useTranslate();
  const [sent, setSent] = useState<boolean | null>(null);
  const [resending, setResending] = useState(false);

  const onResend = async () => {
    setResending(true);
    setSent(null);
    try {
      await accountClient.resendActivation(account);
      setSent(true);
    } catch {
      setSent(false);
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      {sent !== null && (
        <Alert severity={sent ? 'success' : 'error'} sx={{ mb: 2 }}>
          {translate(sent ? 'app.messages.resend_success' : 'app.messages.resend_error')}
        </Alert>
      )}
      <Button variant="outlined" fullWidth onClick={onResend} disabled={resending}>{translate(label)}</Button>
    </>
  );
};
