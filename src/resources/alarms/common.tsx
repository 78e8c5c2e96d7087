/** Pieces shared by the alarm list, the alarm page and the plant's alarm panel. */
import { Chip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { localeInfo } from '../../i18n/locales';
import { namesLine, useFormatters } from '../../i18n/format';
import { FRONIUS_STATUS_NAMES, froniusErrorName } from '../../../contract/fronius-codes';
import { ALARM_KIND_NAMES, ALARM_KINDS, ALARM_STATUSES, type Alarm, type AlarmKind, type AlarmStatus } from '../../../contract/alarms';

/** The name of an alarm kind in the active language (the names the mails and the bell use, from the contract). */
export function useKindName() {
  const [locale] = useLocaleState();
  const language = localeInfo(locale).messages;
  return (kind: AlarmKind) => ALARM_KIND_NAMES[kind]?.[language] ?? kind;
}

/** The kinds as choices of a select (names already in the active language). */
export function useKindChoices() {
  const kindName = useKindName();
  return ALARM_KINDS.map((kind) => ({ id: kind, name: kindName(kind) }));
}

const statusKey = (status: AlarmStatus) => `app.alarms.status.${status}`;

export const statusChoices = ALARM_STATUSES.map((status) => ({ id: status, name: statusKey(status) }));

/** The name of an alarm status in the active language. */
export function useStatusName() {
  const translate = useTranslate();
  return (status: AlarmStatus) => translate(statusKey(status));
}

const STATUS_COLOR = { open: 'error', acknowledged: 'warning', closed: 'default' } as const;

export function AlarmStatusChip({ status }: { status: AlarmStatus }) {
  const statusName = useStatusName();
  return <Chip size="small" color={STATUS_COLOR[status]} variant={status === 'closed' ? 'outlined' : 'filled'} label={statusName(status)} />;
}

/** Plant · inverter · MPPT · string, as far as the alarm names them. */
export const alarmWhere = (alarm: Pick<Alarm, 'plant_name' | 'investor_name' | 'mppt_name' | 'string_name'>) =>
  namesLine([alarm.plant_name, alarm.investor_name, alarm.mppt_name, alarm.string_name]);

const INSTANTS = new Set(['last_reading_at', 'window_from', 'window_to']);

/** What the rule saw, as label and value in the active language (figures through Intl, instants in the portal's zone). */
export function useAlarmDetails() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = localeInfo(locale).messages;
  const f = useFormatters();
  const show = (key: string, value: unknown) => {
    if (INSTANTS.has(key) && typeof value === 'string') return f.dateTime(value);
    if (key === 'day' && typeof value === 'string') return f.day(value);
    if (key === 'status') return FRONIUS_STATUS_NAMES[String(value)]?.[language] ?? String(value);
    if (key === 'error_code' && typeof value === 'number') return `${value}: ${froniusErrorName(value, language)}`;
    return typeof value === 'number' ? f.number(value) : String(value ?? '—');
  };
  return (details: Record<string, unknown>) => Object.entries(details).map(([key, value]) => ({
    key, label: translate(`app.alarms.details.${key}`, { _: key }), value: show(key, value),
  }));
}
