/** The right-to-left Emotion cache, a chunk of its own (theme/index.ts, loadRtlCache). */
import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

/** Vendor prefixes, then the right-to-left flip (the first view's server render flips its styles the same way). */
export const rtlStylisPlugins = [prefixer, rtlPlugin];

export const rtlCache = createCache({ key: 'muirtl', prepend: true, stylisPlugins: rtlStylisPlugins });
