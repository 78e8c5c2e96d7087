import type esUserAccounts from '../es/user-accounts';
import type { Translation } from '../merge';

const userAccounts: Translation<typeof esUserAccounts> = {
  app: {
    screens: {
      users: {
        deactivate: '停用用户',
        deactivate_confirm: '%{email} 将无法登录，其已打开的会话将立即结束。你可以随时重新激活该账户。是否继续？',
        password_invite_help: '留空则通过电子邮件向其发送邀请：由其自行设置密码。',
      },
    },
    messages: {
      user_data: { updated: '用户资料已修改。', update_error: '修改用户资料时出错。' },
      user: {
        deactivated: '用户已成功停用。', deactivate_error: '停用用户时出错。',
        deleted: '用户已成功删除。', delete_error: '删除用户时出错。',
      },
    },
  },
};
export default userAccounts;
