/**
 * The plant's state (online, last reading, each inverter's status) and the snapshot's figures as cards (SPEC §1, issue 11): each says its period (now, today, this
 * month, this year, since the start), in the plant's local calendar. Energy with its specific yield
 * and, for a plant, its performance against the expected production; this month against the same
 * days a year earlier; savings as the bill shows them, split into the charges the self-consumed energy
 * avoided and the injection credit used, with the energies and this month's prices beside them. A
 * project's totals use the same cards, without the live power and the prices (each plant has its own).
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useKindName } from '../../resources/alarms/common';
import type { Performance, ProjectSnapshot, Snapshot } from '../../providers/monitoring';
import { useFormatters, type Formatters } from '../../i18n/format';

type SavingsSplit = Snapshot['savings']['periods']['today'];

const Kpi = ({ title, period, value, children }: { title: string; period: string; value: ReactNode; children?: ReactNode }) => (
  <Card variant="outlined" component="section" aria-label={title} sx={{ minWidth: 0 }}>
    <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.4, display: 'block' }}>{title}</Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>{period}</Typography>
      <Typography component="p" sx={{ fontWeight: 600, typography: { xs: 'h6', sm: 'h5' } }}>{value}</Typography>
      {children && <Stack spacing={0.25} sx={{ mt: 0.5 }}>{children}</Stack>}
    </CardContent>
  </Card>
);

const Detail = ({ children, strong }: { children: ReactNode; strong?: boolean }) => (
  <Typography variant={strong ? 'body2' : 'caption'} color={strong ? 'text.primary' : 'text.secondary'} component="p">{children}</Typography>
);

/**
 * A plant has a battery when it reports a charge level or a non-zero battery power: inverters
 * without one may still send 0 W.
 */
export const hasBattery = (s: Snapshot) => s.battery_soc !== null || (s.battery_power_w !== null && s.battery_power_w !== 0);

/** The status chip's colour and words: the API's status (the fleet's), never worked out here. */
const STATUS_CHIP = {
  online: { color: 'success', label: 'app.monitoring.online' },
  fault: { color: 'error', label: 'app.monitoring.fault' },
  offline: { color: 'default', label: 'app.monitoring.offline' },
} as const;

/** A plant with an open fault says so at the top of its page, with the way to its alarm. */
const FaultBanner = ({ alarm }: { alarm: NonNullable<Snapshot['fault_alarm']> }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const kindName = useKindName();
  return (
    <Alert severity="error" action={(
      <Button color="inherit" size="small" component={RouterLink} to={createPath({ resource: 'alarms', id: alarm.id, type: 'show' })}>
        {translate('app.monitoring.fault_link')}
      </Button>
    )}>
      {translate('app.monitoring.fault_banner', { kind: kindName(alarm.kind) })}
    </Alert>
  );
};

export const StatusLine = ({ snapshot }: { snapshot: Snapshot }) => {
  const translate = useTranslate();
  const f = useFormatters(snapshot.period.time_zone);
  const chip = STATUS_CHIP[snapshot.status] ?? STATUS_CHIP[snapshot.online ? 'online' : 'offline'];
  return (
    <Stack spacing={1}>
      {snapshot.status === 'fault' && snapshot.fault_alarm && <FaultBanner alarm={snapshot.fault_alarm} />}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip size="small" color={chip.color} label={translate(chip.label)} />
        <Typography variant="body2" color="text.secondary">
          {snapshot.timestamp
            ? translate('app.monitoring.last_reading', { time: f.dateTime(snapshot.timestamp) })
            : translate('app.monitoring.no_reading')}
        </Typography>
        {/* What each inverter reports now (a Symo asleep: night / standby). */}
        {snapshot.inverters.filter((i) => i.online && i.status).map((i) => (
          <Chip key={i.id} size="small" variant="outlined" color={i.status === 'error' ? 'error' : 'default'}
            label={`${i.name}: ${translate(`app.screens.readings.status.${i.status}`, { _: i.status })}`} />
        ))}
      </Stack>
    </Stack>
  );
};

const isPlant = (s: Snapshot | ProjectSnapshot): s is Snapshot => 'plant' in s;

