import type esUserAccounts from '../es/user-accounts';
import type { Translation } from '../merge';

const userAccounts: Translation<typeof esUserAccounts> = {
  app: {
    screens: {
      users: {
        deactivate: 'Deactivate user',
        deactivate_confirm: '%{email} will not be able to sign in, and their open sessions end now. You can activate the account again at any time. Continue?',
        password_invite_help: 'Leave it blank to send them an invitation by e-mail: they will choose their own password.',
      },
    },
    messages: {
      user_data: { updated: 'User details updated.', update_error: "An error occurred while updating the user's details." },
      user: {
        deactivated: 'User deactivated successfully.', deactivate_error: 'An error occurred while deactivating the user.',
        deleted: 'User deleted successfully.', delete_error: 'An error occurred while deleting the user.',
      },
    },
  },
};
export default userAccounts;
