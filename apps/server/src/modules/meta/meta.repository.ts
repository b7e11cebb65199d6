import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';
import { tenantScope } from '../../lib/tenant-scope.ts';

/** SQL of the meta module: page access tokens on `facebook_pages` (stored sealed, never plain). */

const { facebookPages } = schema;

/**
 * `sync_status` of a page whose token Facebook refused (190): the page is not synced until it is
 * reconnected. The same value marks a page never connected, which has no token to refuse.
 */
export const TOKEN_DEAD_STATUS = 'token_invalid';

/**
 * Stores a page's sealed access token and its current name, for a page DineDesk already links
 * to an outlet. A page whose previous token had died is alive again: its `token_invalid` state
 * is cleared (`never`), so the sync tick picks it up. @returns false when no such page exists
 */
export async function setPageToken(db: Db, pageId: string, t: { sealedToken: string; name: string; at: Date }): Promise<boolean> {
  const dead = sql`${facebookPages.syncStatus} = ${TOKEN_DEAD_STATUS}`;
  const rows = await db
    .update(facebookPages)
    .set({
      pageAccessTokenEnc: t.sealedToken,
      connectedAt: t.at,
      name: t.name,
      syncStatus: sql`CASE WHEN ${dead} THEN 'never' ELSE ${facebookPages.syncStatus} END`,
      syncMessage: sql`CASE WHEN ${dead} THEN NULL ELSE ${facebookPages.syncMessage} END`,
    })
    .where(eq(facebookPages.id, pageId))
    .returning({ id: facebookPages.id });
  return rows.length > 0;
}

/**
 * Pages with a stored (encrypted) page token that Facebook has not refused, with their client:
 * what the sync tick fans out over.
 */
export async function listConnectedPages(db: Db): Promise<{ id: string; clientId: string; outletId: string }[]> {
  return db
    .select({ id: facebookPages.id, clientId: facebookPages.clientId, outletId: facebookPages.outletId })
    .from(facebookPages)
    .where(and(isNotNull(facebookPages.pageAccessTokenEnc), ne(facebookPages.syncStatus, TOKEN_DEAD_STATUS)));
}

/**
 * Records that Facebook refused the page's token (190), with the plain-words reason, if the
 * refused token (`sealedToken`, as stored) is still the page's: a reconnect may have replaced it.
 */
export async function markTokenDead(db: Db, pageId: string, message: string, sealedToken: string): Promise<void> {
  await db
    .update(facebookPages)
    .set({ syncStatus: TOKEN_DEAD_STATUS, syncMessage: message })
    .where(and(eq(facebookPages.id, pageId), eq(facebookPages.pageAccessTokenEnc, sealedToken)));
}

// ---------------------------------------------------------------- Facebook connect

const { facebookAccounts, outlets, brands, memberships, users } = schema;

export type FacebookAccountRow = typeof facebookAccounts.$inferSelect;

/** A page of the client as the connect flow and `get-accounts` read it. */
export interface ClientPageRow {
  id: string;
  name: string;
  clientId: string;
  outletId: string;
  outletName: string;
  brandName: string;
  connected: boolean;
  syncStatus: string;
  syncMessage: string | null;
  connectedAt: Date | null;
  facebookAccountId: string | null;
  webhooksSubscribed: boolean;
}

/**
 * Pages of the client on the outlets the scope sees (`outletIds` null: all), with their outlet
 * and brand, ordered by brand and outlet name.
 */