/** The savings of one period, as its two parts and their sum. */
function SavingsCard({ title, period, split, currency, prices, f }: {
  title: string; period: string; split: SavingsSplit; currency: string; f: Formatters;
  prices?: { tariff: number; injection: number };
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.monitoring.figures.savings.${key}`, options);
  // The amounts are the bill's (docs/billing.md): the credit used is not the kWh injected times a
  // price when it exceeds the bill (the rest carries over), so the energies and the prices are told
  // apart, never as a product that would not add up.
  return (
    <Kpi title={title} period={period} value={f.money(split.total, currency)}>
      <Detail strong>{t('self_consumption', { value: f.money(split.self_consumption, currency) })}</Detail>
      <Detail>{t('self_energy', { energy: f.energy(split.self_consumed_wh) })}</Detail>
      <Detail strong>{t('export_income', { value: f.money(split.export_income, currency) })}</Detail>
      <Detail>{t('export_energy', { energy: f.energy(split.exported_wh) })}</Detail>
      {prices && <Detail>{t('prices', { tariff: f.perKwh(prices.tariff, currency), injection: f.perKwh(prices.injection, currency) })}</Detail>}
    </Kpi>
  );
}

export const KpiCards = ({ figures: s, performance }: { figures: Snapshot | ProjectSnapshot; performance?: Performance | null }) => {
  const translate = useTranslate();
  const f = useFormatters(s.period.time_zone);
  const dash = '—';
  const t = (key: string, options?: object) => translate(`app.monitoring.kpi.${key}`, options);
  const x = (key: string, options?: object) => translate(`app.monitoring.figures.${key}`, options);
  const periods = {
    now: x('period.now'),
    today: x('period.today', { date: f.day(s.period.today) }),
    month: x('period.month', { month: f.month(s.period.month) }),
    year: x('period.year', { year: s.period.year }),
    lifetime: x('period.lifetime'),
  };
  const sy = s.specific_yield_kwh_per_kwp;
  const yieldLine = (v: number | null) => v !== null && <Detail>{x('specific_yield', { value: f.specificYield(v) })}</Detail>;
  const ratioLine = (r: Performance['today'] | undefined) => r && r.ratio !== null && r.expected_wh !== null && (
    <Detail>{x('performance', { ratio: f.percent(r.ratio * 100), expected: f.energy(r.expected_wh) })}</Detail>
  );
  const m = s.month_vs_last_year;
  const { currency } = s.savings;
  const plant = isPlant(s) ? s : null;
  const prices = plant ? { tariff: plant.savings.tariff_per_kwh, injection: plant.savings.injection_price_per_kwh } : undefined;
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'grid', gap: { xs: 1, sm: 2 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(210px, 1fr))' } }}>
        {plant && <Kpi title={t('power')} period={periods.now} value={plant.power_w === null ? dash : f.power(plant.power_w)} />}
        {plant ? (
          <Kpi title={t('consumption')} period={periods.now} value={plant.consumption_w === null ? dash : f.power(plant.consumption_w)}>
            <Detail>{t('consumption_today', { value: f.energy(plant.consumption_today_wh) })}</Detail>
          </Kpi>
        ) : <Kpi title={x('consumption_today')} period={periods.today} value={f.energy(s.consumption_today_wh)} />}
        {plant && hasBattery(plant) && (
          <Kpi title={t('battery')} period={periods.now} value={plant.battery_soc === null ? dash : f.percent(plant.battery_soc)}>
            {plant.battery_power_w !== null && (
              <Detail>{plant.battery_power_w === 0 ? t('idle')
                : t(plant.battery_power_w > 0 ? 'charging' : 'discharging', { value: f.power(Math.abs(plant.battery_power_w)) })}</Detail>
            )}
          </Kpi>
        )}
        <Kpi title={t('energy_today')} period={periods.today} value={f.energy(s.energy_today_wh)}>
          {yieldLine(sy.today)}
          {ratioLine(performance?.today)}
        </Kpi>
        <Kpi title={t('energy_month')} period={periods.month} value={f.energy(s.energy_month_wh)}>
          {yieldLine(sy.month)}
          {ratioLine(performance?.month)}
          <Detail>
            {m.last_year_to_date_wh === null
              ? x('no_last_year', { month: f.month(m.last_year_month) })
              : x('vs_last_year', {
                change: m.change_pct === null ? dash : f.change(m.change_pct), month: f.month(m.last_year_month), value: f.energy(m.last_year_to_date_wh),
              })}
          </Detail>
        </Kpi>
        <Kpi title={t('energy_year')} period={periods.year} value={f.energy(s.energy_year_wh)}>
          {yieldLine(sy.year)}
          {ratioLine(performance?.year)}
        </Kpi>
        <Kpi title={t('energy_total')} period={periods.lifetime} value={f.energy(s.energy_total_wh)}>
          {yieldLine(sy.total)}
        </Kpi>
        <Kpi title={t('self_consumption')} period={periods.today} value={s.self_consumption_pct === null ? dash : f.percent(s.self_consumption_pct)} />
        <Kpi title={t('autarky')} period={periods.today} value={s.autarky_pct === null ? dash : f.percent(s.autarky_pct)} />
        <Kpi title={t('co2')} period={periods.lifetime} value={f.mass(s.co2_avoided_kg.total)}>
          <Detail>{t('today', { value: f.mass(s.co2_avoided_kg.today) })}</Detail>
        </Kpi>
        <SavingsCard title={x('savings.today')} period={periods.today} split={s.savings.periods.today} currency={currency} f={f} />
        <SavingsCard title={x('savings.month')} period={periods.month} split={s.savings.periods.month} currency={currency} prices={prices} f={f} />
        <SavingsCard title={x('savings.lifetime')} period={periods.lifetime} split={s.savings.periods.lifetime} currency={currency} f={f} />
      </Box>
      {!s.savings.metered && <Typography variant="caption" color="text.secondary">{x('savings.unmetered')}</Typography>}
    </Stack>
  );
};
