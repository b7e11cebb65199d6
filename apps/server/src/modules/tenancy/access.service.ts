import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CLIENT_ROLES,
  MODULES,
  ZModule,
  type TAccessControlRequest,
  type TAccessControlResponse,
  type TAccessIds,
  type TClientRole,
  type TClientUser,
  type TGetAllBrandsResponse,
  type TInvitation,
  type TMyClientsResponse,
  type TRole,
} from '@dinedesk/contracts';
import type { z } from 'zod';
import type { ZInviteUserRequest } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { requireAbility, requireClient, type AuthContext } from '../../plugins/auth.ts';
import type { FastifyRequest } from 'fastify';

/** Invitations stay valid for 7 days (long enough to reach someone by another channel). */
const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
/** Roles whose outlets are narrowed by brand/outlet grants (others see the whole client). */
const SCOPED_ROLES: readonly TRole[] = ['brand_manager', 'outlet_manager'];
const USER_NOT_FOUND = 'User not found';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Writes one audit row (same transaction as the change it records). */
export async function audit(
  db: Db,
  entry: { clientId: string | null; actorUserId: string | null; action: string; target: string; details?: Record<string, unknown>; at: Date },
): Promise<void> {
  await db.insert(schema.auditLog).values({ ...entry, details: entry.details ?? {} });
}

/**
 * Creates a one-time set-password invitation; only the token's SHA-256 is stored.
 * @returns the relative URL of the web page `/set-password?token=…` and its expiry
 */
export async function createInvitation(db: Db, ctx: AppContext, userId: string, clientId: string, createdByUserId: string): Promise<TInvitation> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + INVITATION_TTL_MS);
  await db.insert(schema.invitations).values({ userId, clientId, tokenHash: sha256(token), createdByUserId, createdAt: ctx.now(), expiresAt });
  return { url: `/set-password?token=${token}`, expiresAt: expiresAt.toISOString() };
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

async function roleIn(db: Db, clientId: string, userId: string): Promise<TClientRole | null> {
  const [m] = await db
    .select({ role: schema.memberships.role })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.clientId, clientId), eq(schema.memberships.userId, userId)));
  return (m?.role as TClientRole | undefined) ?? null;
}

/**
 * Checks that every brand and outlet id belongs to `clientId`.
 * @throws HttpError 404 naming the field when one does not (docs/decisions/0004)
 */
