import type esAuth from '../es/auth';
import type { Translation } from '../merge';

const auth: Translation<typeof esAuth> = {
  app: {
    auth: {
      email: 'البريد الإلكتروني',
      password: 'كلمة المرور',
      password_confirm: 'تأكيد كلمة المرور',
      first_name: 'الاسم',
      last_name: 'اسم العائلة',
      phone: 'الهاتف',
      address: 'العنوان',
      back_to_login: 'العودة إلى تسجيل الدخول',
      resend_activation: 'إعادة إرسال رابط التفعيل',
      login: {
        title: 'تسجيل الدخول',
        subtitle: 'سجّل الدخول إلى حسابك للمتابعة.',
        submit: 'تسجيل الدخول',
        google: 'تسجيل الدخول باستخدام Google',
        or: 'أو',
        register: 'ليس لديك حساب؟ أنشئ حسابًا',
        forgot: 'هل نسيت كلمة المرور؟',
      },
      register: {
        title: 'إنشاء حساب',
        submit: 'إنشاء حساب',
        login: 'لديك حساب بالفعل؟ سجّل الدخول',
        check_mail: 'أرسلنا رابطًا إلى %{email} لتفعيل حسابك.',
        resend: 'إعادة إرسال الرابط',
      },
      forgot: {
        title: 'استعادة كلمة المرور',
        text: 'أدخل بريدك الإلكتروني وسنرسل لك رابطًا لإنشاء كلمة مرور جديدة.',
        submit: 'إرسال الرابط',
      },
      reset: {
        title: 'كلمة مرور جديدة',
        checking: 'جارٍ التحقق من الرابط…',
        submit: 'تغيير كلمة المرور',
      },
      activate: {
        title: 'التحقق من البريد الإلكتروني',
        checking: 'جارٍ تفعيل حسابك…',
      },
      google: {
        title: 'تسجيل الدخول باستخدام Google',
        checking: 'جارٍ تسجيل الدخول…',
      },
      logout: {
        title: 'جارٍ تسجيل الخروج…',
      },
    },
    messages: {
      login_error: 'كلمة المرور غير صحيحة',
      google_error: 'فشل تسجيل الدخول',
      register_success: 'تم التسجيل بنجاح',
      register_error: 'حدث خطأ أثناء تسجيل المستخدم.',
      email_taken: 'عنوان البريد الإلكتروني هذا مسجل بالفعل.',
      recovery_sent: 'أرسلنا إليك رابطًا لاستعادة كلمة المرور. تحقق من بريدك الإلكتروني.',
      recovery_error: 'حدث خطأ أثناء إرسال البريد الإلكتروني لاستعادة كلمة المرور',
      reset_success: 'تمت استعادة كلمة المرور بنجاح.',
      reset_error: 'حدث خطأ أثناء تغيير كلمة المرور',
      token_invalid: 'رمز التحقق غير صحيح، يرجى المحاولة مرة أخرى',
      activated: 'تم تفعيل الحساب بنجاح. يمكنك الآن تسجيل الدخول.',
      resend_success: 'تمت إعادة إرسال رابط التحقق بنجاح.',
      resend_error: 'حدث خطأ أثناء إعادة إرسال الرابط',
    },
    validation: {
      first_name: 'يرجى إدخال الاسم',
      last_name: 'يرجى إدخال اسم العائلة',
      email: 'يرجى إدخال البريد الإلكتروني',
      phone: 'يرجى إدخال الهاتف',
      address: 'يرجى إدخال العنوان',
      password: 'يرجى إدخال كلمة المرور',
      email_invalid: 'يرجى إدخال بريد إلكتروني صالح',
      password_length: 'يجب أن تتكون من 4 إلى 16 حرفًا',
      password_mismatch: 'كلمتا المرور غير متطابقتين',
    },
  },
};

export default auth;
