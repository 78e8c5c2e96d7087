import type esUserAccounts from '../es/user-accounts';
import type { Translation } from '../merge';

const userAccounts: Translation<typeof esUserAccounts> = {
  app: {
    screens: {
      users: {
        deactivate: '停用用户',
        deactivate_confirm: '%{email} 将无法登录，其已打开的会话将立即结束。你可以随时重新激活该账户。是否继续？',
      },
    },
    messages: {
      user: {
        deactivated: '用户已成功停用。', deactivate_error: '停用用户时出错。',
        deleted: '用户已成功删除。', delete_error: '删除用户时出错。',
      },
    },
  },
};
export default userAccounts;
