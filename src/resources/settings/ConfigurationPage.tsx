import { useMemo } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import {
  AutocompleteInput, ResourceContextProvider, SaveButton, SimpleForm, TextInput, Title, Toolbar, ToolbarClasses,
  useGetList, useNotify, useTranslate, useUpdate, type RaRecord,
} from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { useResultFeedback } from '../../components/ResultDialog';
import { nameRequired } from '../../components/validators';
import { CommuneList } from '../communes/CommuneList';
import { PortalThresholdsCard } from './PortalThresholds';
import { useFormatters } from '../../i18n/format';

/** IANA zone names the browser knows (the server checks the same way). */
function useTimeZones() {
  return useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return zones.map((zone) => ({ id: zone, name: zone.replace(/_/g, ' ') }));
  }, []);
}

/**
 * After a change of time zone the server recomputes every plant's charts in the background, plant by
 * plant (docs/measurements.md): how far it is, read again every few seconds until it is done.
 */
function RebuildProgress({ rebuild }: { rebuild?: { pending: number; plants: number } }) {
  const translate = useTranslate();
  const { number } = useFormatters();
  if (!rebuild?.pending) return null;
  const done = rebuild.plants - rebuild.pending;
  return (
    <Alert severity="info" role="status" sx={{ mx: 2, mt: 2, '& .MuiAlert-message': { flexGrow: 1 } }}>
      {translate('app.screens.configuration.rebuilding', { done: number(done), plants: number(rebuild.plants) })}
      <LinearProgress variant="determinate" value={(100 * done) / Math.max(rebuild.plants, 1)} sx={{ mt: 1 }} />
    </Alert>
  );
}

/** While plants wait for their rebuild, the settings are read again this often. */
const REBUILD_POLL_MS = 3000;

function SettingsForm({ settings }: { settings: RaRecord }) {
  const translate = useTranslate();
  const zones = useTimeZones();
  const [update] = useUpdate();
  const feedback = useResultFeedback('settings', 'update');
  const save = (values: Record<string, unknown>) => update('settings', { id: settings.id, data: values, previousData: settings }, {
    mutationMode: 'pessimistic', ...feedback,
  });
  const choices = zones.some((z) => z.id === settings.time_zone) ? zones : [{ id: settings.time_zone, name: settings.time_zone }, ...zones];
  return (
    <ResourceContextProvider value="settings">
      <RebuildProgress rebuild={settings.rebuild} />
      {/* The page holds two forms: on a phone too, each Save stays under its own fields (react-admin's
          toolbar would be fixed to the bottom of the screen, over the thresholds' card). */}
      {/* keepDirtyValues: the settings read again while plants are rebuilt do not undo what is being typed. */}
      <SimpleForm record={settings} onSubmit={save} resetOptions={{ keepDirtyValues: true }}
        toolbar={<Toolbar sx={{ [`&.${ToolbarClasses.mobileToolbar}`]: { position: 'static' } }}><SaveButton /></Toolbar>}>
        <TextInput source="name" validate={nameRequired} fullWidth />
        <DecimalInput source="environnement_factor" min={0} max={10} step={0.01}
          helperText={translate('app.screens.configuration.factor_help')} />
        <AutocompleteInput source="time_zone" choices={choices} fullWidth
          helperText={translate('app.screens.configuration.time_zone_help')} />
      </SimpleForm>
    </ResourceContextProvider>
  );
}

/**
 * /app/configuration: the portal settings (one row of GET /list/settings), the portal's alarm
 * thresholds and the communes list.
 * A failed read of either is a 3-second toast (SPEC §8); saving answers with the result dialog.
 */
export function ConfigurationPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending, error } = useGetList('settings', { pagination: { page: 1, perPage: 1 } }, {
    retry: false,
    onError: () => notify('app.messages.settings.list_error', { type: 'error', autoHideDuration: 3000 }),
    refetchInterval: (query) => (query.state.data?.data[0]?.rebuild?.pending ? REBUILD_POLL_MS : false),
  });
  const settings = data?.[0];
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
      <Title title={translate('app.screens.configuration.title')} />
      <Card>
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="h6" component="h2">{translate('app.screens.configuration.parameters')}</Typography>
        </CardContent>
        {isPending ? <LinearProgress sx={{ m: 2 }} />
          : settings ? <SettingsForm settings={settings} />
            : <Alert severity={error ? 'warning' : 'info'} sx={{ m: 2 }}>{translate('app.screens.configuration.unavailable')}</Alert>}
      </Card>
      <PortalThresholdsCard />
      <Box component="section">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.screens.configuration.communes')}</Typography>
        <CommuneList disableSyncWithLocation storeKey={false} title={false} actions={false} />
      </Box>
    </Box>
  );
}

export default ConfigurationPage;
