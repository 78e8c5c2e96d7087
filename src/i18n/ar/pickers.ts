/**
 * Arabic for MUI X's date pickers, which ship no Arabic locale (src/components/DatePickers.tsx uses
 * MUI's own for es, en, fr and zh): the labels a user reads or hears, over the English defaults.
 */
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';

export const arPickers: Partial<PickersLocaleText> = {
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  openPreviousView: 'فتح العرض السابق',
  openNextView: 'فتح العرض التالي',
  calendarViewSwitchingButtonAriaLabel: (view) => (view === 'year'
    ? 'عرض السنوات مفتوح، التبديل إلى عرض التقويم' : 'عرض التقويم مفتوح، التبديل إلى عرض السنوات'),
  cancelButtonLabel: 'إلغاء',
  clearButtonLabel: 'مسح',
  okButtonLabel: 'موافق',
  todayButtonLabel: 'اليوم',
  datePickerToolbarTitle: 'اختر التاريخ',
  openDatePickerDialogue: (formattedDate) => (formattedDate ? `اختر التاريخ، التاريخ المختار هو ${formattedDate}` : 'اختر التاريخ'),
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  empty: 'فارغ',
};
