import type esCatalogue from '../es/catalogue';
import type { Translation } from '../merge';

const ar: Translation<typeof esCatalogue> = {
  resources: {
    equipments: { fields: { power_w: 'القدرة الاسمية (واط)' } },
  },
  app: {
    messages: {
      panels: {
        // The count as a label: one wording agrees with every one of Arabic's six plural forms.
        created: Array(6).fill('تمت إضافة الألواح بنجاح. عددها: %{smart_count}.').join(' |||| '),
        create_error: 'حدث خطأ أثناء إضافة الألواح.',
      },
    },
    screens: {
      add_panels: {
        title: 'إضافة ألواح',
        model: 'الطراز',
        model_required: 'اختر طراز الألواح',
        count: 'الكمية',
        count_required: 'حدّد عدد الألواح المراد إضافتها',
        count_range: 'أدخل كمية بين %{min} و%{max}.',
        count_help: 'تُرقَّم بعد ألواح السلسلة الحالية',
        submit: 'إضافة',
      },
      orientation: {
        tilt_help: '0° = أفقي، 90° = عمودي',
        azimuth_help: 'الاتجاه الذي تواجهه الألواح، من الشمال في اتجاه عقارب الساعة: 0° شمال، 90° شرق، 180° جنوب، 270° غرب. في PVGIS تعني 0° الجنوب: أضف 180°.',
        tilt_range: 'يتراوح الميل بين 0° (أفقي) و90° (عمودي).',
        azimuth_range: 'يتراوح السمت بين 0° و360°، مقيسًا من الشمال.',
        compass: 'تواجه الألواح %{azimuth}° من الشمال',
        north: 'ش', east: 'ق', south: 'ج', west: 'غ',
      },
      notifications_tabs: {
        received: 'الواردة',
        sent: 'المرسلة',
      },
    },
  },
};
export default ar;
