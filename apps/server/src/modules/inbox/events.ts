import type { TInboxEvent } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import type { RoutedEvent } from '../../lib/realtime.ts';
import { insertEvents } from './inbox.repository.ts';

export type { RoutedEvent } from '../../lib/realtime.ts';

/** An inbox event without its id yet (`eventId` is the `inbox_events` row id). */
export type PendingEvent = TInboxEvent extends infer E ? (E extends TInboxEvent ? Omit<E, 'eventId'> : never) : never;

/**
 * Stores events in the same transaction as the change they describe, so a replay after a
 * reconnect (by event id) sees exactly what was committed. Publish the result after commit
 * (`transactionThenPublish` in lib/realtime.ts).
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
