/**
 * The profile's language (docs/web.md, "Look and language"): the monthly reports and the mails are
 * written in it, so the language chosen in the top bar is saved to it while signed in, and at sign-in
 * the app takes it, so a person gets their language on any device.
 */
import { useCallback } from 'react';
import { useI18nProvider, useLocaleState, useNotify } from 'react-admin';
import { LOCALES, localeInfo } from '../i18n/locales';
import { getAccessToken, getProfile, setProfile, type Profile } from './session';
import { useAppDataProvider } from './useAppDataProvider';

/** The profile's language of a locale: its messages' ('en-rtl' is English to the server). */
export const profileLanguage = (locale: string) => localeInfo(locale).messages;

/** The locale the stored profile names, or null when it names none this app offers. */
export function profileLocale(profile: Profile | null = getProfile()): string | null {
  const language = profile?.language;
  return language && LOCALES.some((l) => l.locale === language) ? language : null;
}

/**
 * At sign-in: takes the profile's language, if it names one. Its messages are loaded before the store
 * says so, so the switch does not remount the app under the navigation that follows (react-admin
 * remounts everything below its translations when the store changes the locale by itself).
 */
export function useAdoptProfileLanguage() {
  const i18n = useI18nProvider();
  const [locale, setLocale] = useLocaleState();
  return useCallback(async (profile: Profile | null) => {
    const wanted = profileLocale(profile);
    if (!wanted || wanted === locale) return;
    await i18n.changeLocale(wanted);
    setLocale(wanted);
  }, [i18n, locale, setLocale]);
}

/** Saves a chosen locale to the signed-in user's profile (nothing without a session); a failure is told. */
export function useSaveLanguage() {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  return useCallback(async (locale: string) => {
    if (!getAccessToken()) return;
    try {
      const saved = await dataProvider.call<Profile>('profile', 'language', { data: { language: profileLanguage(locale) } });
      setProfile(saved);
    } catch {
      notify('app.messages.language_not_saved', { type: 'warning' });
    }
  }, [dataProvider, notify]);
}