async function assertOwnIds(db: Db, clientId: string, brandIds: readonly string[], outletIds: readonly string[]): Promise<void> {
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

async function replaceGrants(db: Db, userId: string, clientId: string, kind: 'brand' | 'outlet' | 'module', refs: readonly string[], at: Date): Promise<void> {
  const g = schema.accessGrants;
  await db.delete(g).where(and(eq(g.userId, userId), eq(g.clientId, clientId), eq(g.kind, kind)));
  const unique = [...new Set(refs)];
  if (unique.length) await db.insert(g).values(unique.map((refId) => ({ userId, clientId, kind, refId, createdAt: at })));
}

/** `POST /api/get-user-role`: the caller's role, or (with `read User`) a member's role. */
export async function getUserRole(request: FastifyRequest, ctx: AppContext, userId: string | undefined) {
  const auth = request.auth;
  if (!userId || userId === auth.userId) return { userId: auth.userId, clientId: auth.clientId, role: auth.role };
  requireAbility(request, 'read', 'User');
  const clientId = requireClient(request);
  const role = await roleIn(ctx.db, clientId, userId);
  if (!role) throw notFound(USER_NOT_FOUND);
  return { userId, clientId, role };
}

/**
 * `POST /api/access-control-of-user` (spec §4, §6): `get` answers the access ids (own, or a
 * member's with `read Access`), `update` replaces the given kinds and/or the role (`update
 * Access`), audits the change and makes the user's sockets re-sync their rooms.
 * @throws 403 missing ability or own access; 404 a user, brand or outlet of another client
 */
export async function accessControl(request: FastifyRequest, ctx: AppContext, body: TAccessControlRequest): Promise<TAccessControlResponse> {
  const auth = request.auth;
  const clientId = requireClient(request);
  if (body.request === 'get') {
    const userId = body.userId ?? auth.userId;
    let role: TRole;
    if (userId === auth.userId) role = auth.role;
    else {
      requireAbility(request, 'read', 'Access');
      const r = await roleIn(ctx.db, clientId, userId);
      if (!r) throw notFound(USER_NOT_FOUND);
      role = r;
    }
    const access = await accessIdsOf(ctx.db, userId, clientId);
    if (role === 'super_admin' || role === 'client_owner') access.modules = [...MODULES];
    return { userId, role, access, allOutlets: !SCOPED_ROLES.includes(role) };
  }
  requireAbility(request, 'update', 'Access');
  const target = body.userId;
  if (target === auth.userId) throw new HttpError(403, 'You may not change your own access or role');
  const before = await roleIn(ctx.db, clientId, target);
  if (!before) throw notFound(USER_NOT_FOUND);
  if (body.remove) {
    await ctx.db.transaction(async (tx) => {
      const old = await accessIdsOf(tx, target, clientId);
      await tx.delete(schema.accessGrants).where(and(eq(schema.accessGrants.clientId, clientId), eq(schema.accessGrants.userId, target)));
      await tx.delete(schema.memberships).where(and(eq(schema.memberships.clientId, clientId), eq(schema.memberships.userId, target)));
      await audit(tx, { clientId, actorUserId: auth.userId, action: 'user.removed', target: `user:${target}`, details: { role: before, access: old }, at: ctx.now() });
    });
    // Their tokens for this client stop working on the next call (no membership); sockets now.
    await ctx.realtime.accessChanged([target]);
    return { userId: target, role: before, access: { brandIds: [], outletIds: [], modules: [] }, allOutlets: false };
  }
  const result = await ctx.db.transaction(async (tx) => {
    await assertOwnIds(tx, clientId, body.brandIds ?? [], body.outletIds ?? []);
    const old = await accessIdsOf(tx, target, clientId);
    const now = ctx.now();
    if (body.role && body.role !== before) {
      await tx.update(schema.memberships).set({ role: body.role }).where(and(eq(schema.memberships.clientId, clientId), eq(schema.memberships.userId, target)));
      await audit(tx, { clientId, actorUserId: auth.userId, action: 'role.changed', target: `user:${target}`, details: { from: before, to: body.role }, at: now });
    }
    if (body.brandIds) await replaceGrants(tx, target, clientId, 'brand', body.brandIds, now);
    if (body.outletIds) await replaceGrants(tx, target, clientId, 'outlet', body.outletIds, now);
    if (body.modules) await replaceGrants(tx, target, clientId, 'module', body.modules, now);
    const access = await accessIdsOf(tx, target, clientId);
    if (body.brandIds || body.outletIds || body.modules) {
      await audit(tx, { clientId, actorUserId: auth.userId, action: 'access.updated', target: `user:${target}`, details: { from: old, to: access }, at: now });
    }
    const role = body.role ?? before;
    return { userId: target, role, access: role === 'client_owner' ? { ...access, modules: [...MODULES] } : access, allOutlets: !SCOPED_ROLES.includes(role) };
  });
  // After commit: an open socket of that user joins or leaves rooms now, not at its next replay.
  await ctx.realtime.accessChanged([target]);
  return result;
}

/** `POST /api/get-all-brands`: brands of the session's client that the caller may see. */
export async function getAllBrands(ctx: AppContext, auth: AuthContext, clientIdParam: string | undefined): Promise<TGetAllBrandsResponse> {
  const clientId = auth.clientId;
  if (!clientId || (clientIdParam && clientIdParam !== clientId)) throw notFound('Client not found');
  const visible = auth.outletIds;
  const rows = await ctx.db
    .select({
      id: schema.brands.id,
      key: schema.brands.key,
      name: schema.brands.name,
      cuisines: schema.brands.cuisines,
      outletCount: sql<number>`count(${schema.outlets.id})::int`,
    })
    .from(schema.brands)
    .innerJoin(
      schema.outlets,
      visible
        ? and(eq(schema.outlets.brandId, schema.brands.id), inArray(schema.outlets.id, visible.length ? visible : ['00000000-0000-0000-0000-000000000000']))
        : eq(schema.outlets.brandId, schema.brands.id),
    )
    .where(eq(schema.brands.clientId, clientId))
    .groupBy(schema.brands.id)
    .orderBy(asc(schema.brands.name));
  return { data: rows };
}

/** `GET /api/client-users`: members of the session's client with their access ids. */
export async function listClientUsers(ctx: AppContext, clientId: string): Promise<TClientUser[]> {
  const rows = await ctx.db
    .select({ id: schema.users.id, email: schema.users.email, fullName: schema.users.fullName, role: schema.memberships.role, hasPassword: sql<boolean>`${schema.users.passwordHash} is not null` })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(eq(schema.memberships.clientId, clientId))
    .orderBy(asc(schema.users.email));
  const grants = await ctx.db.select().from(schema.accessGrants).where(eq(schema.accessGrants.clientId, clientId));
  return rows.map((r) => {
    const mine = grants.filter((g) => g.userId === r.id);
    const role = (CLIENT_ROLES as readonly string[]).includes(r.role) ? (r.role as TClientRole) : 'viewer';
    return {
      id: r.id,
      email: r.email,
      fullName: r.fullName,
      role,
      active: Boolean(r.hasPassword),
      access: {
        brandIds: mine.filter((g) => g.kind === 'brand').map((g) => g.refId),
        outletIds: mine.filter((g) => g.kind === 'outlet').map((g) => g.refId),
        modules: role === 'client_owner' ? [...MODULES] : MODULES.filter((m) => mine.some((g) => g.kind === 'module' && g.refId === m && ZModule.safeParse(g.refId).success)),
      },
    };
  });
}

/**
 * `POST /api/client-users/invite`: adds a user (new, or existing in another client) to the
 * session's client with a role and access ids, in one transaction with its audit row.
 * @returns the invitation URL when the user has no password yet (no mail server: the inviter
 *   passes it on, docs/decisions/0009)
 * @throws 409 when the email is already a member; 404 brand/outlet ids of another client
 */
export async function inviteUser(ctx: AppContext, auth: AuthContext, clientId: string, input: z.output<typeof ZInviteUserRequest>): Promise<{ user: TClientUser; invitation: TInvitation | null }> {
  const email = input.email.trim().toLowerCase();
  const result = await ctx.db.transaction(async (tx) => {
    await assertOwnIds(tx, clientId, input.brandIds, input.outletIds);
    const now = ctx.now();
    let [user] = await tx.select().from(schema.users).where(sql`lower(${schema.users.email}) = ${email}`);
    if (user) {
      if (await roleIn(tx, clientId, user.id)) throw new HttpError(409, `${email} is already a user of this client`, { field: 'body.email' });
    } else {
      [user] = await tx.insert(schema.users).values({ email, fullName: input.fullName, createdAt: now }).returning();
    }
    const u = user!;
    await tx.insert(schema.memberships).values({ userId: u.id, clientId, role: input.role, createdAt: now });
    await replaceGrants(tx, u.id, clientId, 'brand', input.brandIds, now);
    await replaceGrants(tx, u.id, clientId, 'outlet', input.outletIds, now);
    await replaceGrants(tx, u.id, clientId, 'module', input.modules, now);
    const invitation = u.passwordHash ? null : await createInvitation(tx, ctx, u.id, clientId, auth.userId);
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'user.invited', target: `user:${u.id}`, details: { email, role: input.role }, at: now });
    return { userId: u.id, invitation };
  });
  const user = (await listClientUsers(ctx, clientId)).find((x) => x.id === result.userId)!;
  return { user, invitation: result.invitation };
}

