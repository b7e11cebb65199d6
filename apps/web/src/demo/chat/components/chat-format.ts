/**
 * Pure helpers of the chat screens: status colours (theme palette names, so both skins work),
 * initials, times in the reader's language, the sidebar search, and the conversation cut into
 * days and runs of one sender (the template groups bubbles by sender).
 */
import type { TChatMessage, TChatStatus } from '../schema.ts';

/** Palette colour of each status dot. */
export const STATUS_COLORS: Readonly<Record<TChatStatus, string>> = {
  online: 'success.main',
  away: 'warning.main',
  busy: 'error.main',
  offline: 'grey.500',
};

/** Initials of a name for an avatar ("Ada Lovelace" → "AL"). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A list time: the time today, the weekday this week, else the date. */
export function formatChatTime(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() === now.toDateString()) return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date);
  if (now.getTime() - date.getTime() < 6 * DAY_MS) return new Intl.DateTimeFormat(language, { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(language, { dateStyle: 'short' }).format(date);
}

/** A bubble's time of day. */
export function formatMessageTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(iso));
}

/** A day heading of the conversation ("Today" and "Yesterday" are the caller's words). */
export function dayKeyOf(iso: string): string {
  return new Date(iso).toDateString();
}

/** Whether `name` matches the sidebar search (case- and accent-insensitive). */
export function matchesName(name: string, search: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return fold(name).includes(fold(search.trim()));
}

/** Consecutive messages of one sender. */
export interface MessageRun {
  senderId: number;
  messages: TChatMessage[];
}

/** One day of the conversation, its runs in order. */
export interface MessageDay {
  /** `Date.toDateString()` of the day (local time). */
  day: string;
  /** The first message's time, for the heading. */
  time: string;
  runs: MessageRun[];
}

/** The messages cut into days, and each day into runs of one sender. */
export function groupMessages(messages: readonly TChatMessage[]): MessageDay[] {
  const days: MessageDay[] = [];
  for (const message of messages) {
    const day = dayKeyOf(message.time);
    let current = days.at(-1);
    if (!current || current.day !== day) {
      current = { day, time: message.time, runs: [] };
      days.push(current);
    }
    const run = current.runs.at(-1);
    if (run && run.senderId === message.senderId) run.messages.push(message);
    else current.runs.push({ senderId: message.senderId, messages: [message] });
  }
  return days;
}
