/** Why the expected production is rough or missing (the API's model warnings), said discreetly under what uses it. */
import { Stack, Typography } from '@mui/material';
import { InfoOutlined } from '@mui/icons-material';
import { useTranslate } from 'react-admin';
import type { ExpectedChart } from '../../providers/monitoring';

/** Without these the plant is not modelled at all; the others say what was assumed. */
const MISSING = new Set(['no_location', 'no_capacity']);

export const ExpectedNote = ({ model }: { model: ExpectedChart['model'] }) => {
  const translate = useTranslate();
  const codes = [...new Set(model.warnings.map((w) => w.code))];
  if (!codes.length) return null;
  const missing = codes.some((c) => MISSING.has(c));
  const reasons = codes.map((c) => translate(`app.monitoring.figures.warnings.${c}`)).join('; ');
  return (
    <Stack direction="row" spacing={0.5} sx={{ mt: 1, alignItems: 'flex-start', color: 'text.secondary' }}>
      <InfoOutlined sx={{ fontSize: 16, mt: '2px' }} />
      <Typography variant="caption" role="note">
        {translate(missing ? 'app.monitoring.figures.warnings.missing' : 'app.monitoring.figures.warnings.rough', { reasons })}
      </Typography>
    </Stack>
  );
};
