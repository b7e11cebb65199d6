/**
 * The inbox's own i18next namespace, `inbox` (spec §3 languages en, de, fr, pt; fallback en).
 *
 * The strings live beside the feature (`locales/*.json`) so the feature ships, loads and is
 * translated as one unit. English is bundled with the feature's chunk and registered when this
 * module loads; German, French and Portuguese are fetched when that language becomes active
 * (one small chunk each), and until they arrive i18next falls back to English.
 *
 * Keys are checked at compile time like the app's (`src/i18next.d.ts`): {@link InboxKey} is
 * derived from `locales/en.json`.
 */
import i18n from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';

export const INBOX_NAMESPACE = 'inbox';

/** A translation file: nested objects of strings. */
export interface InboxTranslations {
  [key: string]: string | InboxTranslations;
}

type LazyLanguage = 'de' | 'fr' | 'pt';

/** One chunk per language (Vite splits each dynamic import). */
const LOADERS: Readonly<Record<LazyLanguage, () => Promise<{ default: InboxTranslations }>>> = {
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
};

function isLazyLanguage(value: string): value is LazyLanguage {
  return Object.hasOwn(LOADERS, value);
}

const loading = new Map<LazyLanguage, Promise<void>>();

/** Bumped whenever a language's inbox strings arrive, so mounted screens re-render. */
let bundlesVersion = 0;
const bundleListeners = new Set<() => void>();
function subscribeToBundles(listener: () => void): () => void {
  bundleListeners.add(listener);
  return () => bundleListeners.delete(listener);
}
const readBundlesVersion = () => bundlesVersion;

/**
 * Adds the inbox strings of `language` (a tag like `de` or `de-CH`) to i18next, once.
 * Resolves when they are in; English and unsupported languages resolve at once.
 * A failed download is forgotten so a later language change can try again; the screen keeps
 * showing English meanwhile, so the failure is only logged.
 */
export function loadInboxLanguage(language: string | undefined): Promise<void> {
  const base = (language ?? '').toLowerCase().split('-')[0] ?? '';
  if (!isLazyLanguage(base) || i18n.hasResourceBundle(base, INBOX_NAMESPACE)) return Promise.resolve();
  let pending = loading.get(base);
  if (!pending) {
    pending = LOADERS[base]().then(
      (module) => {
        i18n.addResourceBundle(base, INBOX_NAMESPACE, module.default, true, true);
        bundlesVersion += 1;
        for (const listener of [...bundleListeners]) listener();
      },
      (error: unknown) => {
        loading.delete(base);
        console.warn(`[inbox] could not load the ${base} strings`, error);
      },
    );
    loading.set(base, pending);
  }
  return pending;
}

i18n.addResourceBundle('en', INBOX_NAMESPACE, en, true, true);
void loadInboxLanguage(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', (language) => void loadInboxLanguage(language));

/** Dotted paths of the string leaves of `T`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every key of the inbox namespace; plural forms are asked for by their base key + `count`. */
export type InboxKey = WithoutPlural<Leaves<typeof en>>;

/** Interpolation values (and `count` for plurals). */
export type InboxTOptions = Readonly<Record<string, string | number>>;

export type InboxT = (key: InboxKey, options?: InboxTOptions) => string;

// i18next's own key typing knows only the `translation` namespace (src/i18next.d.ts, shared by
// the whole app and not this feature's to widen). The lookup itself is untyped here, and
// InboxKey above restores the compile-time check for this namespace.
type UntypedT = (key: string, options: Record<string, unknown>) => string;

/**
 * `t` of the inbox namespace, outside React (tests, non-component code). With `language`, in
 * that language; otherwise in the current one.
 */
export function inboxT(language?: string): InboxT {
  const lookup = i18n.t.bind(i18n) as unknown as UntypedT;
  return (key, options) => lookup(key, { ...options, ...(language ? { lng: language } : {}), ns: INBOX_NAMESPACE });
}

/**
 * `t` of the inbox namespace plus the UI language (for `Intl`). Re-renders when the language
 * changes (react-i18next) and when a language's inbox strings arrive.
 */
export function useInboxT(): { t: InboxT; language: string } {
  const { i18n: instance } = useTranslation();
  // Only to re-render when strings arrive: every component using this hook subscribes itself.
  useSyncExternalStore(subscribeToBundles, readBundlesVersion);
  const language = instance.resolvedLanguage ?? instance.language;
  const t = useMemo(() => inboxT(language), [language]);
  return { t, language };
}
