/**
 * Small pure helpers of the email screens: list times in the reader's language, the label
 * colours (theme palette names, so both skins work), recipients typed as text, and plain text
 * turned into the HTML an email `message` is (docs/requirements/data.md: message is HTML).
 */
import type { TEmailLabel, TEmailRecipient } from '../schema.ts';

/** Palette colour of each label (the template: personal green, company blue, …). */
export const LABEL_COLORS: Readonly<Record<TEmailLabel, 'success' | 'primary' | 'warning' | 'error'>> = {
  personal: 'success',
  company: 'primary',
  important: 'warning',
  private: 'error',
};

/** A list time: the time for today, day and month this year, else the date. */
export function formatListTime(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date);
  if (date.getFullYear() === now.getFullYear()) return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' }).format(date);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

const EMAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Whether `text` is one email address. */
export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS.test(text.trim());
}

/**
 * A recipient typed as `Name <address>` or a bare address (named after its local part), or null
 * when it holds no valid address.
 */
export function parseRecipient(text: string): TEmailRecipient | null {
  const trimmed = text.trim();
  const named = /^(.*)<([^>]+)>$/.exec(trimmed);
  const email = (named?.[2] ?? trimmed).trim();
  if (!isEmailAddress(email)) return null;
  const name = named?.[1]?.trim().replace(/^"|"$/g, '') || email.split('@')[0] || email;
  return { name, email: email.toLowerCase() };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as email HTML: blank lines make paragraphs, single line breaks `<br>`. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The first line of an email's text, for the list (tags removed, entities decoded). */
export function snippetOf(html: string, length = 120): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** Initials of a name for an avatar ("Ada Lovelace" → "AL"). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}
