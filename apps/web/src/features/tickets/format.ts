/**
 * Words and rules of the tickets screen that depend on data: whether a ticket is past its SLA,
 * its due time as a countdown, and its activity log entries, which the server sends as
 * `{kind, value}` so each user reads them in their own language.
 */
import { TICKET_PRIORITIES, TICKET_STATUSES, type TTicket, type TTicketActivity, type TTicketPriority, type TTicketStatus } from '@dinedesk/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/format.ts';
import { formatDuration, msUntil } from '../../lib/relative-time.ts';

export type TicketsT = TFunction<'tickets'>;

/**
 * Past its SLA: marked by the breach job (`breachedAt`), or due and still not closed, which the
 * screen shows at once rather than waiting for the job (docs/decisions/0027).
 */
export function isBreached(ticket: Pick<TTicket, 'breachedAt' | 'dueAt' | 'status'>, now: number): boolean {
  if (ticket.breachedAt !== null) return true;
  return ticket.status !== 'closed' && msUntil(ticket.dueAt, now) <= 0;
}

/** "Due in 3 hours", "Overdue by 2 days"; a closed ticket says when it closed. */
export function dueText(ticket: Pick<TTicket, 'dueAt' | 'status' | 'closedAt'>, now: number, language: string, t: TicketsT): string {
  if (ticket.status === 'closed') return ticket.closedAt ? t('due.closed', { date: formatDate(ticket.closedAt, language) }) : t('status.closed');
  const left = msUntil(ticket.dueAt, now);
  if (Number.isNaN(left)) return '';
  return left > 0 ? t('due.in', { time: formatDuration(left, language) }) : t('due.overdue', { time: formatDuration(-left, language) });
}

const isPriority = (value: string | null): value is TTicketPriority => value !== null && (TICKET_PRIORITIES as readonly string[]).includes(value);
const isStatus = (value: string | null): value is TTicketStatus => value !== null && (TICKET_STATUSES as readonly string[]).includes(value);

/** One activity entry as a sentence: "Asha Rao set the priority to Urgent". */
export function activityText(entry: TTicketActivity, language: string, t: TicketsT): string {
  const author = entry.actorName ?? 'DineDesk';
  const value = entry.value;
  switch (entry.kind) {
    case 'created':
      return isPriority(value) ? t('activity.createdWithPriority', { author, priority: t(`priority.${value}`) }) : t('activity.created', { author });
    case 'status':
      return t('activity.status', { author, status: isStatus(value) ? t(`status.${value}`) : (value ?? '') });
    case 'priority':
      return t('activity.priority', { author, priority: isPriority(value) ? t(`priority.${value}`) : (value ?? '') });
    case 'assignee':
      return value ? t('activity.assigned', { author, name: value }) : t('activity.unassigned', { author });
    case 'watcher_added':
      return t('activity.watcherAdded', { author, name: value ?? '' });
    case 'watcher_removed':
      return t('activity.watcherRemoved', { author, name: value ?? '' });
    case 'title':
      return t('activity.title', { author, title: value ?? '' });
    case 'sla_breached':
      return value ? t('activity.breachedAt', { due: formatDate(value, language, true) }) : t('activity.breached');
  }
}