/** Clients the caller may switch to: memberships, or every client for a super admin. */
export async function myClients(ctx: AppContext, auth: AuthContext): Promise<TMyClientsResponse> {
  if (auth.role === 'super_admin') {
    const rows = await ctx.db.select({ id: schema.clients.id, name: schema.clients.name }).from(schema.clients).orderBy(asc(schema.clients.name));
    return { data: rows.map((r) => ({ ...r, role: 'super_admin' as const, current: r.id === auth.clientId })) };
  }
  const rows = await ctx.db
    .select({ id: schema.clients.id, name: schema.clients.name, role: schema.memberships.role })
    .from(schema.memberships)
    .innerJoin(schema.clients, eq(schema.clients.id, schema.memberships.clientId))
    .where(eq(schema.memberships.userId, auth.userId))
    .orderBy(asc(schema.clients.name));
  return { data: rows.map((r) => ({ id: r.id, name: r.name, role: r.role as TRole, current: r.id === auth.clientId })) };
}

/**
 * The user and client a switch may act for (`get-access-token-by-client-id`): a member of that
 * client, or a super admin for any existing client.
 * @throws 404 "Client not found" otherwise (also for clients that exist elsewhere, 0004)
 */
export async function switchTarget(ctx: AppContext, auth: AuthContext, clientId: string) {
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, auth.userId));
  if (!user) throw notFound('Client not found');
  if (user.isSuperAdmin) {
    const [c] = await ctx.db.select({ id: schema.clients.id }).from(schema.clients).where(eq(schema.clients.id, clientId));
    if (!c) throw notFound('Client not found');
  } else if (!(await roleIn(ctx.db, clientId, user.id))) throw notFound('Client not found');
  return user;
}

