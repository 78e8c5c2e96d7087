/**
 * A string's orientation drawn (issue 33): a compass with N, E, S and W and an arrow at the
 * azimuth, clockwise from north as the portal counts it (PVGIS counts from south). North is up in
 * every language: a compass is not mirrored right to left.
 */
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../../i18n/format';

const SIZE = 96;
const C = SIZE / 2;
const R = 30;

export function Compass({ azimuth }: { azimuth: number | null }) {
  const translate = useTranslate();
  const f = useFormatters();
  const shown = azimuth !== null && Number.isFinite(azimuth) && azimuth >= 0 && azimuth <= 360;
  const label = shown ? translate('app.screens.orientation.compass', { azimuth: f.number(azimuth) }) : undefined;
  const letter = (key: string, x: number, y: number) => (
    <text x={x} y={y} textAnchor="middle" dominantBaseline="central" fontSize="12" fill="currentColor">
      {translate(`app.screens.orientation.${key}`)}
    </text>
  );
  return (
    <Box component="svg" width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`}
      role={shown ? 'img' : undefined} aria-label={label} aria-hidden={shown ? undefined : true}
      sx={{ color: 'text.secondary', flexShrink: 0 }}>
      <circle cx={C} cy={C} r={R} fill="none" stroke="currentColor" strokeWidth="1.5" />
      {letter('north', C, 8)}
      {letter('east', SIZE - 8, C)}
      {letter('south', C, SIZE - 8)}
      {letter('west', 8, C)}
      {shown && (
        <g transform={`rotate(${azimuth} ${C} ${C})`} data-testid="compass-arrow">
          <line x1={C} y1={C} x2={C} y2={C - R + 6} stroke="#f57c00" strokeWidth="3" strokeLinecap="round" />
          <polygon points={`${C},${C - R - 2} ${C - 6},${C - R + 8} ${C + 6},${C - R + 8}`} fill="#f57c00" />
        </g>
      )}
    </Box>
  );
}
