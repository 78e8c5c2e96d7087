/** The snapshot's figures as cards (SPEC §1): power, energy, consumption, battery, shares, CO2, savings. */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Snapshot } from './api';
import { useFormatters } from './format';

const Kpi = ({ title, value, detail }: { title: string; value: ReactNode; detail?: ReactNode }) => (
  <Card variant="outlined" component="section" aria-label={title}>
    <CardContent>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>{value}</Typography>
      {detail && <Typography variant="body2" color="text.secondary">{detail}</Typography>}
    </CardContent>
  </Card>
);

/**
 * A plant has a battery when it reports a charge level or a non-zero battery power: inverters
 * without one may still send 0 W.
 */
export const hasBattery = (s: Snapshot) => s.battery_soc !== null || (s.battery_power_w !== null && s.battery_power_w !== 0);

export const StatusLine = ({ snapshot }: { snapshot: Snapshot }) => {
  const translate = useTranslate();
  const f = useFormatters();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" color={snapshot.online ? 'success' : 'default'}
        label={translate(snapshot.online ? 'app.monitoring.online' : 'app.monitoring.offline')} />
      <Typography variant="body2" color="text.secondary">
        {snapshot.timestamp
          ? translate('app.monitoring.last_reading', { time: f.dateTime(snapshot.timestamp) })
          : translate('app.monitoring.no_reading')}
      </Typography>
    </Stack>
  );
};

export const KpiCards = ({ snapshot: s }: { snapshot: Snapshot }) => {
  const translate = useTranslate();
  const f = useFormatters();
  const dash = '—';
  const t = (key: string, options?: object) => translate(`app.monitoring.kpi.${key}`, options);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 210px), 1fr))' }}>
      <Kpi title={t('power')} value={s.power_w === null ? dash : f.power(s.power_w)} />
      <Kpi title={t('energy_today')} value={f.energy(s.energy_today_wh)} />
      <Kpi title={t('energy_month')} value={f.energy(s.energy_month_wh)} />
      <Kpi title={t('energy_year')} value={f.energy(s.energy_year_wh)} />
      <Kpi title={t('energy_total')} value={f.energy(s.energy_total_wh)} />
      <Kpi title={t('consumption')} value={s.consumption_w === null ? dash : f.power(s.consumption_w)}
        detail={t('consumption_today', { value: f.energy(s.consumption_today_wh) })} />
      {hasBattery(s) && (
        <Kpi title={t('battery')}
          value={s.battery_soc === null ? dash : f.percent(s.battery_soc)}
          detail={s.battery_power_w === null ? undefined
            : s.battery_power_w === 0 ? t('idle')
              : t(s.battery_power_w > 0 ? 'charging' : 'discharging', { value: f.power(Math.abs(s.battery_power_w)) })} />
      )}
      <Kpi title={t('self_consumption')} value={s.self_consumption_pct === null ? dash : f.percent(s.self_consumption_pct)} />
      <Kpi title={t('autarky')} value={s.autarky_pct === null ? dash : f.percent(s.autarky_pct)} />
      <Kpi title={t('co2')} value={f.mass(s.co2_avoided_kg.total)} detail={t('today', { value: f.mass(s.co2_avoided_kg.today) })} />
      <Kpi title={t('savings')} value={f.money(s.savings.total, s.savings.currency)}
        detail={t('today', { value: f.money(s.savings.today, s.savings.currency) })} />
    </Box>
  );
};
