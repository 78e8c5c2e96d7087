import { useMediaQuery, type Theme } from '@mui/material';

/**
 * A phone's screen: narrower than MUI's `sm` breakpoint (600 px), where lists become simple lists
 * and charts take their phone layout. A module of its own so the monitoring page's chunk takes it
 * without the lists' components.
 */
export const useIsPhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
