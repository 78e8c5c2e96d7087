/**
 * The look: olympic blue ('light.blueolympic', SPEC §9) with a dark sidebar and a dark top bar
 * (layout defaults: vertical, fluid, dark sidebar, dark topbar), in either text direction.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { fieldDefaults, type Direction } from '../i18n/locales';

export const palette = {
  /** The brand's olympic blue, for surfaces and accents. */
  blueolympic: '#0081C8',
  /**
   * The same hue darkened for text and buttons: #0081C8 reaches only 4.2:1 on white and 3.7:1 on a
   * filled input, below WCAG AA's 4.5:1; this one is 5.6:1 and 4.6:1 (hover state included).
   */
  blueolympicText: '#006DA8',
  dark: '#2a3042',
  darkText: '#a6b0cf',
  darkTextActive: '#ffffff',
  background: '#f4f6f9',
};

/**
 * The keyboard focus (WCAG 2.4.7, 1.4.11: an indicator of 3:1 against what is around it): a ring of
 * the text blue outside the control on light surfaces (5.6:1 on white), white on the dark top bar
 * and sidebar (12:1 on their #2a3042), inside a menu entry there (the drawer would cut one outside).
 * MUI's own, a pale overlay, was 1.09:1 on the sidebar and 2.5:1 in the top bar.
 */
const FOCUS_RING = { outline: `2px solid ${palette.blueolympicText}`, outlineOffset: 2 };
const FOCUS_ON_DARK = { '& .Mui-focusVisible': { outlineColor: '#ffffff' } };

export const DEFAULT_THEME = 'light.blueolympic';

function blueOlympic(direction: Direction, lang: string): RaThemeOptions {
  return {
    ...defaultTheme,
    direction,
    palette: {
      mode: 'light',
      primary: { main: palette.blueolympicText, light: palette.blueolympic, contrastText: '#ffffff' },
      secondary: { main: palette.dark },
      // MUI's orange (#ed6c02) has 3.1:1 against white: a filled warning chip ('Reconocida') failed
      // WCAG AA. This amber keeps the hue at 5:1, and MUI then writes white on it.
      warning: { main: '#b45309' },
      background: { default: palette.background },
    },
    shape: { borderRadius: 6 },
    sidebar: { width: 250, closedWidth: 56 },
    components: {
      ...defaultTheme.components,
      ...fieldDefaults(lang),
      // Tabs that do not fit the width (a detail page's on a phone) scroll sideways behind arrows,
      // instead of the last one being cut off unseen ('USUARIOS DEL PRO').
      MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
      MuiAppBar: {
        defaultProps: { color: 'secondary', elevation: 0 },
        styleOverrides: { root: { backgroundColor: palette.dark, color: '#ffffff', ...FOCUS_ON_DARK } },
      },
      RaSidebar: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            // The menu's paper is dark at every width (on phones it is a temporary drawer over the page).
            '& .MuiPaper-root, & .RaSidebar-fixed': { backgroundColor: palette.dark },
            '& .Mui-focusVisible': { outlineColor: '#ffffff', outlineOffset: -2 },
            // Beside the content, the column is dark all the way down.
            [theme.breakpoints.up('sm')]: { height: 'auto', backgroundColor: palette.dark },
          }),
        },
      },
      // react-admin's 'skip to content' link is white text on the light page background. It shows over
      // the dark app bar: white on the brand's blue (5.6:1), which stands out from both.
      // On phones react-admin draws it as an icon button without an icon, i.e. an empty square: its
      // label (the aria-label) is written out there too.
      RaSkipNavigationButton: {
        styleOverrides: {
          root: {
            backgroundColor: palette.blueolympicText, color: '#ffffff', outline: '2px solid #ffffff',
            '&:hover': { backgroundColor: palette.blueolympicText, opacity: 1 },
            '&.MuiIconButton-root': { borderRadius: 4, fontSize: '0.875rem', '&::after': { content: 'attr(aria-label)' } },
          },
        },
      },
      RaMenuItemLink: {
        styleOverrides: {
          root: {
            color: palette.darkText,
            '& .RaMenuItemLink-icon': { color: palette.darkText },
            '&:hover': { color: palette.darkTextActive, '& .RaMenuItemLink-icon': { color: palette.darkTextActive } },
            '&.RaMenuItemLink-active': {
              color: palette.darkTextActive,
              backgroundColor: 'rgba(0, 129, 200, 0.25)',
              borderInlineStart: `3px solid ${palette.blueolympic}`,
              '& .RaMenuItemLink-icon': { color: palette.darkTextActive },
            },
          },
        },
      },
    } as RaThemeOptions['components'],
  };
}

/** Named themes; the key is the theme setting of SPEC §9. */
export const themes: Record<string, (direction: Direction, lang: string) => RaThemeOptions> = {
  [DEFAULT_THEME]: blueOlympic,
};

/** The theme of a language: its direction, and the locale its dates and numbers are written in. */
export const createAppTheme = (direction: Direction, lang: string, name = DEFAULT_THEME) => (themes[name] ?? blueOlympic)(direction, lang);

const ltrCache = createCache({ key: 'mui', prepend: true });
let rtlCache: EmotionCache | undefined;

/**
 * Loads the right-to-left Emotion cache (styles flipped by the stylis RTL plugin, cssjanus): its own
 * chunk, fetched with a right-to-left language's messages, so left-to-right pages never download it.
 */
export const loadRtlCache = async () => {
  rtlCache ??= (await import('./rtl')).rtlCache;
};

/** The Emotion cache of a direction (the right-to-left one once loaded: loadRtlCache). */
export const emotionCache = (dir: Direction): EmotionCache => (dir === 'rtl' && rtlCache) || ltrCache;
