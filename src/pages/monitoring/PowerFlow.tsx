/**
 * Where the power goes right now: solar in the middle top, the home in the centre, the grid on the
 * inline-start side and the battery on the inline-end side. CSS grid follows the text direction, so
 * the layout mirrors itself in RTL; the arrows are chosen by direction and by the values' signs.
 */
import type { ReactNode } from 'react';
import { Box, Paper, Typography, useTheme } from '@mui/material';
import { ArrowBack, ArrowDownward, ArrowForward, BatteryChargingFull, ElectricalServices, Home, WbSunny } from '@mui/icons-material';
import { useTranslate } from 'react-admin';
import type { Snapshot } from '../../providers/monitoring';
import { hasBattery } from './KpiCards';
import { useFormatters } from '../../i18n/format';

const Node = ({ area, icon, label, value }: { area: string; icon: ReactNode; label: string; value: string }) => (
  <Paper variant="outlined" sx={{ gridArea: area, p: 1, textAlign: 'center', minWidth: 0 }}>
    {icon}
    <Typography variant="body2" sx={{ fontWeight: 600 }}>{label}</Typography>
    <Typography variant="body2" color="text.secondary">{value}</Typography>
  </Paper>
);

const Flow = ({ area, arrow, value, active, label }: { area: string; arrow: ReactNode; value: string; active: boolean; label: string }) => (
  <Box role="img" aria-label={label} sx={{
    gridArea: area, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center',
    color: active ? 'primary.main' : 'text.disabled',
  }}>
    {arrow}
    {/* An idle flow's arrow fades; its figure stays readable (the disabled grey is 2.7:1 on white). */}
    <Typography variant="caption" color={active ? undefined : 'text.secondary'}>{value}</Typography>
  </Box>
);

export const PowerFlow = ({ snapshot: s }: { snapshot: Snapshot }) => {
  const translate = useTranslate();
  const f = useFormatters();
  const rtl = useTheme().direction === 'rtl';
  // Arrows pointing towards the inline end / start of the line.
  const ToEnd = rtl ? ArrowBack : ArrowForward;
  const ToStart = rtl ? ArrowForward : ArrowBack;
  const t = (key: string) => translate(`app.monitoring.flow.${key}`);
  // The sun is the PV power (a hybrid's AC output includes what its battery gives at night).
  const pv = s.solar_w ?? 0;
  const importing = (s.grid_import_w ?? 0) > 0;
  const gridW = importing ? s.grid_import_w! : (s.grid_export_w ?? 0);
  const battery = hasBattery(s);
  const batteryW = s.battery_power_w ?? 0;
  const kw = (w: number | null) => (w === null ? '—' : f.power(Math.abs(w)));
  // Grid sits at the start: importing flows towards the home (end), exporting away from it (start).
  const gridArrow = gridW === 0 ? <ToEnd /> : importing ? <ToEnd /> : <ToStart />;
  // Battery sits at the end: charging flows towards it (end), discharging towards the home (start).
  const batteryArrow = batteryW < 0 ? <ToStart /> : <ToEnd />;
  return (
    <Box sx={{
      display: 'grid', gap: 1, alignItems: 'center',
      gridTemplateColumns: battery ? '1fr 0.6fr 1fr 0.6fr 1fr' : '1fr 0.6fr 1fr 0.6fr 0fr',
      gridTemplateAreas: '". . pv . ." ". . pvArrow . ." "grid gridArrow home batteryArrow battery"',
    }}>
      <Node area="pv" icon={<WbSunny color="warning" />} label={t('pv')} value={kw(s.solar_w)} />
      <Flow area="pvArrow" arrow={<ArrowDownward />} value={kw(s.solar_w)} active={pv > 0}
        label={`${t('pv')} → ${t('home')}: ${kw(s.solar_w)}`} />
      <Node area="home" icon={<Home color="primary" />} label={t('home')} value={kw(s.consumption_w)} />
      <Node area="grid" icon={<ElectricalServices color="action" />} label={t('grid')}
        value={gridW === 0 ? kw(0) : t(importing ? 'importing' : 'exporting')} />
      <Flow area="gridArrow" arrow={gridArrow} value={kw(gridW)} active={gridW > 0}
        label={`${t('grid')}: ${t(importing ? 'importing' : 'exporting')} ${kw(gridW)}`} />
      {battery && (
        <>
          <Flow area="batteryArrow" arrow={batteryArrow} value={kw(s.battery_power_w)} active={batteryW !== 0}
            label={`${t('battery')}: ${t(batteryW < 0 ? 'discharging' : 'charging')} ${kw(s.battery_power_w)}`} />
          <Node area="battery" icon={<BatteryChargingFull color="success" />} label={t('battery')}
            value={s.battery_soc === null ? kw(s.battery_power_w) : f.percent(s.battery_soc)} />
        </>
      )}
    </Box>
  );
};
