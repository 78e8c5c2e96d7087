/** The language menu of the top bar (and of the public pages): each language in its own name. */
import { LocalesMenuButton } from 'react-admin';
import { LOCALES } from '../i18n/locales';

const languages = LOCALES.map(({ locale, name }) => ({ locale, name }));

export const LanguageSwitcher = () => <LocalesMenuButton languages={languages} />;
