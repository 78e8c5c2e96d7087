/**
 * 'Eliminar lecturas' on a plant's page (staff): a plant's readings are deleted only here, never with
 * the plant (the API refuses to delete a plant or an inverter that has some). The button and its
 * confirmation say how many go; the server logs who deleted them.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteSweep from '@mui/icons-material/DeleteSweep';
import { Confirm, useTranslate, type RaRecord } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorDetails, showResult } from '../../components/ResultDialog';
import { useFormatters } from '../../i18n/format';
import { useAppDataProvider } from '../../providers/useAppDataProvider';

interface Readings { plant: number; readings: number }

export function DeleteReadingsButton({ plant }: { plant: RaRecord }) {
  const translate = useTranslate();
  const f = useFormatters();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = ['power-plants', 'readings', plant.id];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.call('power-plants', 'readings', { id: plant.id }) as Promise<Readings>,
  });
  const remove = useMutation({
    mutationFn: () => dataProvider.call('power-plants', 'deleteReadings', { id: plant.id }) as Promise<Readings>,
    onSuccess: () => {
      setConfirming(false);
      showResult({ kind: 'success', message: 'app.messages.plant_readings.deleted' });
      // Every figure of the plant came from them.
      void queryClient.invalidateQueries();
    },
    onError: (error) => {
      setConfirming(false);
      showResult({ kind: 'error', message: 'app.messages.plant_readings.delete_error', details: errorDetails(error) });
    },
  });
  if (!data?.readings) return null;
  const count = f.number(data.readings);
  return (
    <>
      <Button startIcon={<DeleteSweep />} size="small" color="error" onClick={() => setConfirming(true)}>
        {translate('app.readings.delete', { count })}
      </Button>
      <Confirm isOpen={confirming} loading={remove.isPending}
        title={translate('app.readings.confirm_title', { name: plant.name })}
        content={translate('app.readings.confirm', { count, name: plant.name })}
        confirm={translate('app.readings.confirm_button', { count })} confirmColor="warning"
        onConfirm={() => remove.mutate()} onClose={() => setConfirming(false)} />
    </>
  );
}