/** The client's audit log, newest first (at most 200 rows). */
export async function auditLogOf(ctx: AppContext, clientId: string) {
  const rows = await ctx.db
    .select({ id: schema.auditLog.id, at: schema.auditLog.at, actorEmail: schema.users.email, action: schema.auditLog.action, target: schema.auditLog.target, details: schema.auditLog.details })
    .from(schema.auditLog)
    .leftJoin(schema.users, eq(schema.users.id, schema.auditLog.actorUserId))
    .where(eq(schema.auditLog.clientId, clientId))
    .orderBy(desc(schema.auditLog.at), desc(schema.auditLog.id))
    .limit(200);
  return { data: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
}

/**
 * `POST /api/auth/set-password`: sets the password of an invited user from a one-time token.
 * @returns the user and the client of the invitation (the caller signs them in)
 * @throws 400 "This invitation link is invalid or has expired"
 */
export async function consumeInvitation(ctx: AppContext, token: string, passwordHash: string) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The update is the check: a used or expired token matches no row, and two concurrent
    // uses of one token cannot both succeed.
    const [inv] = await tx
      .update(schema.invitations)
      .set({ usedAt: now })
      .where(and(eq(schema.invitations.tokenHash, sha256(token)), isNull(schema.invitations.usedAt), sql`${schema.invitations.expiresAt} > ${now}`))
      .returning();
    if (!inv) throw new HttpError(400, 'This invitation link is invalid or has expired', { field: 'body.token' });
    const [user] = await tx.update(schema.users).set({ passwordHash, passwordChangedAt: now }).where(eq(schema.users.id, inv.userId)).returning();
    await audit(tx, { clientId: inv.clientId, actorUserId: inv.userId, action: 'password.set', target: `user:${inv.userId}`, at: now });
    return { user: user!, clientId: inv.clientId };
  });
}

