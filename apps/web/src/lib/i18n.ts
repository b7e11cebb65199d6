/**
 * i18next set-up (spec §3: English, German, French, Portuguese; fallback en, spec §9).
 * Only English is bundled for now; the other languages arrive with their own issue and will
 * be loaded lazily, so `supportedLngs` already lists them.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';

export const SUPPORTED_LANGUAGES = ['en', 'de', 'fr', 'pt'] as const;
export const FALLBACK_LANGUAGE = 'en';

export const resources = { en: { translation: en } } as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  // Resources are bundled, so initialise synchronously: the first render already has text.
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes.
  returnNull: false,
});

export default i18n;
