/**
 * The reply check ("A reply check runs before any reply goes out", docs/decisions/0023):
 * what a reputation team would want a second pair of eyes for before a public reply goes out.
 *
 * - `repeats_recent`: the wording repeats one of the outlet's last 20 replies (normalised text
 *   at least 85 % alike by Levenshtein distance, `fastest-levenshtein`): guests read a page's
 *   replies side by side, and a copy-paste reply reads as not listening.
 * - `contact_details`: a phone number (`libphonenumber-js`, Indian numbers and any in
 *   international form), an email address or a URL (`linkify-it`): personal details belong in a
 *   private message, and platforms flag links in replies.
 * - `no_substance`: no word beyond greetings and thanks ("Thanks!", "Thank you
 *   for your review"): a reply that says nothing about what the guest wrote.
 *
 * Pure functions, no SQL: the service reads the recent replies and decides what a warning means
 * for the caller (owners may send anyway; the choice is recorded).
 */
import { distance } from 'fastest-levenshtein';
// The full metadata: the default (min) one takes any long digit run for a number (an order id).
import { findPhoneNumbersInText } from 'libphonenumber-js/max';
import { LinkifyIt } from 'linkify-it';
import type { TReplyWarning } from '@dinedesk/contracts';

/** How many of the outlet's latest replies a new one is compared with. */
export const RECENT_REPLIES = 20;
/** Normalised similarity from which a reply counts as a repeat. */
export const REPEAT_SIMILARITY = 0.85;

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false });

/** Lower case, letters and digits only, single spaces: what a reader sees as "the same words". */
export function normalizeReply(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** 1 for the same normalised text, 0 for nothing in common (Levenshtein over the longer length). */
export function similarity(a: string, b: string): number {
  const x = normalizeReply(a);
  const y = normalizeReply(b);
  if (!x && !y) return 1;
  const longest = Math.max(x.length, y.length);
  return 1 - distance(x, y) / longest;
}

/**
 * Words that carry no content of their own in a reply, in the four languages of the app
 * (en, de, fr, pt): greetings, thanks, sign-offs, pronouns and articles.
 */
const FILLER = new Set(
  (
    'thanks thank you your for the a an and so much very many dear hi hello hey regards best team we us our ' +
    'review feedback visit visiting it is was to of in on at with again soon again cheers kind warm ' +
    'danke vielen dank für ihre ihren ihr besuch bewertung liebe lieber hallo grüße gruß das team wir uns und sehr ' +
    'merci beaucoup pour votre vos avis visite bonjour cher chère cordialement l équipe nous et très de la le ' +
    'obrigado obrigada muito pela pelo sua seu avaliação visita olá caro cara cumprimentos equipa equipe nós e da do'
  ).split(' '),
);

/** Words of two letters or more that are not filler. */
function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{2,}/gu) ?? []).filter((w) => !FILLER.has(w));
}

/** Phone numbers in `text`: Indian numbers as written locally, any number in international form. */
function phoneNumbers(text: string): string[] {
  return findPhoneNumbersInText(text, 'IN').map((m) => m.number.number);
}

/**
 * What the check finds in a reply about to go out.
 * @param message the reply as it will be sent (trimmed)
 * @param recent the outlet's latest public replies, newest first (at most {@link RECENT_REPLIES})
 * @returns the warnings, in a fixed order; empty when the reply may go out as is
 */
export function checkReply(message: string, recent: readonly string[]): TReplyWarning[] {
  const warnings: TReplyWarning[] = [];
  const mine = normalizeReply(message);
  // distance ≥ the length difference, so texts whose lengths differ more cannot be alike: skipped
  // without the O(n·m) comparison (replies run to 8,000 characters).
  const repeated = recent.slice(0, RECENT_REPLIES).find((r) => {
    const other = normalizeReply(r);
    const longest = Math.max(mine.length, other.length);
    if (longest === 0) return true;
    if (Math.min(mine.length, other.length) / longest < REPEAT_SIMILARITY) return false;
    return 1 - distance(mine, other) / longest >= REPEAT_SIMILARITY;
  });
  if (repeated !== undefined) {
    warnings.push({ code: 'repeats_recent', message: 'This reply repeats one of the outlet’s last 20 replies almost word for word; guests read them side by side.' });
  }
  const found = [...(linkify.match(message) ?? []).map((m) => (m.schema === 'mailto:' ? 'an email address' : 'a link')), ...(phoneNumbers(message).length ? ['a phone number'] : [])];
  if (found.length) {
    const kinds = [...new Set(found)];
    warnings.push({ code: 'contact_details', message: `This reply contains ${kinds.join(' and ')}: personal details belong in a private message.` });
  }
  if (contentWords(message).length === 0) {
    warnings.push({ code: 'no_substance', message: 'This reply says nothing about what the guest wrote.' });
  }
  return warnings;
}
