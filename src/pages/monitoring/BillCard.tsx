/**
 * The plant's electricity bill as the distributor would write it (docs/billing.md): this month so
 * far, last month and this year, without solar and with it, and the savings between them; the
 * year month by month; the remanente ledger; the real bills beside it (RealBills.tsx). Below the
 * fold: read once the user scrolls near it, never during the page's first view.
 */
import { Alert, Box, Card, CardContent, CardHeader, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type RaRecord } from 'react-admin';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import type { MonthBill, PlantBills, RemanenteLedger } from '../../providers/monitoring';
import { useNearViewport } from '../../components/useNearViewport';
import { useFormatters, type Formatters } from '../../i18n/format';
import { RealBills } from './RealBills';
import { ScrollRegion } from '../../components/ScrollRegion';

const CURRENCY = 'CLP';
/** Bills of past months change only when staff change a tariff. */
const STALE_MS = 30 * 60_000;

/** The month before 'YYYY-MM'. */
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

interface Totals { without: number; with: number; savings: number }
const totalsOf = (months: MonthBill[]): Totals => months.reduce(
  (t, m) => ({ without: t.without + m.without_solar.total, with: t.with + m.with_solar.total, savings: t.savings + m.savings }),
  { without: 0, with: 0, savings: 0 },
);

/** One period's two bills and what solar saved. */
function Summary({ title, totals, f }: { title: string; totals: Totals | undefined; f: Formatters }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.billing.card.${key}`);
  const money = (v: number | undefined) => (v === undefined ? '—' : f.money(v, CURRENCY));
  return (
    <Box component="section" aria-label={title} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>{title}</Typography>
      <Stack spacing={0.5}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}><span>{t('without_solar')}</span><span>{money(totals?.without)}</span></Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}><span>{t('with_solar')}</span><span>{money(totals?.with)}</span></Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontWeight: 700, color: 'success.main' }}>
          <span>{t('savings')}</span><span>{money(totals?.savings)}</span>
        </Box>
      </Stack>
    </Box>
  );
}

/** A table of a year's months or of the ledger. */
function Rows({ label, head, rows }: { label: string; head: string[]; rows: { key: string; cells: string[] }[] }) {
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead><TableRow>{head.map((h, i) => <TableCell key={h} align={i ? 'right' : 'left'}>{h}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>{r.cells.map((c, i) => <TableCell key={i} align={i ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>{c}</TableCell>)}</TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

function Bill({ plantId, bills, previous, ledger, month, plants, f }: {
  plantId: number; bills: PlantBills; previous: PlantBills | undefined; ledger: RemanenteLedger | undefined; month: string; plants: RaRecord[]; f: Formatters;
}) {
  const translate = useTranslate();
  const t = (key: string, values?: object) => translate(`app.billing.card.${key}`, values);
  const money = (v: number) => f.money(v, CURRENCY);
  const last = previousMonth(month);
  const find = (m: string) => [...bills.months, ...(previous?.months ?? [])].find((b) => b.month === m);
  const one = (m: string) => { const b = find(m); return b && totalsOf([b]); };
  const plantName = (id: number) => plants.find((p) => p.id === id)?.name ?? t('plant', { id });
  return (
    <Stack spacing={2}>
      {bills.priced_by === 'own' && <Alert severity="info">{t('own_prices')}</Alert>}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Summary title={t('month_so_far')} totals={one(month)} f={f} />
        <Summary title={t('last_month')} totals={one(last)} f={f} />
        <Summary title={t('this_year')} totals={totalsOf(bills.months)} f={f} />
      </Box>
      <Typography variant="subtitle1" component="h3">{t('year_table', { year: bills.year })}</Typography>
      <Rows label={t('year_table', { year: bills.year })}
        head={[t('month'), t('without_solar'), t('with_solar'), t('credit'), t('vat'), t('remanente'), t('savings')]}
        rows={bills.months.map((m) => ({
          key: m.month,
          cells: [f.month(m.month), money(m.without_solar.total), money(m.with_solar.total), money(m.with_solar.credit), money(m.with_solar.vat), money(m.remanente.left), money(m.savings)],
        }))} />
      {ledger && ledger.months.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">{t('ledger')}</Typography>
          <Rows label={t('ledger')}
            head={[t('month'), t('carried_in'), t('earned'), t('used'), t('left'), t('assigned_to')]}
            // Newest first: the credit left now is the first thing to read.
            rows={[...ledger.months].reverse().map((m) => ({
              key: m.month,
              cells: [f.month(m.month), money(m.carried_in + m.assigned_in), money(m.earned), money(m.used), money(m.left),
                m.assigned_to === null ? t('carried') : plantName(m.assigned_to)],
            }))} />
        </>
      )}
      <RealBills plantId={plantId} year={bills.year} f={f} />
    </Stack>
  );
}

export function BillCard({ plantId, today, timeZone, plants }: { plantId: number; today: string; timeZone: string; plants: RaRecord[] }) {
  const translate = useTranslate();
  const f = useFormatters(timeZone);
  const dataProvider = useAppDataProvider();
  const [area, near] = useNearViewport<HTMLDivElement>();
  const month = today.slice(0, 7);
  const year = month.slice(0, 4);
  const lastYear = previousMonth(month).slice(0, 4);
  const bills = useQuery({
    queryKey: ['monitoring', 'bills', plantId, year],
    queryFn: ({ signal }) => dataProvider.bills(plantId, year, signal),
    enabled: near, retry: false, staleTime: STALE_MS,
  });
  // In January, last month is last year's.
  const previous = useQuery({
    queryKey: ['monitoring', 'bills', plantId, lastYear],
    queryFn: ({ signal }) => dataProvider.bills(plantId, lastYear, signal),
    enabled: near && lastYear !== year, retry: false, staleTime: STALE_MS,
  });
  const ledger = useQuery({
    queryKey: ['monitoring', 'remanente', plantId],
    queryFn: ({ signal }) => dataProvider.remanente(plantId, signal),
    enabled: near, retry: false, staleTime: STALE_MS,
  });
  const t = (key: string) => translate(`app.billing.card.${key}`);
  let body;
  if (!near || bills.isPending) body = near ? <CircularProgress size={24} /> : null;
  else if (bills.error) body = <Alert severity="error">{t('error')}</Alert>;
  else if (!bills.data.months.length) body = <Typography color="text.secondary">{t('empty')}</Typography>;
  else body = <Bill plantId={plantId} bills={bills.data} previous={previous.data} ledger={ledger.data} month={month} plants={plants} f={f} />;
  return (
    <Card variant="outlined">
      <CardHeader title={t('title')} subheader={t('hint')} titleTypographyProps={{ variant: 'h6', component: 'h2' }} subheaderTypographyProps={{ variant: 'body2' }} />
      <CardContent><Box ref={area} sx={{ minHeight: 120 }}>{body}</Box></CardContent>
    </Card>
  );
}
