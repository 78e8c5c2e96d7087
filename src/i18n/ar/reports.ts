import type esReports from '../es/reports';
import type { Translation } from '../merge';

const reports: Translation<typeof esReports> = {
  app: {
    monitoring: {
      report: {
        title: 'التقرير الشهري',
        help: 'الإنتاج والاستهلاك والتوفير وثاني أكسيد الكربون المُتجنَّب والإنتاج المتوقع لشهر منتهٍ، بصيغة PDF.',
        month: 'الشهر',
        download: 'تنزيل PDF',
        error: 'تعذّر تنزيل التقرير. حاول مرة أخرى.',
        file: 'report-%{month}.pdf',
      },
    },
    screens: {
      profile: {
        report_opt_out_help: 'في اليوم الأول من كل شهر نرسل بالبريد الإلكتروني تقرير الشهر السابق لكل محطة من محطاتك.',
        language_help: 'لغة التطبيق عند تسجيل الدخول، ولغة تقاريرك الشهرية ورسائل البريد الإلكتروني.',
      },
    },
    messages: {
      language_not_saved: 'تعذّر حفظ اللغة في ملفك الشخصي: ستبقى تقاريرك ورسائلك باللغة السابقة.',
    },
  },
  resources: {
    users: {
      fields: {
        report_opt_out: 'عدم إرسال التقرير الشهري إليّ بالبريد الإلكتروني',
        language: 'اللغة',
      },
    },
  },
};

export default reports;