export async function listClientPages(db: Db, clientId: string, outletIds: readonly string[] | null): Promise<ClientPageRow[]> {
  const rows = await db
    .select({
      id: facebookPages.id,
      name: facebookPages.name,
      clientId: facebookPages.clientId,
      outletId: facebookPages.outletId,
      outletName: outlets.name,
      brandName: brands.name,
      connected: sql<boolean>`${facebookPages.pageAccessTokenEnc} is not null`,
      syncStatus: facebookPages.syncStatus,
      syncMessage: facebookPages.syncMessage,
      connectedAt: facebookPages.connectedAt,
      facebookAccountId: facebookPages.facebookAccountId,
      webhooksSubscribed: facebookPages.webhooksSubscribed,
    })
    .from(facebookPages)
    .innerJoin(outlets, eq(outlets.id, facebookPages.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(tenantScope({ clientId, outletIds }, facebookPages))
    .orderBy(asc(brands.name), asc(outlets.name));
  return rows.map((r) => ({ ...r, connected: Boolean(r.connected) }));
}

/** The client's Facebook Login connections, with the name of the DineDesk user who connected each. */
export async function listAccounts(db: Db, clientId: string): Promise<(FacebookAccountRow & { connectedByName: string | null })[]> {
  const rows = await db
    .select({ a: facebookAccounts, connectedByName: users.fullName })
    .from(facebookAccounts)
    .leftJoin(users, eq(users.id, facebookAccounts.connectedBy))
    .where(eq(facebookAccounts.clientId, clientId))
    .orderBy(asc(facebookAccounts.connectedAt));
  return rows.map((r) => ({ ...r.a, connectedByName: r.connectedByName }));
}

/**
 * Inserts or refreshes the connection of (client, Facebook user): a reconnect replaces the
 * sealed user token and clears a dead state. @returns the connection's id
 */
export async function upsertAccount(
  db: Db,
  a: { clientId: string; facebookUserId: string; name: string; userTokenEnc: string; tokenExpiresAt: Date | null; scopes: string[]; at: Date; connectedBy: string },
): Promise<string> {
  const values = { name: a.name, userTokenEnc: a.userTokenEnc, tokenExpiresAt: a.tokenExpiresAt, scopes: a.scopes, status: 'valid', statusMessage: null, checkedAt: a.at, connectedAt: a.at, connectedBy: a.connectedBy };
  const [row] = await db
    .insert(facebookAccounts)
    .values({ clientId: a.clientId, facebookUserId: a.facebookUserId, ...values })
    .onConflictDoUpdate({ target: [facebookAccounts.clientId, facebookAccounts.facebookUserId], set: values })
    .returning({ id: facebookAccounts.id });
  return row!.id;
}

/** Records what Facebook said of a connection's token (`debug_token`). */
export async function updateAccountCheck(
  db: Db,
  id: string,
  c: { status: 'valid' | 'dead'; statusMessage: string | null; tokenExpiresAt?: Date | null; scopes?: string[]; at: Date },
): Promise<void> {
  await db
    .update(facebookAccounts)
    .set({ status: c.status, statusMessage: c.statusMessage, checkedAt: c.at, ...(c.tokenExpiresAt !== undefined ? { tokenExpiresAt: c.tokenExpiresAt } : {}), ...(c.scopes ? { scopes: c.scopes } : {}) })
    .where(eq(facebookAccounts.id, id));
}

/**
 * Links a page of the client to the connection that gave its token, and records whether its
 * webhook subscription succeeded. Only a page of `clientId` is touched. @returns false otherwise
 */
export async function linkPageToAccount(db: Db, pageId: string, clientId: string, accountId: string, webhooksSubscribed: boolean): Promise<boolean> {
  const rows = await db
    .update(facebookPages)
    .set({ facebookAccountId: accountId, webhooksSubscribed })
    .where(and(eq(facebookPages.id, pageId), eq(facebookPages.clientId, clientId)))
    .returning({ id: facebookPages.id });
  return rows.length > 0;
}

/**
 * A client owner of the client, for demo wiring that acts as the owner would (the seed connects
 * the demo pages through Facebook Login in their name). @returns undefined when there is none
 */
export async function firstClientOwner(db: Db, clientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.clientId, clientId), eq(memberships.role, 'client_owner')))
    .orderBy(asc(memberships.userId))
    .limit(1);
  return row?.userId;
}

/** Clients that have at least one page without a page access token. */
export async function clientsWithUnconnectedPages(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ clientId: facebookPages.clientId }).from(facebookPages).where(isNull(facebookPages.pageAccessTokenEnc));
  return rows.map((r) => r.clientId);
}
