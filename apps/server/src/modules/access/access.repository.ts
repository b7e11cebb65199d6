import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { MODULES, type TAccessIds, type TClientRole, type TRole } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { preparedOn } from '../../lib/prepared.ts';
import { outletScope } from '../../lib/tenant-scope.ts';
import { schema } from '../../db/client.ts';

/**
 * SQL of sessions, memberships and grants that access is computed from (routes →
 * service → repository). Every function takes the `Db` (or a transaction) to run on.
 */

/** Records a session; its id is the token's `jti`. */
export async function insertSession(db: Db, s: { id: string; userId: string; clientId: string | null; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.insert(schema.sessions).values(s);
}

/** Marks a session revoked at `at`: its token stops working on the next call. */
export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(schema.sessions).set({ revokedAt: at }).where(eq(schema.sessions.id, sessionId));
}

/**
 * The session of a token with its user, client and the user's membership there, in one round
 * trip: this runs on every request (the list benchmarks measure it). Undefined when no such session.
 */
/** Prepared once per handle: this runs on every authenticated request (lib/prepared.ts). */
const sessionWithMembershipQuery = preparedOn((db) =>
  db
    .select({
      revokedAt: schema.sessions.revokedAt,
      expiresAt: schema.sessions.expiresAt,
      clientId: schema.sessions.clientId,
      createdAt: schema.sessions.createdAt,
      userId: schema.users.id,
      email: schema.users.email,
      fullName: schema.users.fullName,
      isSuperAdmin: schema.users.isSuperAdmin,
      passwordChangedAt: schema.users.passwordChangedAt,
      clientName: schema.clients.name,
      memberRole: schema.memberships.role,
    })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .leftJoin(schema.clients, eq(schema.clients.id, schema.sessions.clientId))
    .leftJoin(schema.memberships, and(eq(schema.memberships.userId, schema.sessions.userId), eq(schema.memberships.clientId, schema.sessions.clientId)))
    .where(and(eq(schema.sessions.id, sql.placeholder('sessionId')), eq(schema.sessions.userId, sql.placeholder('userId'))))
    .prepare('session_with_membership'),
);

export async function sessionWithMembership(db: Db, sessionId: string, userId: string) {
  const [row] = await sessionWithMembershipQuery(db).execute({ sessionId, userId });
  return row;
}

/**
 * A client's name and the user's role there (null: not a member), or undefined when the client
 * does not exist.
 */
export async function clientMembership(db: Db, clientId: string, userId: string): Promise<{ clientName: string; memberRole: string | null } | undefined> {
  const [row] = await db
    .select({ memberRole: schema.memberships.role, clientName: schema.clients.name })
    .from(schema.clients)
    .leftJoin(schema.memberships, and(eq(schema.memberships.clientId, schema.clients.id), eq(schema.memberships.userId, userId)))
    .where(eq(schema.clients.id, clientId));
  return row;
}

/**
 * Outlets a scoped role may see in a client: outlets of granted brands (brand managers) plus
 * granted outlets, in one query.
 */
