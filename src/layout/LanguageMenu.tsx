/** The list of LanguageSwitcher, loaded when first opened. */
import { Menu, MenuItem } from '@mui/material';
import { LOCALES } from '../i18n/locales';

interface LanguageMenuProps {
  id: string;
  anchorEl: HTMLElement;
  locale: string;
  onClose: () => void;
  onChoose: (locale: string) => void;
}

const LanguageMenu = ({ id, anchorEl, locale, onClose, onChoose }: LanguageMenuProps) => (
  <Menu id={id} anchorEl={anchorEl} open onClose={onClose}>
    {LOCALES.map(({ locale: option, name, lang }) => (
      <MenuItem key={option} lang={lang} selected={option === locale} onClick={() => onChoose(option)}>{name}</MenuItem>
    ))}
  </Menu>
);

export default LanguageMenu;
