/**
 * A plant's share links (docs/share-links.md): make one with an expiry and, if wanted, another name
 * to show; copy its address, shown this once; the list with when each was last opened; revoke.
 */
import { useState } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, IconButton, InputAdornment, InputLabel,
  List, ListItem, ListItemText, MenuItem, Select, Stack, TextField, Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { shareLinks, sharePageUrl, type ShareLink } from '../providers/shareLinks';
import { useFormatters } from '../i18n/format';

/** The expiries offered, in days (the longest is the server's limit's year). */
export const DURATIONS = { day: 1, week: 7, month: 30, quarter: 91, year: 365 } as const;
type Duration = keyof typeof DURATIONS;

const STATE_COLOR = { active: 'success', expired: 'default', revoked: 'error' } as const;

export default function ShareLinksDialog({ plant, plantName, onClose }: { plant: number; plantName: string; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.share.dialog.${key}`, options);
  const f = useFormatters();
  const queryClient = useQueryClient();
  const key = ['shareLinks', plant];
  const { data: links } = useQuery({ queryKey: key, queryFn: ({ signal }) => shareLinks.list(plant, signal) });
  const [duration, setDuration] = useState<Duration>('month');
  const [title, setTitle] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle');

  /** Runs a change of the links, then reads them again. */
  const change = async (action: () => Promise<unknown>) => {
    setState('busy');
    try {
      await action();
      setState('idle');
    } catch {
      setState('error');
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const create = () => change(async () => {
    const expires = new Date(Date.now() + DURATIONS[duration] * 86_400_000).toISOString();
    const link = await shareLinks.create(plant, { expires_at: expires, title: title.trim() || null });
    setMade(sharePageUrl(link.token));
    setCopied(false);
  });
  const copy = async () => {
    await navigator.clipboard?.writeText(made!).then(() => setCopied(true), () => undefined);
  };

  const line = (link: ShareLink) => [
    link.created_by ? t('created_by', { date: f.dateTime(link.created_at), name: link.created_by.name }) : t('created_on', { date: f.dateTime(link.created_at) }),
    t('expires_at', { date: f.dateTime(link.expires_at) }),
    link.last_opened_at ? t('last_opened', { date: f.dateTime(link.last_opened_at) }) : t('never_opened'),
  ];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-links-title">
      <DialogTitle id="share-links-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('help')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <FormControl size="small" sx={{ width: { sm: 150 }, flexShrink: 0 }}>
            <InputLabel id="share-expires">{t('expires')}</InputLabel>
            <Select labelId="share-expires" label={t('expires')} value={duration} onChange={(e) => setDuration(e.target.value as Duration)}>
              {(Object.keys(DURATIONS) as Duration[]).map((d) => <MenuItem key={d} value={d}>{t(`durations.${d}`)}</MenuItem>)}
            </Select>
          </FormControl>
          <TextField size="small" label={t('name')} helperText={t('name_help')} placeholder={plantName} value={title}
            onChange={(e) => setTitle(e.target.value)} inputProps={{ maxLength: 150 }} sx={{ flex: 1, minWidth: 0 }} />
          <Button variant="contained" onClick={create} disabled={state === 'busy'} sx={{ minHeight: 40, flexShrink: 0 }}>{t('create')}</Button>
        </Stack>
        {state === 'error' && <Alert severity="error" sx={{ mt: 2 }}>{t('error')}</Alert>}
        {made && (
          <Alert severity="success" sx={{ mt: 2, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
            <Typography variant="body2" sx={{ mb: 1 }}>{t('created')}</Typography>
            <TextField size="small" fullWidth value={made} inputProps={{ readOnly: true, dir: 'ltr', 'aria-label': t('copy') }}
              InputProps={{ endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={t('copy')} onClick={copy} edge="end"><ContentCopy /></IconButton>
                </InputAdornment>
              ) }} />
            {copied && <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>{t('copied')}</Typography>}
          </Alert>
        )}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>{t('links')}</Typography>
        {links && !links.length && <Typography color="text.secondary">{t('none')}</Typography>}
        <List dense aria-label={t('links')}>
          {links?.map((link) => (
            <ListItem key={link.id} divider disableGutters
              secondaryAction={link.state === 'active' && (
                <Button color="error" size="small" onClick={() => change(() => shareLinks.revoke(link.id))} disabled={state === 'busy'} sx={{ minHeight: 44 }}>
                  {t('revoke')}
                </Button>
              )}>
              <ListItemText
                primary={<Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{link.title ?? plantName}</span>
                  <Chip size="small" label={t(`state.${link.state}`)} color={STATE_COLOR[link.state]} />
                </Box>}
                secondary={line(link).map((text) => <Box component="span" key={text} sx={{ display: 'block' }}>{text}</Box>)}
                sx={{ pr: 10 }} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('close')}</Button></DialogActions>
    </Dialog>
  );
}
