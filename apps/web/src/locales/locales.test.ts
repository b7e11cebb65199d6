/**
 * The four languages stay complete and real (docs/requirements/data.md en, de, fr, pt), in every
 * namespace (the inbox's has its own test):
 * - every key of English exists in German, French and Portuguese, and no language has a key
 *   English lacks (plural forms count by their base key, since French and Portuguese have a
 *   `_many` form English does not);
 * - every string keeps the `{{placeholders}}` of its English original;
 * - the strings are translations, not copies of the English.
 */
import { describe, expect, it } from 'vitest';
import type { TranslationTree } from '../lib/i18n.ts';

/**
 * Every namespace file but the inbox's (it has its own test), by language: `locales/<language>/
 * <namespace>.json`. A new namespace (a feature's, a demo area's) is checked without being
 * listed here.
 */
const FILES = import.meta.glob<TranslationTree>(['./*/*.json', '!./*/inbox.json'], { eager: true, import: 'default' });

function namespacesOf(language: string): Map<string, TranslationTree> {
  const out = new Map<string, TranslationTree>();
  for (const [path, tree] of Object.entries(FILES)) {
    const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) out.set(match[2], tree);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf as `dotted.key` → string. */
function leaves(tree: TranslationTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** Keys with plural suffixes folded into their base key. */
function baseKeys(map: Map<string, string>): Set<string> {
  return new Set([...map.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** The namespaces of `language` as one map, keys prefixed with the namespace (`demo:pages.chat`). */
function strings(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const [namespace, tree] of namespacesOf(language)) {
    for (const [key, value] of leaves(tree)) all.set(`${namespace}:${key}`, value);
  }
  return all;
}

const english = strings('en');
const others = { de: strings('de'), fr: strings('fr'), pt: strings('pt') } as const;

describe('namespaces', () => {
  it('are the same files in every language', () => {
    const names = (language: string) => [...namespacesOf(language).keys()].sort();
    expect(names('en').length).toBeGreaterThan(8);
    for (const language of ['de', 'fr', 'pt']) expect(names(language), language).toEqual(names('en'));
  });
});

/** Strings that are the same in every language: the product name, HTTP codes, a dash. */
const SAME_EVERYWHERE = new Set(
  [
    ...['app.name', 'common.none', 'misc.notAuthorized.eyebrow', 'misc.notFound.eyebrow', 'reviews.source.facebook', 'reviews.source.google', 'reviews.insights.exportCsv', 'reviews.insights.exportXlsx'].map((key) => `translation:${key}`),
    'reviews:reply.counter',
  ],
);

describe.each(Object.entries(others))('%s translation', (_language, strings) => {
  it('has every English key', () => {
    const missing = [...baseKeys(english)].filter((key) => !baseKeys(strings).has(key));
    expect(missing).toEqual([]);
  });

  it('has no key English lacks', () => {
    const extra = [...baseKeys(strings)].filter((key) => !baseKeys(english).has(key));
    expect(extra).toEqual([]);
  });

  it('has the `_other` form of every plural', () => {
    const plurals = [...strings.keys()].filter((key) => PLURAL_SUFFIX.test(key));
    for (const key of plurals) expect(strings.has(key.replace(PLURAL_SUFFIX, '_other')), key).toBe(true);
  });

  it('keeps the placeholders of each English string', () => {
    for (const [key, text] of strings) {
      const source = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'));
      if (source === undefined) continue; // reported by the key tests
      expect(placeholders(text), key).toEqual(placeholders(source));
    }
  });

  it('is translated, not copied from English', () => {
    const copied = [...strings].filter(([key, text]) => !SAME_EVERYWHERE.has(key) && english.get(key) === text);
    // Some words are the same in several languages ("Chat", "Tickets", "Horizontal"); a
    // copied file would have almost every string equal.
    expect(copied.length / strings.size, copied.map(([key]) => key).join(', ')).toBeLessThan(0.1);
  });
});
