/**
 * Translations with ra-i18n-polyglot: Spanish is the default and the fallback (any key a language
 * lacks shows in Spanish). Other languages are loaded on demand, and the Spanish messages of the
 * admin's screens with the admin (`addAdminMessages`): the public pages do without them. Every
 * locale change also sets `lang` and `dir` on <html> and tells subscribers (App switches the theme
 * direction with it).
 */
import { useSyncExternalStore } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import es from '../i18n/es';
import { DEFAULT_LOCALE, LOCALES, localeInfo, type LocaleInfo } from '../i18n/locales';
import { mergeMessages, type Messages } from '../i18n/merge';
import { loadRtlCache } from '../theme';

const loaders: Record<Exclude<LocaleInfo['messages'], 'es'>, () => Promise<{ default: object }>> = {
  en: () => import('../i18n/en'),
  fr: () => import('../i18n/fr'),
  ar: () => import('../i18n/ar'),
  zh: () => import('../i18n/zh'),
};

export function applyDocumentLocale(locale: string) {
  const { lang, dir } = localeInfo(locale);
  // On the server (the monitoring page's first view, src/firstView/render.tsx) there is no page to set.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
}

export interface AppI18nProvider extends I18nProvider {
  /** Called after each locale change. */
  subscribe: (listener: (locale: string) => void) => () => void;
  /**
   * Adds the Spanish messages of the admin's screens (src/i18n/es/admin.ts) and applies them; the
   * same promise, resolved once they are in use, for every call.
   */
  addAdminMessages: (messages: Messages) => Promise<void>;
}

/** `adminMessages`: the admin's Spanish messages from the start (tests of the admin's screens). */
export function createI18nProvider(adminMessages?: Messages): AppI18nProvider {
  // The shell's messages go over the admin's: common.ts overrides one of react-admin's own (ra.page.show).
  const withAdmin = (messages: Messages) => mergeMessages(messages, es);
  let spanish = adminMessages ? withAdmin(adminMessages) : es;
  let adminAdded: Promise<void> | undefined = adminMessages && Promise.resolve();
  const getMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> => {
    const { messages } = localeInfo(locale);
    if (messages === 'es') return spanish as TranslationMessages;
    return loaders[messages]().then((m) => mergeMessages(spanish, m.default) as TranslationMessages);
  };
  const base = polyglotI18nProvider(
    getMessages,
    DEFAULT_LOCALE,
    LOCALES.map(({ locale, name }) => ({ locale, name })),
    // react-admin asks for optional keys (field labels) with a default: no console noise for those.
    { allowMissing: true },
  );
  const listeners = new Set<(locale: string) => void>();
  applyDocumentLocale(DEFAULT_LOCALE);
  return {
    ...base,
    changeLocale: async (locale: string) => {
      // A right-to-left language comes with its styles' cache, so its first render is already flipped.
      await Promise.all([base.changeLocale(locale), localeInfo(locale).dir === 'rtl' ? loadRtlCache() : undefined]);
      applyDocumentLocale(locale);
      listeners.forEach((listener) => listener(locale));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addAdminMessages: (messages) => {
      if (!adminAdded) {
        spanish = withAdmin(messages);
        // Applied by reading the current language's messages again, now with these in the Spanish.
        adminAdded = base.changeLocale(base.getLocale());
      }
      return adminAdded;
    },
  };
}

/** The locale the messages are in now (it changes once a newly chosen language's messages are loaded). */
export const useCurrentLocale = (i18n: AppI18nProvider) => useSyncExternalStore(i18n.subscribe, i18n.getLocale, i18n.getLocale);
