/**
 * The language menu of the top bar (and of the public pages): each language in its own name.
 * React-admin's LocalesMenuButton keeps its menu mounted, which puts MUI's Menu, Popover, Modal and
 * focus trap into the login page's script; here the menu is a chunk of its own, loaded on the first
 * click (docs/web.md, "Code split").
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Button, type Theme } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocaleState } from 'react-admin';
import { localeInfo } from '../i18n/locales';

const LanguageMenu = lazy(() => import('./LanguageMenu'));
const MENU_ID = 'language-menu';

/** Below `sm`, an icon button's size: no chevron, and the icon without the gap it keeps for a label. */
const ICON_ON_PHONE = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { minWidth: 40, '& .MuiButton-startIcon': { mx: 0 }, '& .MuiButton-endIcon': { display: 'none' } },
});

/**
 * `iconOnPhone`: the top bar's button is its icon alone on a phone (the language's code and the
 * chevron took room the page's title needed); its name stays its accessible name. `onChosen`: told
 * each language chosen, after it applies (the top bar saves it to the profile).
 */
export const LanguageSwitcher = ({ iconOnPhone = false, onChosen }: { iconOnPhone?: boolean; onChosen?: (locale: string) => void }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [locale, setLocale] = useLocaleState();
  const current = localeInfo(locale);
  // The language's code, shown on a phone where the button has a label ('ES').
  const code = current.messages.toUpperCase();
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="true"
        aria-controls={anchor ? MENU_ID : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        // The name holds the words shown (WCAG 2.5.3, label in name): the language's name, and on a
        // public page's phone its code too ('Español (ES)'); the top bar's phone button is an icon.
        aria-label={iconOnPhone ? current.name : `${current.name} (${code})`}
        sx={iconOnPhone ? ICON_ON_PHONE : undefined}
      >
        {/* On a phone the language's code ('ES'), where the button has a label: its whole name left the brand no room. */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>{current.name}</Box>
        {!iconOnPhone && <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>{code}</Box>}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={MENU_ID}
            anchorEl={anchor}
            locale={locale}
            onClose={() => setAnchor(null)}
            onChoose={(chosen) => { setLocale(chosen); setAnchor(null); onChosen?.(chosen); }}
          />
        </Suspense>
      )}
    </>
  );
};
