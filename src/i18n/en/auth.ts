import type esAuth from '../es/auth';
import type { Translation } from '../merge';

const auth: Translation<typeof esAuth> = {
  app: {
    auth: {
      email: 'Email',
      password: 'Password',
      password_confirm: 'Confirm password',
      first_name: 'First name',
      last_name: 'Last name',
      phone: 'Phone',
      address: 'Address',
      back_to_login: 'Back to sign in',
      resend_activation: 'Resend the activation link',
      login: {
        title: 'Sign in',
        subtitle: 'Sign in to your account to continue.',
        submit: 'Sign in',
        google: 'Sign in with Google',
        or: 'or',
        register: "Don't have an account? Sign up",
        forgot: 'Forgot your password?',
      },
      register: {
        title: 'Create an account',
        submit: 'Sign up',
        login: 'Already have an account? Sign in',
        check_mail: 'We sent a link to %{email} to activate your account.',
        resend: 'Resend the link',
      },
      forgot: {
        title: 'Recover password',
        text: 'Enter your email and we will send you a link to create a new password.',
        submit: 'Send link',
      },
      reset: {
        title: 'New password',
        checking: 'Checking the link…',
        submit: 'Change password',
      },
      activate: {
        title: 'Email verification',
        checking: 'Activating your account…',
      },
      google: {
        title: 'Sign in with Google',
        checking: 'Signing in…',
      },
      logout: {
        title: 'Signing out…',
      },
    },
    messages: {
      login_error: 'Incorrect password',
      google_error: 'Sign-in failed',
      register_success: 'Registration successful',
      register_error: 'An error occurred while registering the user.',
      email_taken: 'This email address is already registered.',
      recovery_sent: 'We sent you a link to recover your password. Check your email.',
      recovery_error: 'An error occurred while sending the password recovery email',
      reset_success: 'Password recovered successfully.',
      reset_error: 'An error occurred while changing the password',
      token_invalid: 'The validation token is incorrect, please try again',
      activated: 'Account activated successfully. You can sign in now.',
      resend_success: 'Verification link sent again successfully.',
      resend_error: 'An error occurred while resending the link',
    },
    validation: {
      first_name: 'Please enter the First name',
      last_name: 'Please enter the Last name',
      email: 'Please enter the Email',
      phone: 'Please enter the Phone',
      address: 'Please enter the Address',
      password: 'Please enter your Password',
      email_invalid: 'Please enter a valid Email',
      password_length: 'Must be between 4 and 16 characters',
      password_mismatch: 'The passwords do not match',
    },
  },
};

export default auth;
