import type esUserAccounts from '../es/user-accounts';
import type { Translation } from '../merge';

const userAccounts: Translation<typeof esUserAccounts> = {
  app: {
    screens: {
      users: {
        deactivate: 'Deactivate user',
        deactivate_confirm: '%{email} will not be able to sign in, and their open sessions end now. You can activate the account again at any time. Continue?',
      },
    },
    messages: {
      user: {
        deactivated: 'User deactivated successfully.', deactivate_error: 'An error occurred while deactivating the user.',
        deleted: 'User deleted successfully.', delete_error: 'An error occurred while deleting the user.',
      },
    },
  },
};
export default userAccounts;
