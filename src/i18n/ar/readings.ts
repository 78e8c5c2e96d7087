import type esReadings from '../es/readings';
import type { Translation } from '../merge';

const readings: Translation<typeof esReadings> = {
  app: {
    readings: {
      delete: 'حذف القراءات (%{count})',
      confirm_title: 'حذف قراءات %{name}',
      confirm: 'ستُحذف القراءات المحفوظة لـ %{name} (%{count}) مع كل ما حُسب منها: الطاقة والرسوم البيانية والتوفير. تبقى المحطة ومعداتها. لا يمكن التراجع عن هذا الإجراء.',
      confirm_button: 'حذف القراءات',
    },
    messages: {
      plant_readings: { deleted: 'تم حذف القراءات بنجاح.', delete_error: 'حدث خطأ أثناء حذف القراءات.' },
    },
  },
};
export default readings;
