import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';

export const fullName = (user: RaRecord) => `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();

/** For pickers: the name and the e-mail that tells homonyms apart. */
export const userChoice = (user: RaRecord) => (fullName(user) ? `${fullName(user)} (${user.email})` : user.email);

/** SPEC §3: a user without a first name is shown as 'Administrador'. */
export function UserNameField(_props: { source?: string; label?: string }) {
  const user = useRecordContext();
  const translate = useTranslate();
  if (!user) return null;
  return <>{user.first_name?.trim() ? fullName(user) : translate('app.screens.users.administrator')}</>;
}
