/**
 * The messaging window of a conversation (docs/requirements/platform-apis.md#window): free replies
 * within 24 h of the guest's last message, replies with the HUMAN_AGENT tag up to 7 days after it,
 * none later. The server sends the state at answer time; a thread left open keeps counting
 * down here, so the state is re-derived from `endsAt` and `lastGuestMessageAt` as time passes.
 */
import type { TReplyWindow } from '@dinedesk/contracts';
import type { InboxT } from './inbox-t.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Same constant as the server's (apps/server inbox.repository.ts). */
export const HUMAN_AGENT_WINDOW_MS = 7 * DAY;

export interface EffectiveWindow {
  state: TReplyWindow['state'];
  /** Epoch ms when this state ends; null when closed. */
  endsAt: number | null;
}

/** The window's state at `now` (epoch ms). */
export function effectiveWindow(window: TReplyWindow, now: number): EffectiveWindow {
  if (window.state === 'closed') return { state: 'closed', endsAt: null };
  const endsAt = window.endsAt ? Date.parse(window.endsAt) : null;
  if (endsAt !== null && now < endsAt) return { state: window.state, endsAt };
  // The state the server sent has run out since: standard gives way to HUMAN_AGENT.
  const lastGuest = window.lastGuestMessageAt ? Date.parse(window.lastGuestMessageAt) : null;
  if (window.state === 'standard' && lastGuest !== null && now < lastGuest + HUMAN_AGENT_WINDOW_MS) {
    return { state: 'human_agent', endsAt: lastGuest + HUMAN_AGENT_WINDOW_MS };
  }
  return { state: 'closed', endsAt: null };
}

/**
 * "5 h 12 min", "3 days 4 h", "less than a minute": the two largest units of what is left,
 * rounded down (so it never promises more time than there is).
 */
export function formatRemaining(ms: number, t: InboxT): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  if (minutes < 1) return t('duration.lessThanMinute');
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  const parts: string[] = [];
  if (days > 0) {
    parts.push(t('duration.days', { count: days }));
    if (hours > 0) parts.push(t('duration.hours', { count: hours }));
  } else {
    if (hours > 0) parts.push(t('duration.hours', { count: hours }));
    if (mins > 0) parts.push(t('duration.minutes', { count: mins }));
  }
  return parts.join(' ');
}

/** The thread header's sentence about the window at `now`. */
export function describeWindow(window: TReplyWindow, now: number, t: InboxT): string {
  const effective = effectiveWindow(window, now);
  if (effective.state === 'closed' || effective.endsAt === null) return t('window.closed');
  const remaining = formatRemaining(effective.endsAt - now, t);
  return effective.state === 'standard' ? t('window.standard', { remaining }) : t('window.humanAgent', { remaining });
}
