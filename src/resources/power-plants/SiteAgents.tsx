/**
 * The plant's site agents on its ways-in page (docs/agent.md): each agent's version, last contact,
 * backlog and the devices it sees; the install command with the plant's key (when one was just
 * issued: keys are shown once) and the systemd hint; and one button that takes the inverters the
 * agents found into the plant's hierarchy.
 */
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { namesLine, useFormatters } from '../../i18n/format';
import type { SiteAgent } from '../../providers/devices';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { Copyable, Section } from './WaysInParts';

const REFRESH_MS = 60_000;

/** The command that starts the agent at the site, with the plant's key when it is known here. */
export const installCommand = (origin: string, key: string | null) =>
  `npm run agent -- --portal ${origin} --key ${key ?? 'INGEST_KEY'} --sunspec HOST[:PORT][/UNIT] --buffer /var/lib/solar-agent`;

export function SiteAgents({ plant, issuedKey }: { plant: Identifier; issuedKey: string | null }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.devices.ways_in.agent.${key}`, options);
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { data: agents } = useQuery({
    queryKey: ['siteAgents', String(plant)],
    queryFn: ({ signal }) => dataProvider.siteAgents(plant, signal),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const adopt = useMutation({
    mutationFn: () => dataProvider.adoptAgentDevices(plant),
    onSuccess: (r) => {
      notify(t('adopted', { created: r.created.length, skipped: r.skipped.length }), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['investors'] });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const found = (agents ?? []).some((a) => a.devices.some((d) => d.kind === 'inverter' && d.serial));
  return (
    <Section id={`ways-in-agent-${plant}`} title={t('title')} howto={t('howto')}>
      {agents && !agents.length && <Typography variant="body2" color="text.secondary">{t('none')}</Typography>}
      <Stack spacing={1}>
        {(agents ?? []).map((a) => <AgentCard key={a.id} agent={a} />)}
      </Stack>
      {found && (
        <Button variant="outlined" size="small" sx={{ mt: 1 }} disabled={adopt.isPending} onClick={() => adopt.mutate()}>{t('adopt')}</Button>
      )}
      <Typography variant="body2" sx={{ mt: 2 }}>{t('command')}</Typography>
      <Copyable value={installCommand(window.location.origin, issuedKey)} what={t('command')} />
      {!issuedKey && <Alert severity="info" sx={{ mt: 1 }}>{t('key_hint')}</Alert>}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('service')}</Typography>
      <Copyable value="sudo systemctl daemon-reload && sudo systemctl enable --now solar-agent" what={t('command')} />
    </Section>
  );
}

function AgentCard({ agent }: { agent: SiteAgent }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.devices.ways_in.agent.${key}`, options);
  const f = useFormatters();
  const { readings, oldest_at } = agent.backlog;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="article" aria-label={agent.agent}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="h5">{namesLine([agent.agent])}</Typography>
        <Typography variant="body2" color="text.secondary">{t('version', { version: agent.version })}</Typography>
      </Stack>
      <Typography variant="body2" title={f.dateTime(agent.last_contact_at)}>{t('contact', { ago: f.ago(agent.last_contact_at) })}</Typography>
      <Typography variant="body2">
        {oldest_at ? t('backlog_since', { count: f.number(readings, 0), time: f.dateTime(oldest_at) }) : t('backlog', { count: f.number(readings, 0) })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }} component="h6">{t('devices')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {agent.devices.map((d) => (
          <Box component="li" key={d.address} sx={{ overflowWrap: 'anywhere' }}>
            <Typography variant="body2" component="span">
              {namesLine([[d.manufacturer, d.model].filter(Boolean).join(' ') || d.kind, d.serial, d.address])}
              {d.rated_power_w !== null && ` · ${t('rated', { power: f.power(d.rated_power_w) })}`}
              {d.mppts > 0 && ` · ${t('mppts', { count: d.mppts })}`}
            </Typography>{' '}
            <Chip size="small" variant="outlined" color={d.ok ? 'success' : d.ok === false ? 'error' : 'default'}
              label={d.ok ? t('device_ok') : d.ok === false ? t('device_error', { error: d.last_error ?? '' }) : t('device_unread')} />
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
