import type esUserAccounts from '../es/user-accounts';
import type { Translation } from '../merge';

const userAccounts: Translation<typeof esUserAccounts> = {
  app: {
    screens: {
      users: {
        deactivate: 'تعطيل المستخدم',
        deactivate_confirm: 'لن يتمكن %{email} من تسجيل الدخول، وستنتهي جلساته المفتوحة الآن. يمكنك تفعيل الحساب مرة أخرى في أي وقت. هل تريد المتابعة؟',
        password_invite_help: 'اتركها فارغة لإرسال دعوة إليه بالبريد الإلكتروني: سيختار كلمة المرور بنفسه.',
      },
    },
    messages: {
      user_data: { updated: 'تم تعديل بيانات المستخدم بنجاح.', update_error: 'حدث خطأ أثناء تعديل بيانات المستخدم.' },
      user: {
        deactivated: 'تم تعطيل المستخدم بنجاح.', deactivate_error: 'حدث خطأ أثناء تعطيل المستخدم.',
        deleted: 'تم حذف المستخدم بنجاح.', delete_error: 'حدث خطأ أثناء حذف المستخدم.',
      },
    },
  },
};
export default userAccounts;
