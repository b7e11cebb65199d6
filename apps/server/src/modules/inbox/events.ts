import type { TInboxEvent, TReviewsChangedEvent } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { insertEvents } from './inbox.repository.ts';

/** An inbox event without its id yet (`eventId` is the `inbox_events` row id). */
export type PendingEvent = TInboxEvent extends infer E ? (E extends TInboxEvent ? Omit<E, 'eventId'> : never) : never;

export interface RoutedEvent {
  clientId: string;
  outletId: string;
  accountId: string;
  event: TInboxEvent;
}

/** Where inbox events go once committed: the socket layer (or nothing, in tests without it). */
export interface Realtime {
  emit(events: RoutedEvent[]): void;
  /**
   * The access of these users changed: their open sockets (in any process) recompute their
   * rooms now and receive `access:changed`; sockets that lost all access are disconnected.
   */
  accessChanged(userIds: string[]): Promise<void>;
  /**
   * A review or review comment of a page changed from a Meta `feed` webhook: sockets in the
   * page's room get `reviews:changed` (reviews/feed-webhook.service.ts, issue #8). Optional: absent
   * without sockets.
   */
  reviewsChanged?(event: TReviewsChangedEvent): void;
  /** These sessions ended (logout): their open sockets, in any process, are disconnected. */
  sessionsEnded(sessionIds: string[]): Promise<void>;
}
export const noRealtime: Realtime = { emit: () => {}, accessChanged: async () => {}, sessionsEnded: async () => {} };

/**
 * Stores events in the same transaction as the change they describe, so a replay after a
 * reconnect (by event id) sees exactly what was committed. Emit the result after commit.
 */
export async function recordEvents(
  tx: Db,
  scope: { clientId: string; outletId: string; accountId: string },
  pending: PendingEvent[],
): Promise<RoutedEvent[]> {
  if (pending.length === 0) return [];
  const ids = await insertEvents(tx, scope, pending.map((p) => p as unknown as Record<string, unknown>));
  return pending.map((p, i) => ({ ...scope, event: { ...p, eventId: ids[i]! } as TInboxEvent }));
}

/** Room of one inbox account: sockets of users who may see that page join it. */
export const accountRoom = (accountId: string) => `acct:${accountId}`;
/** Room of one user's sockets, so an access change reaches them in every process. */
export const userRoom = (userId: string) => `user:${userId}`;
