/**
 * The inbox namespace (`locales/<language>/inbox.json`, loaded by lib/i18n.ts) in every language
 * (docs/requirements/data.md: en, de, fr, pt): same keys as English, same placeholders, every
 * plural form the language needs, and the lazy loading of a language.
 */
import { afterAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage, type TranslationTree as InboxTranslations } from '../lib/i18n.ts';
import de from './de/inbox.json';
import en from './en/inbox.json';
import fr from './fr/inbox.json';
import pt from './pt/inbox.json';

const INBOX_NAMESPACE = 'inbox';
const inboxT = (language: string) => i18n.getFixedT(language, INBOX_NAMESPACE);

const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: InboxTranslations, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** Keys with the plural suffix removed, and each plural base with its suffixes. */
function shape(tree: InboxTranslations) {
  const all = leaves(tree);
  const bases = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of all.keys()) {
    const match = PLURAL.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    bases.add(base);
    if (match) plurals.set(base, (plurals.get(base) ?? new Set()).add(match[1]!));
  }
  return { all, bases, plurals };
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = shape(en);
const languages = { de, fr, pt } as const;

describe.each(Object.entries(languages))('inbox strings in %s', (language, tree) => {
  const translated = shape(tree);

  it('has exactly the English keys', () => {
    const missing = [...english.bases].filter((key) => !translated.bases.has(key));
    const extra = [...translated.bases].filter((key) => !english.bases.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has every plural form the language needs (Intl.PluralRules) and no others', () => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const base of english.plurals.keys()) {
      expect({ base, forms: [...(translated.plurals.get(base) ?? [])].sort() }).toEqual({ base, forms: [...needed].sort() });
    }
  });

  it('keeps the placeholders of each string', () => {
    for (const [key, text] of translated.all) {
      const base = key.replace(PLURAL, '');
      const source = english.all.get(key) ?? english.all.get(`${base}_other`) ?? english.all.get(base) ?? '';
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(source) });
    }
  });

  it('translates the strings (not English left in place)', () => {
    // Product names and the API's tag stay as they are; the sentences must not.
    expect(leaves(tree).get('window.closedHelp')).not.toBe(english.all.get('window.closedHelp'));
    expect(leaves(tree).get('composer.placeholder')).not.toBe(english.all.get('composer.placeholder'));
  });
});

describe('English plurals', () => {
  it('are complete too', () => {
    const needed = new Intl.PluralRules('en').resolvedOptions().pluralCategories;
    for (const forms of english.plurals.values()) expect([...forms].sort()).toEqual([...needed].sort());
  });
});

describe('loading a language', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('fetches the inbox strings when the language becomes active, English meanwhile', async () => {
    // The app's one loader fetches the namespace when the inbox first asks for it...
    await i18n.loadNamespaces(INBOX_NAMESPACE);
    expect(i18n.hasResourceBundle('en', INBOX_NAMESPACE)).toBe(true);
    // ...and every language the UI switches to, with the namespaces in use.
    await changeLanguage('de');
    expect(i18n.hasResourceBundle('de', INBOX_NAMESPACE)).toBe(true);
    expect(inboxT('de')('window.closed')).toBe('Antwortfenster geschlossen');
    expect(inboxT('fr')('duration.days', { count: 3 })).toBe('3 days'); // not loaded yet: English
    await changeLanguage('fr');
    expect(inboxT('fr')('duration.days', { count: 3 })).toBe('3 jours');
  });
});
