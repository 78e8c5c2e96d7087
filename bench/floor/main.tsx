/**
 * The floor of `npm run bench:web` (bench/web.ts): the least a page built on the design card's stack
 * (React, MUI, MUI X's chart) does to show what the monitoring page's ready time waits for, five
 * KPI cards and the day chart's line, from the same two reads of the same server. No router, no
 * react-admin, no translations, no layout: the monitoring page's time over this one's, measured in
 * the same run, is what the app itself adds, on whatever machine runs it.
 * The bench names the reads in the address (`?snapshot=<url>&day=<url>`); the token is the
 * signed-in session's, from localStorage as the app keeps it.
 */
import { createRoot } from 'react-dom/client';
import { Box, Card, CardContent, createTheme, CssBaseline, ThemeProvider, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';

interface Point { ts: string; power_w: number | null }

const address = new URLSearchParams(location.search);
const read = <T,>(url: string) => fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } })
  .then((r) => (r.ok ? r.json() as Promise<T> : Promise.reject(new Error(`${url}: ${r.status}`))));
// Both reads start as the script runs, as the app's prefetch does for a returning user.
const reads = Promise.all([read<Record<string, unknown>>(address.get('snapshot')!), read<Point[]>(address.get('day')!)]);

const number = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });
const figure = (value: unknown) => (typeof value === 'number' ? number.format(value) : '—');

const Kpi = ({ title, value }: { title: string; value: unknown }) => (
  <Card variant="outlined" component="section" aria-label={title}>
    <CardContent>
      <Typography variant="overline" color="text.secondary" component="h3">{title}</Typography>
      <Typography component="p" variant="h5">{figure(value)}</Typography>
    </CardContent>
  </Card>
);

function Page({ snapshot, day }: { snapshot: Record<string, unknown>; day: Point[] }) {
  // The snapshot's first five numeric figures: which ones does not change the work.
  const figures = Object.entries(snapshot).filter(([, v]) => typeof v === 'number').slice(0, 5);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(5, 1fr)' }}>
        {figures.map(([name, value]) => <Kpi key={name} title={name} value={value} />)}
      </Box>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">Historial</Typography>
          <LineChart height={320} skipAnimation
            xAxis={[{ scaleType: 'time', data: day.map((p) => new Date(p.ts)) }]}
            series={[{ data: day.map((p) => p.power_w), showMark: false }]} />
        </CardContent>
      </Card>
    </Box>
  );
}

const root = createRoot(document.getElementById('root')!);
const [snapshot, day] = await reads;
root.render(
  <ThemeProvider theme={createTheme()}>
    <CssBaseline />
    <Page snapshot={snapshot} day={day} />
  </ThemeProvider>,
);
