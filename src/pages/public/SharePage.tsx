/**
 * /share/:token, a plant shared with a link (docs/share-links.md): no sign-in, the figures read with
 * the link's token and read again every minute. On a big screen (a school's or a company's lobby) the
 * live power fills the left and the day's curve the right; on a phone they stack. An expired,
 * revoked or unknown link gets a page that says so.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, CircularProgress, CssBaseline, Paper, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import RtlProvider from '@mui/system/RtlProvider';
import { useTranslate } from 'react-admin';
import { sharedPlant, shareProblemOf, type SharedCurvePoint, type SharedPlant, type ShareProblem } from '../../providers/shareLinks';
import { useBrandName } from '../../providers/features';
import { useFormatters, type Formatters } from '../../i18n/format';
import { LanguageSwitcher } from '../../layout/LanguageSwitcher';
import { useDocumentTitle } from '../../layout/documentTitle';
import { palette } from '../../theme';
import spanish from '../../i18n/es/share-links';

/**
 * The page's messages. Its Spanish comes with this chunk, as each message's default, and not in the
 * login page's script, whose budget it would exceed (docs/web.md, "Code split"); the other languages
 * load whole, these included.
 */
function usePageTranslate() {
  const translate = useTranslate();
  return (key: string, options?: object) => translate(`app.share.page.${key}`, {
    _: key.split('.').reduce<unknown>((messages, part) => (messages as Record<string, unknown>)[part], spanish.app.share.page), ...options,
  });
}

/** How often the figures are read again: the readings come every 5 minutes, the snapshot's power each minute at most. */
export const SHARE_REFRESH_MS = 60_000;

interface Shared { plant: SharedPlant; curve: SharedCurvePoint[] }
type State = { kind: 'loading' } | { kind: 'shown'; shared: Shared; failed: boolean } | { kind: 'problem'; problem: ShareProblem } | { kind: 'failed' };

/** The link's figures, read now and every minute; a read that fails keeps the last figures shown. */
function useShared(token: string): State {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const read = async () => {
      try {
        const [plant, curve] = await Promise.all([sharedPlant.figures(token, controller.signal), sharedPlant.curve(token, controller.signal)]);
        setState({ kind: 'shown', shared: { plant, curve }, failed: false });
      } catch (error) {
        if (controller.signal.aborted) return;
        const problem = shareProblemOf(error);
        setState((before) => (problem !== 'failed' ? { kind: 'problem', problem }
          : before.kind === 'shown' ? { ...before, failed: true } : { kind: 'failed' }));
      }
    };
    read();
    const timer = window.setInterval(read, SHARE_REFRESH_MS);
    return () => { controller.abort(); window.clearInterval(timer); };
  }, [token]);
  return state;
}

export const SharePage = () => {
  const { token = '' } = useParams();
  const state = useShared(token);
  const t = usePageTranslate();
  const brand = useBrandName();
  let title = brand;
  if (state.kind === 'shown') title = t('title', { name: state.shared.plant.name });
  else if (state.kind === 'problem') title = t(`${state.problem}.title`);
  useDocumentTitle(title);

  return (
    <CssBaseline enableColorScheme>
      {/* On a big screen the page is the screen's height exactly (nobody scrolls a lobby's screen); on a phone it grows. */}
      <Box sx={{ minHeight: '100vh', height: { md: '100vh' }, display: 'flex', flexDirection: 'column', bgcolor: palette.background }}>
        <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: { xs: 2, md: 4 }, py: { xs: 1, md: 2 }, bgcolor: palette.dark, color: '#fff' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {state.kind === 'shown' ? (
              <>
                <Typography component="h1" noWrap sx={{ fontWeight: 700, fontSize: { xs: '1.25rem', md: 'clamp(1.5rem, 2.2vw, 2.75rem)' } }}>
                  {state.shared.plant.name}
                </Typography>
                {state.shared.plant.commune && (
                  <Typography component="p" noWrap sx={{ opacity: 0.85, fontSize: { xs: '0.9rem', md: 'clamp(1rem, 1.2vw, 1.5rem)' } }}>
                    {state.shared.plant.commune}
                  </Typography>
                )}
              </>
            ) : <Typography component="div" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{brand}</Typography>}
          </Box>
          <LanguageSwitcher iconOnPhone />
        </Box>
        <Box component="main" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', p: { xs: 1.5, md: 3 }, pb: { md: 1 } }}>
          {state.kind === 'loading' && <CircularProgress sx={{ m: 'auto' }} />}
          {state.kind === 'failed' && <Alert severity="error" sx={{ m: 'auto' }}>{t('failed')}</Alert>}
          {state.kind === 'problem' && <Problem problem={state.problem} />}
          {state.kind === 'shown' && <Figures shared={state.shared} failed={state.failed} />}
        </Box>
        <Box component="footer" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, px: { xs: 2, md: 4 }, pb: 1, color: 'text.secondary', fontSize: { xs: '0.8rem', md: '1rem' } }}>
          <span>{t('shared_by', { brand })}</span>
          {state.kind === 'shown' && <ValidUntil plant={state.shared.plant} />}
        </Box>
      </Box>
    </CssBaseline>
  );
};

