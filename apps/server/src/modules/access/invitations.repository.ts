import { and, asc, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { TAccessIds } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';

/** SQL of invitations and of the accounts they open (docs/decisions/0009). */

const inv = schema.invitations;
export type InvitationRow = typeof schema.invitations.$inferSelect;
export type UserRow = typeof schema.users.$inferSelect;

/** Pending invitations of a client: not used, not revoked, not expired at `now`. */
const pendingIn = (clientId: string, now: Date) => and(eq(inv.clientId, clientId), isNull(inv.usedAt), isNull(inv.revokedAt), gt(inv.expiresAt, now));

/** Stores an invitation (only the token's SHA-256); @returns its id */
export async function insertInvitation(
  db: Db,
  v: { clientId: string; email: string; fullName: string; role: string; access: TAccessIds; tokenHash: string; createdByUserId: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(inv).values(v).returning({ id: inv.id });
  return row!.id;
}

/** An invitation by id, whatever its state. */
export async function invitationById(db: Db, id: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(inv).where(eq(inv.id, id));
  return row;
}

/** A pending invitation of `clientId` by its id, or null. */
export async function pendingInvitation(db: Db, clientId: string, id: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await db.select().from(inv).where(and(pendingIn(clientId, now), eq(inv.id, id)));
  return row ?? null;
}

/** Pending invitations of a client by email, the newest first per email. */
export async function pendingInvitations(db: Db, clientId: string, now: Date): Promise<InvitationRow[]> {
  return db.select().from(inv).where(pendingIn(clientId, now)).orderBy(asc(inv.email), desc(inv.createdAt));
}

/** Email and name typed for the invitation of a token hash, and its client's name, whatever its state (read only). */
export async function invitedWords(db: Db, tokenHash: string): Promise<{ email: string; fullName: string; clientName: string | null } | undefined> {
  const [row] = await db
    .select({ email: inv.email, fullName: inv.fullName, clientName: schema.clients.name })
    .from(inv)
    .leftJoin(schema.clients, eq(schema.clients.id, inv.clientId))
    .where(eq(inv.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Revokes the pending invitations of an email in a client. */
export async function revokePendingOf(db: Db, clientId: string, email: string, now: Date): Promise<void> {
  await db.update(inv).set({ revokedAt: now }).where(and(pendingIn(clientId, now), eq(inv.email, email)));
}

/** Revokes one invitation. */
export async function revokeInvitation(db: Db, id: string, now: Date): Promise<void> {
  await db.update(inv).set({ revokedAt: now }).where(eq(inv.id, id));
}

/** Changes the role and access ids an invitation grants. */
export async function updateInvitationGrant(db: Db, id: string, grant: { role: string; access: InvitationRow['access'] }): Promise<InvitationRow> {
  const [row] = await db.update(inv).set(grant).where(eq(inv.id, id)).returning();
  return row!;
}

/**
 * Marks the pending invitation of a token hash used; the update is the check, so a used, revoked
 * or expired token matches no row and two concurrent uses cannot both succeed.
 */
export async function claimPending(db: Db, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(inv)
    .set({ usedAt: now })
    .where(and(eq(inv.tokenHash, tokenHash), isNull(inv.usedAt), isNull(inv.revokedAt), gt(inv.expiresAt, now)))
    .returning();
  return row;
}

/** Records who accepted an invitation. */
export async function setInvitationUser(db: Db, id: string, userId: string): Promise<void> {
  await db.update(inv).set({ userId }).where(eq(inv.id, id));
}

/** Whether another client's invitation of the same email, made earlier, is still pending. */
export async function earlierPendingElsewhere(db: Db, of: InvitationRow & { clientId: string }, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: inv.id })
    .from(inv)
    .where(and(eq(inv.email, of.email), ne(inv.clientId, of.clientId), isNull(inv.usedAt), isNull(inv.revokedAt), gt(inv.expiresAt, now), lt(inv.createdAt, of.createdAt)))
    .limit(1);
  return Boolean(row);
}

/** Whether a user is a member of a client other than `clientId`. */
export async function memberElsewhere(db: Db, userId: string, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ clientId: schema.memberships.clientId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.userId, userId), ne(schema.memberships.clientId, clientId)))
    .limit(1);
  return Boolean(row);
}

/** Sets the password of an account that has none; undefined when it has one by now. */
export async function setFirstPassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<UserRow | undefined> {
  const [user] = await db
    .update(schema.users)
    .set({ passwordHash, passwordChangedAt: now })
    .where(and(eq(schema.users.id, userId), isNull(schema.users.passwordHash)))
    .returning();
  return user;
}

/** Creates an account; undefined when the email is taken by now (unique email index). */
export async function insertUser(db: Db, v: { email: string; fullName: string; passwordHash: string; passwordChangedAt: Date; createdAt: Date }): Promise<UserRow | undefined> {
  const [user] = await db.insert(schema.users).values(v).onConflictDoNothing().returning();
  return user;
}

/** Makes a user a member of a client with a role. */
export async function insertMembership(db: Db, v: { userId: string; clientId: string; role: string; createdAt: Date }): Promise<void> {
  await db.insert(schema.memberships).values(v);
}
