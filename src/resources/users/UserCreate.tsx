import { BooleanInput, Create, PasswordInput, SimpleForm, TextInput } from 'react-admin';
import { hasNonFieldErrors, useResultFeedback } from '../../components/ResultDialog';
import { CreateToolbar } from '../../components/FormToolbars';
import { phoneInputProps } from '../../components/phone';
import {
  addressRequired, emailRequired, firstNameRequired, lastNameRequired, passwordRequired, phoneRequired,
} from '../../components/validators';

/** SPEC §8: the server's non_field_errors on user creation mean the e-mail is taken. */
const createError = (error: unknown) => (hasNonFieldErrors(error) ? 'app.messages.user.email_taken' : undefined);

/** An administrator creates an active account (POST /auth/create/user). */
export const UserCreate = () => {
  const feedback = useResultFeedback('user', 'create', { redirect: 'show', resource: 'users', errorMessage: createError });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}>
        <TextInput source="first_name" validate={firstNameRequired} fullWidth />
        <TextInput source="last_name" validate={lastNameRequired} fullWidth />
        <TextInput source="email" type="email" validate={emailRequired} fullWidth />
        <TextInput source="phone" type="tel" validate={phoneRequired} fullWidth {...phoneInputProps} />
        <TextInput source="address" validate={addressRequired} fullWidth />
        <PasswordInput source="password" validate={passwordRequired} fullWidth autoComplete="new-password" />
        <BooleanInput source="is_staff" defaultValue={false} />
      </SimpleForm>
    </Create>
  );
};
