/** The fleet view (issue 10): its columns, filters and statuses. */
import type esFleet from '../es/fleet';
import type { Translation } from '../merge';

const fleet: Translation<typeof esFleet> = {
  resources: {
    fleet: {
      name: Array(6).fill('الأسطول').join(' |||| '),
      empty: 'لا توجد محطات مسجلة',
      fields: {
        name: 'المحطة',
        project_name: 'المشروع',
        commune_name: 'البلدية',
        project: 'المشروع',
        tag: 'الوسم',
        commune: 'البلدية',
        capacity_kwp: 'القدرة (kWp)',
        status: 'الحالة',
        last_reading: 'آخر قراءة',
        power_w: 'القدرة الحالية',
        energy_today_wh: 'طاقة اليوم',
        energy_month_wh: 'طاقة الشهر',
        yield_today: 'المردود اليوم (kWh/kWp)',
        yield_month: 'مردود الشهر (kWh/kWp)',
        performance_today: 'الأداء اليوم',
        performance_month: 'أداء الشهر',
        open_alarms: 'الإنذارات المفتوحة',
      },
    },
  },
  app: {
    screens: {
      fleet: {
        today: 'اليوم',
        this_month: 'هذا الشهر',
        online: 'متصلة',
        offline: 'غير متصلة',
        fault: 'عطل',
        since: 'منذ %{time}',
        never: 'لا توجد قراءات',
        summary: '%{power} · اليوم %{energy} · %{alarms}',
        open_alarms: 'لا إنذارات |||| إنذار واحد |||| إنذاران |||| %{count} إنذارات |||| %{count} إنذارًا |||| %{count} إنذار',
      },
    },
  },
};

export default fleet;
