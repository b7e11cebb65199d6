import 'i18next';
import type en from './locales/en/translation.json';

// Typed keys: `t('reviews.titel')` is a compile error instead of a raw key on screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
