/** The chart calls the bench checks, and what each spans: shared by the bench's driver and its server. */
import { pad2 } from '../server/measurements/time.js';

export type ChartType = 'day' | 'month' | 'year' | 'annual';
export const CHART_TYPES: ChartType[] = ['day', 'month', 'year', 'annual'];

export interface ChartSpan {
  /** The rollup period of the chart's buckets. */
  period: 'hour' | 'day' | 'month' | 'year';
  /** to_char pattern of a bucket's label, as the API writes it. */
  label: string;
  /** Local start (none: from the first point) and end (excluded), as the route computes them. */
  from: string | null;
  to: string;
}

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** What `v2/get/data/date/{id}?type&date` spans for a local date YYYY-MM-DD. */
export function chartSpan(type: ChartType, date: string): ChartSpan {
  const [y, m] = date.split('-').map(Number);
  switch (type) {
    case 'day': return { period: 'hour', label: 'YYYY-MM-DD"T"HH24:00', from: `${date} 00:00`, to: `${date} 24:00` };
    case 'month': return { period: 'day', label: 'YYYY-MM-DD', from: `${y}-${pad2(m)}-01`, to: `${y}-${pad2(m)}-${pad2(lastDay(y, m))} 24:00` };
    case 'year': return { period: 'month', label: 'YYYY-MM', from: `${y}-01-01`, to: `${y + 1}-01-01` };
    case 'annual': return { period: 'year', label: 'YYYY', from: null, to: `${y + 1}-01-01` };
  }
}
