import type esCommon from '../es/common';
import type { Translation } from '../merge';

const common: Translation<typeof esCommon> = {
  // A detail page is titled by its record alone: 'Proyecto Demo' rather than 'Proyecto Proyecto Demo'.
  ra: { page: { show: '%{recordRepresentation}' } },
  app: {
    tagline: 'من أجل بلد يعتمد على الطاقة المتجددة بنسبة 100% ومتاح للجميع',
    language: 'اللغة',
    loading: 'جارٍ التحميل…',
    menu: {
      monitoring: 'المراقبة',
      maintainers: 'الإدارة',
      tickets: 'تذاكر الدعم',
      profile: 'ملفي الشخصي',
    },
    not_found: {
      title: 'الصفحة غير موجودة',
      text: 'الصفحة التي تبحث عنها غير موجودة أو تم نقلها.',
      back: 'العودة إلى لوحة التحكم',
    },
    lazy: {
      error: 'تعذر تحميل التطبيق. تحقق من اتصالك وحاول مرة أخرى.',
      retry: 'إعادة المحاولة',
    },
    monitoring: {
      title: 'المراقبة',
      soon: 'ستتوفر المراقبة المباشرة لمحطاتك قريبًا. يمكنك الآن الاطلاع على مشاريعك ومحطات الطاقة الخاصة بها.',
      no_projects: 'ليست لديك مشاريع بعد.',
      no_plants: 'لا توجد محطات طاقة في هذا المشروع بعد.',
      plants: 'لا توجد محطات طاقة |||| محطة طاقة واحدة |||| محطتا طاقة |||| %{smart_count} محطات طاقة |||| %{smart_count} محطة طاقة |||| %{smart_count} محطة طاقة',
      capacity: '%{value} كيلوواط ذروة',
      open_project: 'عرض المشروع',
      error: 'تعذر تحميل المشاريع.',
    },
    validation: {
      name: 'الاسم مطلوب',
      description: 'الوصف مطلوب',
      message: 'الرسالة مطلوبة',
    },
    messages: {
      logout_error: 'حدث خطأ أثناء إنهاء الجلسة',
      session_expired: 'يرجى تسجيل الدخول مرة أخرى للمتابعة.',
    },
  },
};

export default common;
