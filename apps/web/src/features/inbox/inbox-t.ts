/**
 * `t` of the inbox's i18next namespace, `inbox` (docs/requirements/data.md languages en, de, fr,
 * pt; fallback en).
 *
 * The strings are `src/locales/<language>/inbox.json` and are loaded by the app's one loader,
 * `lib/i18n.ts`: this module only names the namespace and types its `t`. Keys are
 * checked at compile time through `src/i18next.d.ts`, like the app's own.
 */
import i18n, { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export const INBOX_NAMESPACE = 'inbox';

/** `t` of the inbox namespace; plural forms are asked for by their base key + `count`. */
export type InboxT = TFunction<typeof INBOX_NAMESPACE>;

/**
 * `t` of the inbox namespace outside React (tests, non-component code), in `language` or the
 * current one. The namespace must be loaded (`i18n.loadNamespaces('inbox')`); until then, and
 * for a language whose strings have not arrived, keys resolve to English or to themselves.
 */
export function inboxT(language?: string): InboxT {
  return i18n.getFixedT(language ?? null, INBOX_NAMESPACE);
}

/**
 * `t` of the inbox namespace plus the UI language (for `Intl`). Suspends until the namespace
 * is loaded (the route's Suspense boundary shows meanwhile) and re-renders when the language
 * changes.
 */
export function useInboxT(): { t: InboxT; language: string } {
  const { t, i18n: instance } = useTranslation(INBOX_NAMESPACE);
  return { t, language: instance.resolvedLanguage ?? instance.language };
}
