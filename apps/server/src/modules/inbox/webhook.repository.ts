import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';

/**
 * SQL of the webhook intake: the raw deliveries Meta sent, stored before they are
 * answered and processed by the `inbox.process-webhook` job (webhook.service.ts).
 */

const { webhookDeliveries } = schema;

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Stores a delivery once. @returns true when it is new, false when the same body was stored before (a Meta retry) */
export async function insertDelivery(db: Db, row: { id: string; object: string; payload: string; receivedAt: Date }): Promise<boolean> {
  const inserted = await db.insert(webhookDeliveries).values(row).onConflictDoNothing({ target: webhookDeliveries.id }).returning({ id: webhookDeliveries.id });
  return inserted.length === 1;
}

export async function getDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

export async function markDeliveryProcessed(db: Db, id: string, result: { events: number; skipped: number; at: Date }): Promise<void> {
  await db.update(webhookDeliveries).set({ processedAt: result.at, events: result.events, skipped: result.skipped }).where(eq(webhookDeliveries.id, id));
}

/** Deletes processed deliveries received before `cutoff`. @returns how many */
export async function deleteProcessedDeliveries(db: Db, cutoff: Date): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(and(isNotNull(webhookDeliveries.processedAt), lt(webhookDeliveries.receivedAt, cutoff)))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}

/** Deliveries not processed yet, oldest first (the maintenance job re-queues them; drills count them). */
export async function listUnprocessedDeliveryIds(db: Db, receivedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(sql`${webhookDeliveries.processedAt} IS NULL`, lt(webhookDeliveries.receivedAt, receivedBefore)))
    .orderBy(webhookDeliveries.receivedAt)
    .limit(limit);
  return rows.map((r) => r.id);
}
