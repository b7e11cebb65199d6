/**
 * i18next set-up (docs/requirements/data.md: English, German, French, Portuguese; fallback en,
 * docs/requirements/constants.md).
 *
 * This is the one loader of every string of the app (the inbox's own loader was folded
 * in). Files are `locales/<language>/<namespace>.json`; every namespace is typed from its English
 * file (`i18next.d.ts`):
 * - `translation`: the product and its shell. English is bundled (it is the fallback); the
 *   other languages are fetched on demand, one chunk each, so adding a language never grows
 *   the sign-in page's initial JavaScript (docs/requirements/quality-goals.md);
 * - `inbox`: the social inbox screen (its own plural forms per language, checked by
 *   `locales/inbox.test.ts`). Fetched in every language, English too, when the inbox first
 *   renders (`useTranslation('inbox')` suspends until then), so its strings stay out of the
 *   sign-in page and the other screens;
 * - `demo`: the template's demo areas (search, bookmarks, ACL, page layouts, demo page
 *   titles). Fetched like `inbox`, when a demo component first renders, so demo strings never
 *   load with the sign-in page or the first product screen (docs/requirements/quality-goals.md:
 *   demo data never in the initial load);
 * - `demo-<area>`: each demo app's own strings.
 *
 * Only `translation` files are listed here; the others are listed in namespace-files.ts, a chunk
 * fetched on the first namespace request, so adding a namespace never grows first paint.
 *
 * A small backend plugin does the fetching (one dynamic import per language and namespace);
 * i18next loads every namespace in use before it switches language, so no screen shows a mix.
 * A feature with its own strings adds a namespace here, its files under `locales/`, and its
 * English type in `i18next.d.ts`; it never registers strings itself.
 * The chosen language is stored under the `language` key; without one, the browser's
 * preferred languages pick the first we support.
 *
 * Portuguese is written as Brazilian Portuguese (`pt` formats as pt-BR in `Intl` too).
 */
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';
import { FALLBACK_LANGUAGE } from './constants.ts';
import { readPreference, writePreference } from './storage.ts';

export { FALLBACK_LANGUAGE } from './constants.ts';

export const SUPPORTED_LANGUAGES = ['en', 'de', 'fr', 'pt'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** Each language in its own name (shown as is in every UI language, with its `lang`). */
export const LANGUAGE_NAMES: Readonly<Record<SupportedLanguage, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
};

/** The shape of a translation file: nested objects of strings. */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

/**
 * The `translation` files of the other languages, as lazy imports (Vite turns each into its own
 * chunk); every other namespace is listed in namespace-files.ts, fetched on first use.
 */
const TRANSLATION_FILES = import.meta.glob<TranslationTree>(['../locales/*/translation.json', '!../locales/en/translation.json'], {
  import: 'default',
});
const loadNamespace = (language: string, namespace: string) => import('./namespace-files.ts').then((m) => m.loadNamespace(language, namespace));

/** Fetches `locales/<language>/<namespace>.json` for i18next. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = namespace === 'translation' ? TRANSLATION_FILES[`../locales/${language}/translation.json`] : () => loadNamespace(language, namespace);
    if (!load) {
      callback(new Error(`No ${namespace} strings for ${language}`), false);
      return;
    }
    load().then(
      (strings) => callback(null, strings),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const resources = { en: { translation: en } } as const;

/** Whether `value` is one of the four languages (docs/requirements/data.md). */
export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** `de-CH` → `de`; null when not one of ours. */
function baseLanguage(tag: string | null | undefined): SupportedLanguage | null {
  const base = tag?.toLowerCase().split('-')[0];
  return isSupportedLanguage(base) ? base : null;
}

/** The stored language, else the browser's first supported one, else English. */
export function preferredLanguage(): SupportedLanguage {
  const stored = baseLanguage(readPreference('language'));
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of browser) {
    const match = baseLanguage(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

/** The current UI language, narrowed to the supported ones (for `Intl` and the switcher). */
export function currentLanguage(): SupportedLanguage {
  return baseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
}

/**
 * Fetches a language's strings of every namespace in use (once; i18next remembers).
 * @throws when the product strings of `language` could not be fetched.
 */
export async function loadLanguage(language: SupportedLanguage): Promise<void> {
  await i18n.loadLanguages(language);
  if (!i18n.hasResourceBundle(language, 'translation')) throw new Error(`Could not load the ${language} strings`);
}

/**
 * Switches the UI language: loads it first so no screen shows a mix, then stores the choice.
 * @throws when the language's chunk cannot be fetched (the language stays as it was).
 */
export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  writePreference('language', language);
}

/**
 * Applies the preferred language before the first render, so a German visitor never sees
 * English first. A failed download leaves English on screen rather than no screen.
 */
export async function applyPreferredLanguage(): Promise<void> {
  const language = preferredLanguage();
  if (language === FALLBACK_LANGUAGE) return;
  try {
    await loadLanguage(language);
    await i18n.changeLanguage(language);
  } catch {
    /* stays English; the switcher can retry */
  }
}

void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources,
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: ['translation'],
    defaultNS: 'translation',
    // English `translation` is bundled; everything else comes from the backend above.
    partialBundledLanguages: true,
    // English is bundled, so initialise synchronously: the first render already has text.
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
  });

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

export default i18n;
