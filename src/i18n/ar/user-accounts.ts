import type esUserAccounts from '../es/user-accounts';
import type { Translation } from '../merge';

const userAccounts: Translation<typeof esUserAccounts> = {
  app: {
    screens: {
      users: {
        deactivate: 'تعطيل المستخدم',
        deactivate_confirm: 'لن يتمكن %{email} من تسجيل الدخول، وستنتهي جلساته المفتوحة الآن. يمكنك تفعيل الحساب مرة أخرى في أي وقت. هل تريد المتابعة؟',
      },
    },
    messages: {
      user: {
        deactivated: 'تم تعطيل المستخدم بنجاح.', deactivate_error: 'حدث خطأ أثناء تعطيل المستخدم.',
        deleted: 'تم حذف المستخدم بنجاح.', delete_error: 'حدث خطأ أثناء حذف المستخدم.',
      },
    },
  },
};
export default userAccounts;
