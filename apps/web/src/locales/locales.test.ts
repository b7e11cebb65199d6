/**
 * The four languages stay complete and real (issue #5; spec §3 en, de, fr, pt), in the
 * namespaces `translation`, `demo`, `facebook`, `reviews`, `tenancy`, `customizer`, `comments`, `complaints` and `tickets` (the inbox's has its own test):
 * - every key of English exists in German, French and Portuguese, and no language has a key
 *   English lacks (plural forms count by their base key, since French and Portuguese have a
 *   `_many` form English does not);
 * - every string keeps the `{{placeholders}}` of its English original;
 * - the strings are translations, not copies of the English.
 */
import { describe, expect, it } from 'vitest';
import type { TranslationTree } from '../lib/i18n.ts';
import deComments from './de/comments.json';
import deComplaints from './de/complaints.json';
import deTickets from './de/tickets.json';
import deDemo from './de/demo.json';
import deFacebook from './de/facebook.json';
import deReviews from './de/reviews.json';
import deTenancy from './de/tenancy.json';
import deCustomizer from './de/customizer.json';
import de from './de/translation.json';
import enComments from './en/comments.json';
import enComplaints from './en/complaints.json';
import enTickets from './en/tickets.json';
import enDemo from './en/demo.json';
import enFacebook from './en/facebook.json';
import enReviews from './en/reviews.json';
import enTenancy from './en/tenancy.json';
import enCustomizer from './en/customizer.json';
import en from './en/translation.json';
import frComments from './fr/comments.json';
import frComplaints from './fr/complaints.json';
import frTickets from './fr/tickets.json';
import frDemo from './fr/demo.json';
import frFacebook from './fr/facebook.json';
import frReviews from './fr/reviews.json';
import frTenancy from './fr/tenancy.json';
import frCustomizer from './fr/customizer.json';
import fr from './fr/translation.json';
import ptComments from './pt/comments.json';
import ptComplaints from './pt/complaints.json';
import ptTickets from './pt/tickets.json';
import ptDemo from './pt/demo.json';
import ptFacebook from './pt/facebook.json';
import ptReviews from './pt/reviews.json';
import ptTenancy from './pt/tenancy.json';
import ptCustomizer from './pt/customizer.json';
import pt from './pt/translation.json';

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

/** The namespaces as one map, keys prefixed with the namespace (`demo:pages.chat`). */
function strings(translation: TranslationTree, demo: TranslationTree, facebook: TranslationTree, reviews: TranslationTree, tenancy: TranslationTree, customizer: TranslationTree, comments: TranslationTree, complaints: TranslationTree, tickets: TranslationTree): Map<string, string> {
  const all = new Map<string, string>();
  for (const [key, value] of leaves(complaints)) all.set(`complaints:${key}`, value);
  for (const [key, value] of leaves(tickets)) all.set(`tickets:${key}`, value);
  for (const [key, value] of leaves(comments)) all.set(`comments:${key}`, value);
  for (const [key, value] of leaves(customizer)) all.set(`customizer:${key}`, value);
  for (const [key, value] of leaves(tenancy)) all.set(`tenancy:${key}`, value);
  for (const [key, value] of leaves(reviews)) all.set(`reviews:${key}`, value);
  for (const [key, value] of leaves(translation)) all.set(`translation:${key}`, value);
  for (const [key, value] of leaves(demo)) all.set(`demo:${key}`, value);
  for (const [key, value] of leaves(facebook)) all.set(`facebook:${key}`, value);
  return all;
}

const english = strings(en, enDemo, enFacebook, enReviews, enTenancy, enCustomizer, enComments, enComplaints, enTickets);
const others = {
  de: strings(de, deDemo, deFacebook, deReviews, deTenancy, deCustomizer, deComments, deComplaints, deTickets),
  fr: strings(fr, frDemo, frFacebook, frReviews, frTenancy, frCustomizer, frComments, frComplaints, frTickets),
  pt: strings(pt, ptDemo, ptFacebook, ptReviews, ptTenancy, ptCustomizer, ptComments, ptComplaints, ptTickets),
} as const;

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
