/**
 * The real bills of the plant's year beside the portal's (docs/billing.md "Checking against the real
 * bill"): entered by the customer or staff, each month flagged when it differs by more than the
 * threshold, with its likely causes.
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileField, FileInput, TextInput, regex, required, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import type { Reconciliation } from '../../providers/monitoring';
import { FormDialog } from '../../components/FormDialog';
import { DecimalInput } from '../../components/DecimalInput';
import { attachmentAccept, useRefusedUpload } from '../../components/uploads';
import type { Formatters } from '../../i18n/format';
import { ScrollRegion } from '../../components/ScrollRegion';

const monthValid = [required('app.billing.month_required'), regex(/^[12]\d{3}-(0[1-9]|1[0-2])-01$/, 'app.billing.month_required')];

/** The bill's figure over the portal's: "210 kWh / 205 kWh". */
const pair = (real: string, portal: string | null) => `${real} / ${portal ?? '—'}`;

function Rows({ data, f }: { data: Reconciliation; f: Formatters }) {
  const translate = useTranslate();
  const t = (key: string, values?: object) => translate(`app.billing.real.${key}`, values);
  const kwh = (v: number) => f.quantity(v, 'kWh', 1);
  const money = (v: number) => f.money(v, 'CLP');
  return (
    <ScrollRegion label={t('title')}>
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.billing.card.month')}</TableCell>
            {['bought', 'injected', 'amount'].map((k) => <TableCell key={k} align="right">{`${t(k)} (${t('bill')} / ${t('portal')})`}</TableCell>)}
            <TableCell>{t('check')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.months.map(({ month, real, portal, flagged, causes }) => (
            <TableRow key={month}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {f.month(month)}
                {real.attachment && <><br /><Link href={real.attachment} target="_blank" rel="noopener">{t('attachment')}</Link></>}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{pair(kwh(real.bought_kwh), portal && kwh(portal.bought_kwh))}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{pair(kwh(real.injected_kwh), portal && kwh(portal.injected_kwh))}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{pair(money(real.amount), portal && money(portal.amount))}</TableCell>
              <TableCell>
                {flagged ? (
                  <Stack spacing={0.5} alignItems="flex-start">
                    <Chip size="small" color="warning" label={portal ? t('flagged', { pct: f.number(data.threshold_pct) }) : t('no_portal')} />
                    {causes.map((c) => <Typography key={c} variant="caption">{t(`causes.${c}`)}</Typography>)}
                  </Stack>
                ) : <Chip size="small" color="success" label={t('ok')} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

export function RealBills({ plantId, year, f }: { plantId: number; year: string; f: Formatters }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.billing.real.${key}`);
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { onDropRejected } = useRefusedUpload();
  const [adding, setAdding] = useState(false);
  const queryKey = ['monitoring', 'reconciliation', plantId, year];
  const { data, error } = useQuery({
    queryKey, queryFn: ({ signal }) => dataProvider.reconciliation(plantId, year, signal), retry: false,
  });
  const close = () => {
    setAdding(false);
    void queryClient.invalidateQueries({ queryKey });
  };
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">{t('title')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('hint')}</Typography>
      <Box><Button variant="outlined" size="small" startIcon={<ReceiptLong />} onClick={() => setAdding(true)}>{t('add')}</Button></Box>
      {error && <Alert severity="error">{translate('app.billing.card.error')}</Alert>}
      {data && (data.months.length ? <Rows data={data} f={f} /> : <Typography variant="body2" color="text.secondary">{t('empty')}</Typography>)}
      {adding && (
        <FormDialog resource="real-bills" entity="real_bill" open onClose={close} title={t('add')} defaults={{ plant: plantId }}>
          <TextInput source="month" placeholder={`${year}-01`} validate={monthValid}
            format={(v?: string) => (v ? String(v).slice(0, 7) : '')} parse={(v: string) => (/^\d{4}-\d{2}$/.test(v) ? `${v}-01` : v)} />
          <DecimalInput source="bought_kwh" min={0} validate={required()} />
          <DecimalInput source="injected_kwh" min={0} validate={required()} />
          <DecimalInput source="amount" min={0} step={1} validate={required()} />
          <FileInput source="attachment" accept={attachmentAccept} options={{ onDropRejected }} placeholder={<p>{t('attach_help')}</p>}
            inputProps={{ 'aria-label': t('attach_help') }}>
            <FileField source="src" title="title" />
          </FileInput>
        </FormDialog>
      )}
    </Stack>
  );
}
