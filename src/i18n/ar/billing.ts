import type esBilling from '../es/billing';
import type { Translation } from '../merge';

const entity = (noun: string) => ({
  created: `تم إنشاء ${noun} بنجاح.`, updated: `تم تحديث ${noun} بنجاح.`, deleted: `تم حذف ${noun} بنجاح.`,
  create_error: `حدث خطأ أثناء إنشاء ${noun}.`, update_error: `حدث خطأ أثناء تحديث ${noun}.`, delete_error: `حدث خطأ أثناء حذف ${noun}.`,
});
/** Arabic's six plural forms: every one but "one" is the plural word (as in resources.ts). */
const name = (one: string, many: string) => [many, one, many, many, many, many].join(' |||| ');

const ar: Translation<typeof esBilling> = {
  resources: {
    tariffs: {
      name: name('تعرفة', 'تعرفات'),
      empty: 'لا توجد تعرفات لهذه الشركة الموزعة',
      fields: {
        distributor: 'الشركة الموزعة', option: 'خيار التعرفة', valid_from: 'سارية من', valid_to: 'سارية حتى',
        fixed_charge: 'الرسم الثابت (بيزو تشيلي/شهر)', energy_charge: 'رسم الطاقة (بيزو تشيلي/كيلوواط ساعة)',
        transmission_charge: 'رسم النقل (بيزو تشيلي/كيلوواط ساعة)', public_service_charge: 'رسم الخدمة العامة (بيزو تشيلي/كيلوواط ساعة)',
        winter_charge: 'الطاقة الإضافية الشتوية (بيزو تشيلي/كيلوواط ساعة)', winter_threshold_kwh: 'حد الشتاء (كيلوواط ساعة)',
        winter_from_month: 'الشتاء من الشهر', winter_to_month: 'الشتاء حتى الشهر',
        demand_charge: 'رسم القدرة (بيزو تشيلي/كيلوواط)', peak_demand_charge: 'القدرة في ساعات الذروة (بيزو تشيلي/كيلوواط)',
        source: 'المصدر',
      },
    },
    'injection-prices': {
      name: name('سعر الحقن', 'أسعار الحقن'),
      empty: 'لا توجد أسعار حقن لهذه الشركة الموزعة',
      fields: { distributor: 'الشركة الموزعة', month: 'الشهر', price: 'السعر (بيزو تشيلي/كيلوواط ساعة)', source: 'المصدر' },
    },
    'real-bills': {
      name: name('فاتورة', 'فواتير'),
      empty: 'لم تُدخل أي فاتورة بعد',
      fields: { plant: 'المحطة', month: 'الشهر (YYYY-MM)', bought_kwh: 'كيلوواط ساعة مشتراة', injected_kwh: 'كيلوواط ساعة محقونة', amount: 'المبلغ الإجمالي (بيزو تشيلي، شامل الضريبة)', attachment: 'صورة الفاتورة أو ملف PDF' },
    },
  },
  app: {
    messages: {
      distributor: entity('الشركة الموزعة'),
      tariff: entity('التعرفة'),
      injection_price: entity('سعر الحقن'),
      real_bill: entity('الفاتورة'),
      csv_import: {
        done: 'تم استيراد الملف: صفوف جديدة %{created}، صفوف محدّثة %{updated}.',
        error: 'لم يُستورد شيء: صحّح هذه الصفوف وارفع الملف مرة أخرى.',
        unreadable: 'تعذّرت قراءة الملف.',
      },
    },
    billing: {
      tariffs: 'التعرفات',
      injection_prices: 'أسعار الحقن حسب الشهر',
      add_tariff: 'إضافة تعرفة',
      add_injection_price: 'إضافة سعر',
      import_tariffs: 'استيراد التعرفات (CSV)',
      import_injection_prices: 'استيراد أسعار الحقن (CSV)',
      import_help: 'أعمدة الملف وصيغته: docs/billing.md، «CSV». إذا كان في صف خطأ فلن يُستورد شيء.',
      until_next: 'حتى التالية',
      month_required: 'أدخل الشهر',
      real: {
        title: 'فاتورتك الفعلية',
        hint: 'أدخل ما تقوله فاتورة شركتك الموزعة وقارنها بفاتورة البوابة.',
        add: 'إدخال فاتورة',
        empty: 'لم تُدخل أي فاتورة لهذه السنة بعد.',
        bill: 'الفاتورة', portal: 'البوابة',
        bought: 'المشترى', injected: 'المحقون', amount: 'المبلغ', check: 'المراجعة',
        ok: 'متطابقة',
        flagged: 'الفرق أكثر من %{pct} %',
        no_portal: 'لا توجد بيانات',
        attachment: 'عرض الفاتورة',
        attach_help: 'اسحب صورة الفاتورة أو ملف PDF، أو انقر لاختياره (اختياري)',
        causes: { data_gap: 'بيانات ناقصة من العاكسات', meter: 'العداد والعاكسات غير متطابقين', tariff: 'الشركة الموزعة تطبق تعرفة أخرى' },
      },
      card: {
        title: 'فاتورة الكهرباء',
        hint: 'ما ستقوله فاتورتك بدون ألواح ومعها، بتعرفة شركتك الموزعة، مع رصيد الحقن وضريبة القيمة المضافة.',
        own_prices: 'محسوبة بالتعرفة وسعر الحقن الخاصين بالمحطة (شاملة الضريبة): حدّد شركتها الموزعة وخيار تعرفتها لاستخدام التعرفات المنشورة.',
        error: 'تعذّر حساب الفاتورة.',
        empty: 'لا توجد طاقة مسجلة بعد لحساب الفاتورة.',
        month_so_far: 'هذا الشهر حتى اليوم',
        last_month: 'الشهر الماضي',
        this_year: 'هذه السنة',
        without_solar: 'بدون طاقة شمسية',
        with_solar: 'مع الطاقة الشمسية',
        savings: 'التوفير',
        year_table: 'شهرًا بشهر، %{year}',
        month: 'الشهر',
        credit: 'رصيد الحقن',
        vat: 'ضريبة القيمة المضافة',
        remanente: 'الرصيد المرحّل',
        total: 'الإجمالي',
        ledger: 'الرصيد المرحّل (remanente) إلى الشهر التالي',
        carried_in: 'من الشهر السابق',
        earned: 'المكتسب',
        used: 'المستخدم',
        left: 'المتبقي',
        assigned_to: 'مخصّص لـ',
        carried: 'الشهر التالي',
        plant: 'المحطة %{id}',
      },
    },
  },
};

export default ar;
