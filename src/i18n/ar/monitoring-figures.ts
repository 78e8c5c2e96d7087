import type esMonitoringFigures from '../es/monitoring-figures';
import type { Translation } from '../merge';

const monitoringFigures: Translation<typeof esMonitoringFigures> = {
  app: {
    monitoring: {
      figures: {
        time: 'الوقت (%{zone})',
        period: {
          now: 'الآن',
          today: 'اليوم، %{date}',
          month: 'هذا الشهر: %{month}',
          year: 'هذا العام: %{year}',
          lifetime: 'منذ التشغيل',
        },
        consumption_today: 'الاستهلاك',
        specific_yield: 'الإنتاج النوعي: %{value}',
        performance: '%{ratio} من المتوقع (%{expected})',
        vs_last_year: '%{change} مقارنة بـ%{month} حتى التاريخ نفسه (%{value})',
        no_last_year: 'لا توجد بيانات لـ%{month} للمقارنة',
        savings: {
          today: 'التوفير اليوم',
          month: 'توفير الشهر',
          lifetime: 'إجمالي التوفير',
          self_consumption: 'الاستهلاك الذاتي: %{value}',
          export_income: 'الحقن في الشبكة: %{value}',
          self_energy: '%{energy} مستهلكة ذاتيًا',
          export_energy: '%{energy} محقونة في الشبكة',
          prices: 'أسعار هذا الشهر: %{tariff} للكيلوواط ساعة المشترى، %{injection} للكيلوواط ساعة المحقون',
          unmetered: 'الشبكة غير مقيسة: يُحتسب كل الإنتاج بالتعرفة، كاستهلاك ذاتي.',
        },
        series: {
          production: 'الإنتاج (%{unit})',
          self_consumed: 'الاستهلاك الذاتي (%{unit})',
          exported: 'الحقن في الشبكة (%{unit})',
          import: 'الشراء من الشبكة (%{unit})',
          consumption: 'الاستهلاك (%{unit})',
          battery: 'البطارية (%{unit}: + شحن / − تفريغ)',
          charge: 'شحن البطارية (%{unit})',
          discharge: 'تفريغ البطارية (%{unit})',
          soc: 'مستوى شحن البطارية (%{unit})',
          expected: 'الإنتاج المتوقع (%{unit})',
        },
        forecast: {
          title: 'الإنتاج المتوقع لثلاثة أيام',
          error: 'تعذّر حساب الإنتاج المتوقع.',
          sky_forecast: 'حسب الغيوم في توقعات الطقس.',
          sky_climatology: 'حسب الغيوم المعتادة في المنطقة (بدون توقعات الطقس).',
        },
        warnings: {
          rough: 'تقدير تقريبي: %{reasons}.',
          missing: 'لا يوجد إنتاج متوقع: %{reasons}.',
          no_location: 'المحطة بلا إحداثيات',
          no_capacity: 'المحطة بلا ألواح ولا قدرة مركّبة',
          no_panels: 'لا توجد ألواح موصوفة، تُستخدم القدرة المركّبة',
          string_without_panels: 'سلسلة بلا ألواح',
          panel_without_power: 'ألواح بلا قدرة',
          capacity_mismatch: 'الألواح لا تطابق القدرة المركّبة',
          no_inverter_power: 'عاكس بلا قدرة اسمية',
        },
        project: {
          option: 'المشروع كله',
          hint: 'مجاميع كل محطات المشروع. اختر محطة لرؤية قدرتها الحية وسجلها وتوقعاتها.',
          error: 'تعذّرت قراءة مجاميع المشروع. حاول مرة أخرى بعد بضع دقائق.',
        },
      },
      // The plant's status as the API gives it (issue 33, item 9): 'fault' and the alarm behind it.
      fault: 'عطل',
      fault_banner: 'إنذار مفتوح: %{kind}',
      fault_link: 'عرض الإنذار',
    },
  },
};

export default monitoringFigures;
