/** Pieces of the ways-in page its sections share (WaysIn.tsx, SiteAgents.tsx). */
import { useState, type ReactNode } from 'react';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';

export function useT() {
  const translate = useTranslate();
  return (key: string, options?: object) => translate(`app.devices.ways_in.${key}`, options);
}

/** A value to copy into a device, with its copy button. */
export function Copyable({ value, what }: { value: string; what: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Box component="code" sx={{ wordBreak: 'break-all' }}>{value}</Box>
      <Tooltip title={copied ? t('copied') : t('copy', { what })}>
        <IconButton size="small" aria-label={t('copy', { what })}
          onClick={() => { void navigator.clipboard?.writeText(value).then(() => setCopied(true)); }}>
          <ContentCopy fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

export function Section({ id, title, howto, children }: { id: string; title: string; howto: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle2" component="h4">{title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{howto}</Typography>
      {children}
    </Box>
  );
}

