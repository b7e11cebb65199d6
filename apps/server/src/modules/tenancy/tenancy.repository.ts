import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';
import { outletScope } from '../../lib/tenant-scope.ts';

/** SQL of clients and brands (routes → service → repository). */

/** Brands of a client having at least one outlet in `outletIds` (null: any), with that count. */
export async function brandsWithOutletCounts(db: Db, clientId: string, outletIds: readonly string[] | null) {
  return db
    .select({
      id: schema.brands.id,
      key: schema.brands.key,
      name: schema.brands.name,
      cuisines: schema.brands.cuisines,
      outletCount: sql<number>`count(${schema.outlets.id})::int`,
    })
    .from(schema.brands)
    .innerJoin(schema.outlets, and(eq(schema.outlets.brandId, schema.brands.id), outletScope(outletIds, schema.outlets.id)))
    .where(eq(schema.brands.clientId, clientId))
    .groupBy(schema.brands.id)
    .orderBy(asc(schema.brands.name));
}

/** Every client, by name. */
export async function allClients(db: Db) {
  return db.select({ id: schema.clients.id, name: schema.clients.name }).from(schema.clients).orderBy(asc(schema.clients.name));
}

/** Clients a user is a member of, by name, with the role there. */
export async function memberClients(db: Db, userId: string) {
  return db
    .select({ id: schema.clients.id, name: schema.clients.name, role: schema.memberships.role })
    .from(schema.memberships)
    .innerJoin(schema.clients, eq(schema.clients.id, schema.memberships.clientId))
    .where(eq(schema.memberships.userId, userId))
    .orderBy(asc(schema.clients.name));
}

/** A user row by id. */
export async function userById(db: Db, userId: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  return user;
}

/** Whether a client with this id exists. */
export async function clientExists(db: Db, clientId: string): Promise<boolean> {
  const [c] = await db.select({ id: schema.clients.id }).from(schema.clients).where(eq(schema.clients.id, clientId));
  return Boolean(c);
}

/**
 * The onboarding stored for a client key: undefined when no client has the key; `hash` and
 * `result` null for a client created otherwise (seed).
 */
export async function onboardingOfKey(db: Db, clientKey: string) {
  const [row] = await db
    .select({ hash: schema.onboardings.requestHash, result: schema.onboardings.result })
    .from(schema.clients)
    .leftJoin(schema.onboardings, eq(schema.onboardings.clientId, schema.clients.id))
    .where(eq(schema.clients.key, clientKey));
  return row;
}

/** Which of these Facebook Page ids are linked to an outlet already. */
export async function linkedPageIds(db: Db, pageIds: string[]): Promise<string[]> {
  const rows = await db.select({ id: schema.facebookPages.id }).from(schema.facebookPages).where(inArray(schema.facebookPages.id, pageIds));
  return rows.map((r) => r.id);
}

/** Creates a client row. */
export async function insertClient(db: Db, v: typeof schema.clients.$inferInsert) {
  const [row] = await db.insert(schema.clients).values(v).returning();
  return row!;
}

/** Creates a brand row. */
export async function insertBrand(db: Db, v: typeof schema.brands.$inferInsert) {
  const [row] = await db.insert(schema.brands).values(v).returning();
  return row!;
}

/** Creates an outlet row. */
export async function insertOutlet(db: Db, v: typeof schema.outlets.$inferInsert) {
  const [row] = await db.insert(schema.outlets).values(v).returning();
  return row!;
}

/** Links a Facebook Page to an outlet (connected later through the page-token flow). */
export async function insertPage(db: Db, v: { id: string; clientId: string; outletId: string; name: string }): Promise<void> {
  await db.insert(schema.facebookPages).values(v);
}

/** Stores an onboarding's request hash and result (its idempotency record). */
export async function insertOnboarding(db: Db, v: typeof schema.onboardings.$inferInsert): Promise<void> {
  await db.insert(schema.onboardings).values(v);
}
