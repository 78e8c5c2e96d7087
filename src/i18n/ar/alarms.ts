import type esAlarms from '../es/alarms';
import type { Translation } from '../merge';

const alarms: Translation<typeof esAlarms> = {
  resources: {
    tickets: { fields: { alarm: 'الإنذار' } },
    alarms: {
      // react-admin asks for smart_count 2 for the plural label of the menu and the list's title: the
      // plural word there, never the dual ('إنذاران', two alarms).
      name: ['إنذارات', 'إنذار', 'إنذارات', 'إنذارات', 'إنذارات', 'إنذارات'].join(' |||| '),
      empty: 'لا توجد إنذارات',
      fields: {
        id: 'المعرف', kind: 'النوع', status: 'الحالة', plant: 'المحطة', plant_name: 'المحطة', project: 'المشروع', project_name: 'المشروع',
        where: 'المكان', opened_at: 'فُتح في', closed_at: 'أُغلق في', acknowledged_by_name: 'أقرّ به',
        acknowledged_comment: 'التعليق', ticket: 'التذكرة', opened_from: 'فُتح منذ', opened_to: 'فُتح حتى',
      },
    },
  },
  app: {
    alarms: {
      status: { open: 'مفتوح', acknowledged: 'تم الإقرار', closed: 'مغلق' },
      events: {
        opened: 'فُتح',
        acknowledged: 'أقرّ به %{user}',
        ticket: 'حوّله %{user} إلى التذكرة رقم %{ticket}',
        closed: 'أُغلق: زال الشرط',
      },
      history: 'السجل',
      seen: 'ما رصدته القاعدة',
      acknowledge: 'إقرار',
      acknowledge_title: 'الإقرار بالإنذار',
      acknowledge_help: 'اذكر ما سيتم عمله: سيراه العميل وبقية الفريق في السجل.',
      comment: 'التعليق',
      comment_required: 'التعليق مطلوب',
      to_ticket: 'تحويل إلى تذكرة',
      ticket_link: 'عرض التذكرة رقم %{id}',
      from_alarm: 'أُنشئت من الإنذار رقم %{id}',
      plant_panel: { title: 'الإنذارات المفتوحة', none: 'لا توجد إنذارات مفتوحة.', all: 'كل إنذارات المحطة' },
      details: {
        last_reading_at: 'آخر قراءة', threshold_minutes: 'دقائق ضوء النهار بلا بيانات (الحد)', status: 'الحالة المبلغ عنها',
        error_code: 'رمز الخطأ', pct_of_siblings: '% من نظرائه لكل واط ذروة', threshold_pct: 'الحد (%)', power_w: 'متوسط قدرة التيار المستمر (واط)',
        installed_wp: 'القدرة المركبة (واط ذروة)', siblings_w_per_wp: 'النظراء (واط لكل واط ذروة)', window_from: 'من', window_to: 'إلى',
        day: 'اليوم', yield_kwh_per_kwp: 'المردود (كيلوواط ساعة/كيلوواط ذروة)', charged_kwh: 'شحن البطارية (كيلوواط ساعة)', min_soc: 'أدنى شحن (%)',
        threshold_kwh: 'الشحن المطلوب (كيلوواط ساعة)', actual_kwh: 'الإنتاج (كيلوواط ساعة)', expected_kwh: 'المتوقع لهذا الموسم (كيلوواط ساعة)',
        overcast_kwh: 'المتوقع في يوم غائم (كيلوواط ساعة)', pct_of_expected: '% من المتوقع',
      },
      thresholds: {
        title: 'حدود الإنذار لهذه المحطة',
        help: 'فارغ: تُطبّق قيمة البوابة المبينة أدناه.',
        portal: 'البوابة: %{value}',
        save: 'حفظ الحدود',
        portal_title: 'حدود الإنذار للبوابة',
        portal_help: 'تسري على جميع المحطات؛ ويمكنك في صفحة أي محطة تحديد حدود خاصة بها.',
        fields: {
          alarm_offline_minutes: 'دقائق ضوء النهار بلا بيانات', alarm_sibling_pct: 'MPPT أقل من نظرائه (%)',
          alarm_sibling_window_minutes: 'نافذة المقارنة (دقائق)', alarm_sunny_kwh_per_kwp: 'يوم مشمس ابتداءً من (كيلوواط ساعة/كيلوواط ذروة)',
          alarm_battery_min_kwh: 'أدنى شحن للبطارية (كيلوواط ساعة)', alarm_expected_pct: 'الإنتاج أقل من المتوقع (%)',
        },
      },
      opt_out: {
        title: 'تنبيهات الإنذارات',
        help: 'تلقَّ تنبيهاً (الجرس والبريد) بهذه الأنواع من الإنذارات:',
        save: 'حفظ التنبيهات',
      },
    },
    messages: {
      alarm: {
        acknowledged: 'تم الإقرار بالإنذار بنجاح.',
        acknowledge_error: 'حدث خطأ أثناء الإقرار بالإنذار.',
        ticket_made: 'تم إنشاء تذكرة من الإنذار بنجاح.',
        ticket_error: 'حدث خطأ أثناء إنشاء تذكرة الإنذار.',
        thresholds_saved: 'تم حفظ حدود الإنذار بنجاح.',
        thresholds_error: 'حدث خطأ أثناء حفظ حدود الإنذار.',
        opt_out_saved: 'تم حفظ تنبيهات الإنذارات بنجاح.',
        opt_out_error: 'حدث خطأ أثناء حفظ تنبيهات الإنذارات.',
      },
    },
  },
};
export default alarms;