export async function grantedOutletIds(db: Db, userId: string, clientId: string, role: Extract<TRole, 'brand_manager' | 'outlet_manager'>): Promise<string[]> {
  const g = schema.accessGrants;
  // Compared as text: `ref_id` also holds module keys, and PostgreSQL may evaluate a `::uuid`
  // cast on rows the `kind` filter would drop, failing with "invalid input syntax for uuid".
  const grantsOf = (kind: string) =>
    sql`(select ${g.refId} from ${g} where ${g.userId} = ${userId} and ${g.clientId} = ${clientId} and ${g.kind} = ${kind})`;
  const rows = await db
    .select({ id: schema.outlets.id })
    .from(schema.outlets)
    .where(
      and(
        eq(schema.outlets.clientId, clientId),
        role === 'brand_manager'
          ? sql`(${schema.outlets.brandId}::text in ${grantsOf('brand')} or ${schema.outlets.id}::text in ${grantsOf('outlet')})`
          : sql`${schema.outlets.id}::text in ${grantsOf('outlet')}`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Raw `module` grant keys of a user in a client (unknown keys included; the service filters). */
export async function grantedModuleKeys(db: Db, userId: string, clientId: string): Promise<string[]> {
  const g = schema.accessGrants;
  const rows = await db
    .select({ ref: g.refId })
    .from(g)
    .where(and(eq(g.userId, userId), eq(g.clientId, clientId), eq(g.kind, 'module')));
  return rows.map((r) => r.ref);
}

/** A user by email, compared case-insensitively (emails are stored as typed). */
export async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(schema.users).where(sql`lower(${schema.users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

/** The client of a user's oldest membership, or undefined. */
export async function oldestMembershipClient(db: Db, userId: string): Promise<string | undefined> {
  const [membership] = await db
    .select({ clientId: schema.memberships.clientId })
    .from(schema.memberships)
    .where(eq(schema.memberships.userId, userId))
    .orderBy(asc(schema.memberships.createdAt), asc(schema.memberships.clientId))
    .limit(1);
  return membership?.clientId;
}

/** The first client created (a super admin's default), or undefined on an empty install. */
export async function firstClient(db: Db): Promise<string | undefined> {
  const [first] = await db.select({ id: schema.clients.id }).from(schema.clients).orderBy(asc(schema.clients.createdAt), asc(schema.clients.key)).limit(1);
  return first?.id;
}

/** Access ids of a user in a client, as stored (`access_grants`). */
export async function accessIdsOf(db: Db, userId: string, clientId: string): Promise<TAccessIds> {
  const g = schema.accessGrants;
  const rows = await db
    .select({ kind: g.kind, ref: g.refId })
    .from(g)
    .where(and(eq(g.userId, userId), eq(g.clientId, clientId)))
    .orderBy(asc(g.kind), asc(g.refId));
  return {
    brandIds: rows.filter((r) => r.kind === 'brand').map((r) => r.ref),
    outletIds: rows.filter((r) => r.kind === 'outlet').map((r) => r.ref),
    modules: MODULES.filter((m) => rows.some((r) => r.kind === 'module' && r.ref === m)),
  };
}

/** A user's role in a client, or null when not a member. */
export async function roleIn(db: Db, clientId: string, userId: string): Promise<TClientRole | null> {
  const [m] = await db
    .select({ role: schema.memberships.role })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.clientId, clientId), eq(schema.memberships.userId, userId)));
  return (m?.role as TClientRole | undefined) ?? null;
}

/** Replaces a user's grants of one kind in a client by `refs` (duplicates dropped). */
export async function replaceGrants(db: Db, userId: string, clientId: string, kind: 'brand' | 'outlet' | 'module', refs: readonly string[], at: Date): Promise<void> {
  const g = schema.accessGrants;
  await db.delete(g).where(and(eq(g.userId, userId), eq(g.clientId, clientId), eq(g.kind, kind)));
  const unique = [...new Set(refs)];
  if (unique.length) await db.insert(g).values(unique.map((refId) => ({ userId, clientId, kind, refId, createdAt: at })));
}

/**
 * Checks that every brand and outlet id belongs to `clientId`.
 * @throws HttpError 404 naming the field when one does not (docs/decisions/0004)
 */
export async function assertOwnIds(db: Db, clientId: string, brandIds: readonly string[], outletIds: readonly string[]): Promise<void> {
  if (brandIds.length) {
    const found = await db.select({ id: schema.brands.id }).from(schema.brands).where(and(eq(schema.brands.clientId, clientId), inArray(schema.brands.id, [...brandIds])));
    const missing = brandIds.find((id) => !found.some((f) => f.id === id));
    if (missing) throw new HttpError(404, `Brand ${missing} not found`, { field: 'body.brandIds' });
  }
  if (outletIds.length) {
    const found = await db.select({ id: schema.outlets.id }).from(schema.outlets).where(and(eq(schema.outlets.clientId, clientId), inArray(schema.outlets.id, [...outletIds])));
    const missing = outletIds.find((id) => !found.some((f) => f.id === id));
    if (missing) throw new HttpError(404, `Outlet ${missing} not found`, { field: 'body.outletIds' });
  }
}


/**
 * Records a single-use sign-on token id; false when it was recorded before (a replay). The
 * primary key lets exactly one use through, also across processes. Rows that expired before
 * `purgeBefore` are deleted on the way (they can no longer be replayed).
 */
export async function claimSsoToken(db: Db, t: { jti: string; expiresAt: Date; usedAt: Date; purgeBefore: Date }): Promise<boolean> {
  await db.delete(schema.ssoUsedTokens).where(sql`${schema.ssoUsedTokens.expiresAt} < ${t.purgeBefore}`);
  const inserted = await db
    .insert(schema.ssoUsedTokens)
    .values({ jti: t.jti, expiresAt: t.expiresAt, usedAt: t.usedAt })
    .onConflictDoNothing()
    .returning({ jti: schema.ssoUsedTokens.jti });
  return inserted.length > 0;
}

/** A user row by id. */
export async function userById(db: Db, userId: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  return user;
}

/** The id of the member of a client with this email (compared lower-case), if any. */
export async function memberIdByEmail(db: Db, clientId: string, email: string): Promise<string | undefined> {
  const [member] = await db
    .select({ id: schema.users.id })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(and(eq(schema.memberships.clientId, clientId), sql`lower(${schema.users.email}) = ${email.trim().toLowerCase()}`));
  return member?.id;
}

/** Removes a user from a client: their grants there and their membership. */
export async function removeMember(db: Db, clientId: string, userId: string): Promise<void> {
  await db.delete(schema.accessGrants).where(and(eq(schema.accessGrants.clientId, clientId), eq(schema.accessGrants.userId, userId)));
  await db.delete(schema.memberships).where(and(eq(schema.memberships.clientId, clientId), eq(schema.memberships.userId, userId)));
}

/** Changes a member's role in a client. */
export async function setMemberRole(db: Db, clientId: string, userId: string, role: string): Promise<void> {
  await db.update(schema.memberships).set({ role }).where(and(eq(schema.memberships.clientId, clientId), eq(schema.memberships.userId, userId)));
}

/** Members of a client by email, with their role and whether they have set a password. */
export async function membersOf(db: Db, clientId: string) {
  return db
    .select({ id: schema.users.id, email: schema.users.email, fullName: schema.users.fullName, role: schema.memberships.role, hasPassword: sql<boolean>`${schema.users.passwordHash} is not null` })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(eq(schema.memberships.clientId, clientId))
    .orderBy(asc(schema.users.email));
}

/** Every access grant in a client. */
export async function grantsOfClient(db: Db, clientId: string) {
  return db.select().from(schema.accessGrants).where(eq(schema.accessGrants.clientId, clientId));
}

/** A client's audit log, newest first, with the actor's name and email. */
export async function auditLogRows(db: Db, clientId: string, limit: number) {
  return db
    .select({
      id: schema.auditLog.id,
      at: schema.auditLog.at,
      actorUserId: schema.auditLog.actorUserId,
      actorName: schema.users.fullName,
      actorEmail: schema.users.email,
      action: schema.auditLog.action,
      target: schema.auditLog.target,
      details: schema.auditLog.details,
    })
    .from(schema.auditLog)
    .leftJoin(schema.users, eq(schema.users.id, schema.auditLog.actorUserId))
    .where(eq(schema.auditLog.clientId, clientId))
    .orderBy(desc(schema.auditLog.at), desc(schema.auditLog.id))
    .limit(limit);
}

/** A client row by id. */
export async function clientById(db: Db, clientId: string) {
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.id, clientId));
  return client;
}

/** Brands and outlets of a client, narrowed to `outletIds` (null: all), by brand then outlet name. */
export async function brandOutlets(db: Db, clientId: string, outletIds: readonly string[] | null) {
  return db
    .select({ brandId: schema.brands.id, brandName: schema.brands.name, outletId: schema.outlets.id, outletName: schema.outlets.name, city: schema.outlets.city })
    .from(schema.brands)
    .innerJoin(schema.outlets, eq(schema.outlets.brandId, schema.brands.id))
    .where(and(eq(schema.brands.clientId, clientId), outletScope(outletIds, schema.outlets.id)))
    .orderBy(asc(schema.brands.name), asc(schema.outlets.name));
}

/** Ids an audit page names, by kind (`user`, `brand`, `outlet`, …). */
export type AuditRefs = Partial<Record<AuditRefKind, Set<string>>>;
export type AuditRefKind = 'user' | 'invitation' | 'brand' | 'outlet' | 'review' | 'rule' | 'template' | 'page' | 'google_location' | 'client';

/**
 * Names of the ids of an audit page, keyed `kind:id`, each looked up in this client's rows only
 * (an id of another client, or of a row gone since, gets no name). Users: this client's members
 * and the people its log names (they acted in it, or were acted on).
 */
export async function auditNames(db: Db, clientId: string, refs: AuditRefs): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const ids = (k: AuditRefKind) => [...(refs[k] ?? [])];
  const put = (kind: AuditRefKind, rows: { id: string | number; name: string }[]) => {
    for (const r of rows) if (r.name) names.set(`${kind}:${r.id}`, r.name);
  };
  const text = (col: unknown) => sql<string>`${col}::text`;
  const uuids = (k: AuditRefKind) => ids(k).filter((x) => /^[0-9a-f-]{36}$/i.test(x));
  if (uuids('user').length) {
    put(
      'user',
      await db
        .selectDistinct({ id: schema.users.id, name: schema.users.fullName })
        .from(schema.users)
        .leftJoin(schema.memberships, and(eq(schema.memberships.userId, schema.users.id), eq(schema.memberships.clientId, clientId)))
        .where(and(inArray(schema.users.id, uuids('user')), sql`(${schema.memberships.userId} IS NOT NULL OR EXISTS (SELECT 1 FROM ${schema.auditLog} WHERE ${schema.auditLog.clientId} = ${clientId} AND (${schema.auditLog.actorUserId} = ${schema.users.id} OR ${schema.auditLog.target} = 'user:' || ${schema.users.id}::text)))`)),
    );
  }
  if (uuids('invitation').length) {
    const rows = await db.select({ id: schema.invitations.id, fullName: schema.invitations.fullName, email: schema.invitations.email }).from(schema.invitations).where(and(eq(schema.invitations.clientId, clientId), inArray(schema.invitations.id, uuids('invitation'))));
    put('invitation', rows.map((r) => ({ id: r.id, name: r.fullName || r.email })));
  }
  if (uuids('brand').length) put('brand', await db.select({ id: schema.brands.id, name: schema.brands.name }).from(schema.brands).where(and(eq(schema.brands.clientId, clientId), inArray(schema.brands.id, uuids('brand')))));
  if (uuids('outlet').length) put('outlet', await db.select({ id: schema.outlets.id, name: schema.outlets.name }).from(schema.outlets).where(and(eq(schema.outlets.clientId, clientId), inArray(schema.outlets.id, uuids('outlet')))));
  if (uuids('template').length) put('template', await db.select({ id: schema.replyTemplates.id, name: schema.replyTemplates.name }).from(schema.replyTemplates).where(and(eq(schema.replyTemplates.clientId, clientId), inArray(schema.replyTemplates.id, uuids('template')))));
  if (uuids('client').includes(clientId)) put('client', await db.select({ id: schema.clients.id, name: schema.clients.name }).from(schema.clients).where(eq(schema.clients.id, clientId)));
  const numeric = (k: AuditRefKind) => ids(k).filter((x) => /^\d{1,18}$/.test(x));
  if (numeric('review').length) put('review', await db.select({ id: text(schema.reviews.id), name: schema.reviews.reviewerName }).from(schema.reviews).where(and(eq(schema.reviews.clientId, clientId), inArray(text(schema.reviews.id), numeric('review')))));
  if (numeric('rule').length) put('rule', await db.select({ id: text(schema.automationRules.id), name: schema.automationRules.name }).from(schema.automationRules).where(and(eq(schema.automationRules.clientId, clientId), inArray(text(schema.automationRules.id), numeric('rule')))));
  if (ids('page').length) put('page', await db.select({ id: schema.facebookPages.id, name: schema.facebookPages.name }).from(schema.facebookPages).where(and(eq(schema.facebookPages.clientId, clientId), inArray(schema.facebookPages.id, ids('page')))));
  if (ids('google_location').length) put('google_location', await db.select({ id: schema.googleLocations.id, name: schema.googleLocations.title }).from(schema.googleLocations).where(and(eq(schema.googleLocations.clientId, clientId), inArray(schema.googleLocations.id, ids('google_location')))));
  return names;
}
