/**
 * Staff's view of how a plant's readings come in (GET /power-plant/{id}/ways-in, docs/connecting-devices.md):
 * polling, Fronius Push Service logins and push-ingest keys (created and revoked here; the password or
 * key shown once), the keys' MQTT topics, each with when it last delivered, the values to copy into the device and
 * a short how-to; and the pushed devices that match no inverter, to assign to one.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useGetManyReference, useNotify, type Identifier } from 'react-admin';
import { useFormatters } from '../../i18n/format';
import { ClockOffset } from '../../components/ClockOffset';
import { useIsPhone } from '../../components/useIsPhone';
import type { IssuedIngestKey, IssuedPushCredential, WaysIn as WaysInData } from '../../providers/devices';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { Copyable, Section, useT } from './WaysInParts';
import { SiteAgents } from './SiteAgents';

const REFRESH_MS = 60_000;

/** A table on wide screens; on a phone each row is a card of its labelled values (a URL needs the width). */
function Rows({ head, rows, none }: { head: string[]; rows: ReactNode[][]; none: string }) {
  const narrow = useIsPhone();
  if (!rows.length) return <Typography variant="body2" color="text.secondary">{none}</Typography>;
  if (narrow) {
    return (
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((cells, i) => (
          <Paper key={i} variant="outlined" component="li" sx={{ p: 1.5 }}>
            {cells.map((c, j) => (
              <Box key={j} sx={{ py: 0.25, overflowWrap: 'anywhere' }}>
                {head[j] && <Typography variant="caption" color="text.secondary" component="div">{head[j]}</Typography>}
                <Box component="div">{c}</Box>
              </Box>
            ))}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small">
      <TableHead><TableRow>{head.map((h) => <TableCell key={h}>{h}</TableCell>)}</TableRow></TableHead>
      <TableBody>
        {rows.map((cells, i) => <TableRow key={i}>{cells.map((c, j) => <TableCell key={j}>{c}</TableCell>)}</TableRow>)}
      </TableBody>
    </Table>
  );
}

export function WaysIn({ id }: { id: Identifier }) {
  const t = useT();
  const { dateTime: time } = useFormatters();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { data, error } = useQuery({
    queryKey: ['waysIn', String(id)],
    queryFn: ({ signal }) => dataProvider.waysIn(id, signal),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['waysIn', String(id)] });
  const delivered = (at: string | null | undefined) => (at ? t('last', { time: time(at) }) : t('never'));
  // A key just issued here goes into the agent's install command (keys are shown once).
  const [issuedKey, setIssuedKey] = useState<string | null>(null);

  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-labelledby={`ways-in-${id}`}>
      <Typography id={`ways-in-${id}`} variant="subtitle1" component="h3">{t('title')}</Typography>
      {error && <Alert severity="warning">{t('failed')}</Alert>}
      {data && (
        <>
          <Section id={`ways-in-polling-${id}`} title={t('polling.title')} howto={t('polling.howto')}>
            <Rows none={t('polling.none')} head={[t('polling.inverter'), t('polling.address'), t('polling.device'), t('polling.delivered')]}
              rows={data.polling.map((p) => [p.name, <Copyable key="a" value={p.address} what={t('polling.address')} />, p.device_id, delivered(p.last_delivered_at)])} />
          </Section>
          <PushService plant={id} data={data} delivered={delivered} onChange={refresh} />
          <IngestKeys plant={id} data={data} delivered={delivered} onChange={refresh} onIssued={setIssuedKey} />
          <SiteAgents plant={id} issuedKey={issuedKey} />
          <Section id={`ways-in-mqtt-${id}`} title={t('mqtt.title')} howto={t('mqtt.howto')}>
            {data.mqtt.length > 0 && data.mqtt[0].broker === null && <Alert severity="info" sx={{ mb: 1 }}>{t('mqtt.no_broker')}</Alert>}
            <Rows none={t('mqtt.none')} head={[t('push.name'), t('mqtt.topic'), t('mqtt.broker'), t('polling.delivered')]}
              rows={data.mqtt.map((m) => [m.name, <Copyable key="t" value={m.topic} what={t('mqtt.topic')} />, m.broker ?? '—', delivered(m.last_delivered_at)])} />
          </Section>
          <Unmatched plant={id} count={data.unmatched_devices} onChange={refresh} />
          {data.rejects > 0 && <Alert severity="warning" sx={{ mt: 2 }}>{t('rejects', { count: data.rejects })}</Alert>}
        </>
      )}
    </Paper>
  );
}

interface Issue<Issued> {
  /** Issues the secret (its fields read from the form); the answer holds it this once. */
  create: () => Promise<Issued>;
  revoke: (id: number) => Promise<unknown>;
  onChange: () => void;
}

/**
 * What issuing and revoking a device secret share (a Push Service login, an ingest key): the secret
 * shown once after it is issued, and the revocation confirmed first.
 */
function useIssue<Issued>({ create, revoke, onChange }: Issue<Issued>) {
  const notify = useNotify();
  const [issued, setIssued] = useState<Issued | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const creating = useMutation({
    mutationFn: create,
    onSuccess: (secret) => { setIssued(secret); onChange(); },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const revokingMutation = useMutation({
    mutationFn: revoke,
    onSuccess: () => { setRevoking(null); onChange(); },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  return { issued, setIssued, creating, revoking, setRevoking, revokingMutation };
}

/** The values of a secret just issued, each copyable, under the warning that it is shown this once. */
function Issued({ message, values, onClose }: { message: string; values: [label: string, value: string][]; onClose: () => void }) {
  return (
    <Alert severity="success" sx={{ mt: 1 }} onClose={onClose}>
      <Typography variant="body2" sx={{ mb: 1 }}>{message}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, alignItems: 'center' }}>
        {values.map(([label, value]) => [<span key={`l-${label}`}>{label}</span>, <Copyable key={`v-${label}`} value={value} what={label} />])}
      </Box>
    </Alert>
  );
}

function PushService({ plant, data, delivered, onChange }: {
  plant: Identifier; data: WaysInData; delivered: (at: string | null) => string; onChange: () => void;
}) {
  const t = useT();
  const dataProvider = useAppDataProvider();
  const [name, setName] = useState('');
  const [dataloggerId, setDataloggerId] = useState('');
  const { issued, setIssued, creating, revoking, setRevoking, revokingMutation } = useIssue<IssuedPushCredential>({
    create: async () => {
      const login = await dataProvider.createPushCredential(plant, { name, datalogger_id: dataloggerId });
      setName('');
      setDataloggerId('');
      return login;
    },
    revoke: (credential) => dataProvider.revokePushCredential(credential),
    onChange,
  });
  return (
    <Section id={`ways-in-push-${plant}`} title={t('push.title')} howto={t('push.howto')}>
      <Rows none={t('push.none')}
        head={[t('push.name'), t('push.user'), t('push.datalogger_id'), t('push.url'), t('polling.delivered'), '']}
        rows={data.push_service.map((c) => [
          c.name || '—',
          <Copyable key="u" value={c.username} what={t('push.user')} />,
          c.datalogger_id || '—',
          <Copyable key="l" value={c.url} what={t('push.url')} />,
          <Stack key="d" spacing={0.5}>
            <span>{delivered(c.last_delivered_at)}</span>
            {c.clock_off && c.clock_offset_s !== null && <ClockOffset offsetS={c.clock_offset_s} />}
          </Stack>,
          <Button key="r" size="small" color="error" onClick={() => setRevoking({ id: c.id, name: c.name || c.username })}>{t('push.revoke')}</Button>,
        ])} />
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <TextField size="small" label={t('push.name')} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField size="small" label={t('push.datalogger_id')} value={dataloggerId} onChange={(e) => setDataloggerId(e.target.value)} />
        <Button variant="outlined" disabled={creating.isPending} onClick={() => creating.mutate()}>{t('push.create')}</Button>
      </Stack>
      {issued && (
        <Issued message={t('push.issued')} onClose={() => setIssued(null)}
          values={[[t('push.url'), issued.url], [t('push.user'), issued.username], [t('push.password'), issued.password]]} />
      )}
      <Confirm isOpen={revoking !== null} loading={revokingMutation.isPending} title={t('push.revoke_title', { name: revoking?.name ?? '' })}
        content={t('push.revoke_content')} onConfirm={() => revoking && revokingMutation.mutate(revoking.id)} onClose={() => setRevoking(null)} />
    </Section>
  );
}

/** Push-ingest keys: each also opens an MQTT topic, listed in the MQTT section. */
function IngestKeys({ plant, data, delivered, onChange, onIssued }: {
  plant: Identifier; data: WaysInData; delivered: (at: string | null) => string; onChange: () => void; onIssued: (key: string) => void;
}) {
  const t = useT();
  const dataProvider = useAppDataProvider();
  const [name, setName] = useState('');
  const { issued, setIssued, creating, revoking, setRevoking, revokingMutation } = useIssue<IssuedIngestKey>({
    create: async () => {
      const key = await dataProvider.createIngestKey(plant, { name });
      setName('');
      onIssued(key.key);
      return key;
    },
    revoke: (key) => dataProvider.revokeIngestKey(key),
    onChange,
  });
  // The URL and header are the same for every key of the plant: the list gives them.
  const issuedWith = issued && data.ingest_keys.find((k) => k.id === issued.id);
  return (
    <Section id={`ways-in-keys-${plant}`} title={t('keys.title')} howto={t('keys.howto')}>
      <Rows none={t('keys.none')} head={[t('push.name'), t('keys.key'), t('push.url'), t('keys.header'), t('polling.delivered'), '']}
        rows={data.ingest_keys.map((k) => [
          k.name || '—', `${k.prefix}…`, <Copyable key="u" value={k.url} what={t('push.url')} />, k.header, delivered(k.last_delivered_at),
          <Button key="r" size="small" color="error" onClick={() => setRevoking({ id: k.id, name: k.name || `${k.prefix}…` })}>{t('push.revoke')}</Button>,
        ])} />
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <TextField size="small" label={t('push.name')} value={name} onChange={(e) => setName(e.target.value)} />
        <Button variant="outlined" disabled={creating.isPending} onClick={() => creating.mutate()}>{t('keys.create')}</Button>
      </Stack>
      {issued && (
        <Issued message={t('keys.issued')} onClose={() => setIssued(null)}
          values={[
            ...(issuedWith ? [[t('push.url'), issuedWith.url], [t('keys.header'), issuedWith.header]] as [string, string][] : []),
            [t('keys.key'), issued.key],
          ]} />
      )}
      <Confirm isOpen={revoking !== null} loading={revokingMutation.isPending} title={t('keys.revoke_title', { name: revoking?.name ?? '' })}
        content={t('keys.revoke_content')} onConfirm={() => revoking && revokingMutation.mutate(revoking.id)} onClose={() => setRevoking(null)} />
    </Section>
  );
}

function Unmatched({ plant, count, onChange }: { plant: Identifier; count: number; onChange: () => void }) {
  const t = useT();
  const { dateTime: time } = useFormatters();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const { data: devices } = useQuery({
    queryKey: ['pushDevices', String(plant), count],
    queryFn: ({ signal }) => dataProvider.pushDevices(plant, signal),
    enabled: count > 0,
    retry: false,
  });
  const { data: inverters } = useGetManyReference('investors', {
    target: 'plant', id: plant, pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' },
  }, { enabled: count > 0 });
  const assign = useMutation({
    mutationFn: ({ device, investor }: { device: number; investor: number }) => dataProvider.assignPushDevice(device, investor),
    onSuccess: () => {
      notify(t('unmatched.assigned'), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['pushDevices', String(plant)] });
      onChange();
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const list = count > 0 ? devices ?? [] : [];
  return (
    <Section id={`ways-in-unmatched-${plant}`} title={t('unmatched.title')} howto={t('unmatched.howto')}>
      <Rows none={t('unmatched.none')}
        head={[t('push.datalogger_id'), t('polling.device'), t('unmatched.seen'), t('unmatched.pushes'), t('unmatched.inverter'), '']}
        rows={list.map((d) => [
          d.datalogger_id || '—', d.device_id, time(d.last_seen_at), d.pushes,
          <TextField key="i" select size="small" sx={{ minWidth: 180 }} label={t('unmatched.inverter')} value={chosen[d.id] ?? ''}
            onChange={(e) => setChosen({ ...chosen, [d.id]: Number(e.target.value) })}>
            {(inverters ?? []).map((i) => <MenuItem key={i.id} value={i.id}>{i.name}</MenuItem>)}
          </TextField>,
          <Button key="a" size="small" variant="outlined" disabled={!chosen[d.id] || assign.isPending}
            onClick={() => assign.mutate({ device: d.id, investor: chosen[d.id] })}>{t('unmatched.assign')}</Button>,
        ])} />
    </Section>
  );
}