/** Why the link shows nothing. */
function Problem({ problem }: { problem: ShareProblem }) {
  const t = usePageTranslate();
  return (
    <Paper variant="outlined" role="alert" sx={{ m: 'auto', p: { xs: 3, md: 6 }, maxWidth: 640, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>{t(`${problem}.title`)}</Typography>
      <Typography color="text.secondary">{t(`${problem}.text`)}</Typography>
    </Paper>
  );
}

/** A figure with its label; `big`: the live power, the screen's largest. */
function Figure({ label, value, detail, big = false }: { label: string; value: string; detail?: ReactNode; big?: boolean }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label}
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', justifyContent: 'center', minWidth: 0, ...(big ? { gridColumn: '1 / -1' } : {}) }}>
      <Typography component="h2" color="text.secondary" sx={{ fontSize: big ? { xs: '1.1rem', md: 'clamp(1.25rem, 1.6vw, 2rem)' } : { xs: '0.95rem', md: 'clamp(1rem, 1.2vw, 1.5rem)' } }}>
        {label}
      </Typography>
      <Typography component="p" color={big ? 'primary' : 'text.primary'}
        sx={{ fontWeight: 700, lineHeight: 1.1, fontSize: big ? { xs: '3.25rem', md: 'clamp(4rem, 7.5vw, 9.5rem)' } : { xs: '1.6rem', md: 'clamp(2rem, 3vw, 3.75rem)' } }}>
        {value}
      </Typography>
      {detail && <Typography component="p" color="text.secondary" sx={{ fontSize: { xs: '0.85rem', md: 'clamp(0.9rem, 1vw, 1.25rem)' }, mt: 0.5 }}>{detail}</Typography>}
    </Paper>
  );
}

function Figures({ shared: { plant, curve }, failed }: { shared: Shared; failed: boolean }) {
  const t = usePageTranslate();
  const f = useFormatters(plant.period.time_zone);
  const reading = plant.timestamp ? t('updated', { time: f.time(plant.timestamp) }) : t('no_data');
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'grid', gap: { xs: 1.5, md: 3 }, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gridTemplateRows: { md: 'minmax(0, 1fr)' } }}>
      <Box sx={{ display: 'grid', gap: { xs: 1.5, md: 3 }, gridTemplateColumns: '1fr 1fr', gridTemplateRows: { md: 'auto minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Figure big label={t('power_now')} value={plant.power_w === null ? '—' : f.power(plant.power_w)}
          detail={<>{plant.online ? reading : t('offline')}{plant.capacity_kwp !== null && <><br />{t('capacity', { value: f.peakPower(plant.capacity_kwp) })}</>}</>} />
        <Figure label={t('today')} value={f.energy(plant.energy_today_wh)} />
        <Figure label={t('month')} value={f.energy(plant.energy_month_wh)} detail={f.month(plant.period.month)} />
        <Box sx={{ gridColumn: '1 / -1', display: 'grid' }}>
          <Figure label={t('co2')} value={f.mass(plant.co2_avoided_kg.total)} detail={t('co2_today', { value: f.mass(plant.co2_avoided_kg.today) })} />
        </Box>
      </Box>
      <Paper variant="outlined" component="section" aria-label={t('curve')} sx={{ p: { xs: 1.5, md: 3 }, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Typography component="h2" color="text.secondary" sx={{ fontSize: { xs: '0.95rem', md: 'clamp(1rem, 1.2vw, 1.5rem)' } }}>
          {t('curve')} · {f.weekday(plant.period.today)}
        </Typography>
        <Box sx={{ flex: 1, minHeight: { xs: 240, md: 0 } }}>
          <DayCurve curve={curve} f={f} />
        </Box>
        {failed && <Alert severity="warning" sx={{ mt: 1 }}>{t('failed')}</Alert>}
      </Paper>
    </Box>
  );
}

function ValidUntil({ plant }: { plant: SharedPlant }) {
  const t = usePageTranslate();
  const f = useFormatters(plant.period.time_zone);
  return <span>{t('valid_until', { date: f.date(plant.expires_at) })}</span>;
}

/** The day's production in kW, 00:00 to 24:00 (each slot at its minute of the day). */
function DayCurve({ curve, f }: { curve: SharedCurvePoint[]; f: Formatters }) {
  const minutes = curve.map((_, i) => i * 5);
  const dayMinutes = Math.max(curve.length * 5, 1440);
  const ticks = Array.from({ length: Math.floor(dayMinutes / 180) + 1 }, (_, i) => i * 180);
  const clock = (minute: number) => (minute >= dayMinutes ? '24:00' : curve[Math.round(minute / 5)] ? f.time(curve[Math.round(minute / 5)].ts) : '');
  return (
    // Time runs left to right in every language (as the monitoring page's charts).
    <RtlProvider value={false}>
      <Box dir="ltr" sx={{ width: '100%', height: '100%' }}>
        <LineChart skipAnimation
          xAxis={[{ scaleType: 'linear', data: minutes, min: 0, max: dayMinutes, tickInterval: ticks, valueFormatter: clock }]}
          yAxis={[{ label: 'kW', min: 0, valueFormatter: (v: number) => f.number(v) }]}
          series={[{ data: curve.map((p) => (p.power_w === null ? null : p.power_w / 1000)), area: true, showMark: false, color: palette.blueolympic,
            valueFormatter: (v: number | null) => (v === null ? '—' : f.number(v)) }]} />
      </Box>
    </RtlProvider>
  );
}

export default SharePage;
