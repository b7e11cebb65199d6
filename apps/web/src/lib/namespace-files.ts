/**
 * Where every namespace's strings are, except `translation` (lib/i18n.ts keeps those, the
 * product's and the shell's, as it needs them before the first render): the feature
 * namespaces (`inbox`, `reviews`, `tickets`, …), `demo` and the demo apps' (`demo-<area>`).
 *
 * i18n's backend fetches this module the first time a screen asks for one of them, so their
 * list of lazy files is a small chunk of its own instead of a line per file and language in the
 * entry chunk: every namespace added there grew every screen's first paint
 * (docs/requirements/quality-goals.md#web, the Reviews budget of the `web-budget` test), where it
 * now adds nothing.
 */
import type { TranslationTree } from './i18n.ts';

const FILES = import.meta.glob<TranslationTree>(['../locales/*/*.json', '!../locales/*/translation.json'], { import: 'default' });

/**
 * The strings of `namespace` in `language`.
 * @throws when no such file exists (an unknown namespace or language)
 */
export function loadNamespace(language: string, namespace: string): Promise<TranslationTree> {
  const load = FILES[`../locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`No ${namespace} strings for ${language}`));
  return load();
}
