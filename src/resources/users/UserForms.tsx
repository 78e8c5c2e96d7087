import { BooleanInput, Create, Edit, PasswordInput, SaveButton, SimpleForm, TextInput, Toolbar, maxLength, minLength } from 'react-admin';
import { hasNonFieldErrors, useResultFeedback } from '../../components/ResultDialog';
import { CreateToolbar } from '../../components/FormToolbars';
import { phoneInputProps } from '../../components/phone';
import {
  addressRequired, emailRequired, firstNameRequired, lastNameRequired, phoneRequired,
} from '../../components/validators';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/limits';

/** SPEC §8: the server's non_field_errors on user creation mean the e-mail is taken. */
const createError = (error: unknown) => (hasNonFieldErrors(error) ? 'app.messages.user.email_taken' : undefined);

/** Left empty, the server invites the person by mail to choose their own password. */
const optionalPassword = [minLength(PASSWORD_MIN, 'app.validation.password_length'), maxLength(PASSWORD_MAX, 'app.validation.password_length')];

const ContactInputs = () => (
  <>
    <TextInput source="first_name" validate={firstNameRequired} fullWidth />
    <TextInput source="last_name" validate={lastNameRequired} fullWidth />
    <TextInput source="email" type="email" validate={emailRequired} fullWidth />
    <TextInput source="phone" type="tel" validate={phoneRequired} fullWidth {...phoneInputProps} />
    <TextInput source="address" validate={addressRequired} fullWidth />
  </>
);

/** An administrator creates an active account (POST /auth/create/user), with a password or an invitation. */
export const UserCreate = () => {
  const feedback = useResultFeedback('user', 'create', { redirect: 'show', resource: 'users', errorMessage: createError });
  return (
    <Create mutationOptions={feedback}>
      <SimpleForm toolbar={<CreateToolbar />}>
        <ContactInputs />
        <PasswordInput source="password" validate={optionalPassword} fullWidth autoComplete="new-password"
          helperText="app.screens.users.password_invite_help" />
        <BooleanInput source="is_staff" defaultValue={false} />
      </SimpleForm>
    </Create>
  );
};

/**
 * An administrator corrects another's name, e-mail, phone or address (PUT /user/update/{id}); the
 * privilege, activation and deletion are the detail page's actions.
 */
export const UserEdit = () => {
  const feedback = useResultFeedback('user_data', 'update', { redirect: 'show', resource: 'users' });
  return (
    <Edit mutationMode="pessimistic" mutationOptions={feedback}>
      <SimpleForm toolbar={<Toolbar><SaveButton /></Toolbar>}>
        <ContactInputs />
      </SimpleForm>
    </Edit>
  );
};
