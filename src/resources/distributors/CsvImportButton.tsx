import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Tooltip } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useRefresh, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { errorDetails, showResult } from '../../components/ResultDialog';

/**
 * Uploads a CSV of tariffs or injection prices (docs/billing.md "CSV"). The server checks every row
 * first: a 400 names each bad line and column, and those lines are what the error dialog shows.
 */
export function CsvImportButton({ resource, label }: { resource: 'tariffs' | 'injection-prices'; label: string }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const csv = await file.text().catch(() => null);
      if (csv === null) {
        showResult({ kind: 'error', message: 'app.messages.csv_import.unreadable' });
        return;
      }
      const { created, updated } = await dataProvider.call<{ created: number; updated: number }>(resource, 'import', { data: { csv } });
      showResult({ kind: 'success', message: 'app.messages.csv_import.done', values: { created, updated } });
      refresh();
    } catch (error) {
      showResult({ kind: 'error', message: 'app.messages.csv_import.error', details: errorDetails(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tooltip title={translate('app.billing.import_help')}>
        <Button size="small" startIcon={<UploadFile />} disabled={busy} onClick={() => input.current?.click()}>{translate(label)}</Button>
      </Tooltip>
      <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={onFile} aria-label={translate(label)} />
    </>
  );
}
