import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  CLIENT_ROLES,
  INVITATION_SIGN_IN_CODE,
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

/** What an invitation grants on acceptance: a role in its client and the access ids of that role. */
export interface InvitationGrant {
  email: string;
  fullName: string;
  role: TClientRole;
  access: TAccessIds;
}

/**
 * Creates a one-time invitation into `clientId` (docs/decisions/0009, issue #8): a pending
 * membership with the email, name, role and access ids the inviter typed. It reads and changes
 * no account: whether the email has one is decided only when the invitation is accepted, so the
 * answer is the same for every email. Only the token's SHA-256 is stored.
 * @returns the row's id, and the relative URL of the web page `/set-password?token=…` with its expiry
 */
export async function createInvitation(
  db: Db,
  ctx: AppContext,
  clientId: string,
  grant: InvitationGrant,
  createdByUserId: string,
): Promise<{ id: string; invitation: TInvitation }> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const [row] = await db
    .insert(schema.invitations)
    .values({ clientId, email: grant.email, fullName: grant.fullName, role: grant.role, access: grant.access, tokenHash: sha256(token), createdByUserId, createdAt: now, expiresAt })
    .returning({ id: schema.invitations.id });
  return { id: row!.id, invitation: { url: `/set-password?token=${token}`, expiresAt: expiresAt.toISOString() } };
}

/** Pending invitations of a client: not used, not revoked, not expired. */
const pendingIn = (clientId: string, now: Date) =>
  and(eq(schema.invitations.clientId, clientId), isNull(schema.invitations.usedAt), isNull(schema.invitations.revokedAt), gt(schema.invitations.expiresAt, now));

/** A pending invitation of `clientId` by its id (it stands for the user until accepted), or null. */
async function pendingInvitation(db: Db, clientId: string, id: string, now: Date) {
  const [row] = await db.select().from(schema.invitations).where(and(pendingIn(clientId, now), eq(schema.invitations.id, id)));
  return row ?? null;
}

/** A pending invitation as a row of the client's users: only what the inviter typed (issue #8). */
function invitationAsUser(row: typeof schema.invitations.$inferSelect): TClientUser {
  const role = (CLIENT_ROLES as readonly string[]).includes(row.role) ? (row.role as TClientRole) : 'viewer';
  const access = row.access;
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role,
    active: false,
    access: {
      brandIds: access.brandIds,
      outletIds: access.outletIds,
      modules: role === 'client_owner' ? [...MODULES] : MODULES.filter((m) => access.modules.includes(m)),
    },
  };
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
      if (!r) {
        // A pending invitation stands for its user until accepted (same id as in the user list).
        const inv = await pendingInvitation(ctx.db, clientId, userId, ctx.now());
        if (!inv) throw notFound(USER_NOT_FOUND);
        const pending = invitationAsUser(inv);
        return { userId, role: pending.role, access: pending.access, allOutlets: !SCOPED_ROLES.includes(pending.role) };
      }
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
  if (!before) return updatePendingInvitation(ctx, auth, clientId, body);
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

/**
 * `access-control-of-user` `update` of a pending invitation (its id stands for the user until
 * accepted): changes the role and access ids it will grant, or with `remove` revokes it so its
 * link stops working. Audited like changes of members.
 * @throws 404 when `userId` is neither a member nor a pending invitation of the client
 */
async function updatePendingInvitation(
  ctx: AppContext,
  auth: AuthContext,
  clientId: string,
  body: Extract<TAccessControlRequest, { request: 'update' }>,
): Promise<TAccessControlResponse> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const inv = await pendingInvitation(tx, clientId, body.userId, now);
    if (!inv) throw notFound(USER_NOT_FOUND);
    const target = `invitation:${inv.id}`;
    if (body.remove) {
      await tx.update(schema.invitations).set({ revokedAt: now }).where(eq(schema.invitations.id, inv.id));
      await audit(tx, { clientId, actorUserId: auth.userId, action: 'invitation.revoked', target, details: { email: inv.email, role: inv.role }, at: now });
      return { userId: inv.id, role: invitationAsUser(inv).role, access: { brandIds: [], outletIds: [], modules: [] }, allOutlets: false };
    }
    await assertOwnIds(tx, clientId, body.brandIds ?? [], body.outletIds ?? []);
    const old = invitationAsUser(inv);
    const role = body.role ?? old.role;
    const access = {
      brandIds: body.brandIds ? [...new Set(body.brandIds)] : inv.access.brandIds,
      outletIds: body.outletIds ? [...new Set(body.outletIds)] : inv.access.outletIds,
      modules: body.modules ? [...new Set(body.modules)] : inv.access.modules,
    };
    const [row] = await tx.update(schema.invitations).set({ role, access }).where(eq(schema.invitations.id, inv.id)).returning();
    const updated = invitationAsUser(row!);
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'invitation.updated', target, details: { from: { role: old.role, access: old.access }, to: { role, access: updated.access } }, at: now });
    return { userId: inv.id, role, access: updated.access, allOutlets: !SCOPED_ROLES.includes(role) };
  });
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

/**
 * `GET /api/client-users`: members of the session's client with their access ids, then its
 * pending invitations as inactive rows (docs/decisions/0009). An invitation shows only what the
 * inviter typed, never data of an account the email may have elsewhere (issue #8).
 */
export async function listClientUsers(ctx: AppContext, clientId: string): Promise<TClientUser[]> {
  const rows = await ctx.db
    .select({ id: schema.users.id, email: schema.users.email, fullName: schema.users.fullName, role: schema.memberships.role, hasPassword: sql<boolean>`${schema.users.passwordHash} is not null` })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(eq(schema.memberships.clientId, clientId))
    .orderBy(asc(schema.users.email));
  const grants = await ctx.db.select().from(schema.accessGrants).where(eq(schema.accessGrants.clientId, clientId));
  const members = rows.map((r): TClientUser => {
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
  const memberEmails = new Set(members.map((m) => m.email.toLowerCase()));
  const pending = await ctx.db.select().from(schema.invitations).where(pendingIn(clientId, ctx.now())).orderBy(asc(schema.invitations.email), desc(schema.invitations.createdAt));
  const seen = new Set<string>();
  // Invitations made before issue #8 created the member at invite time: that row is listed already.
  const invited = pending.filter((p) => !memberEmails.has(p.email) && !seen.has(p.email) && seen.add(p.email)).map(invitationAsUser);
  return [...members, ...invited].sort((x, y) => x.email.localeCompare(y.email));
}

/**
 * `POST /api/client-users/invite` (issue #4, #8; docs/decisions/0009): invites an email into the
 * session's client with a role and access ids. It creates a pending invitation only; no account
 * is read or changed, so a brand-new email and one with an account elsewhere get the same 201
 * and the same shape, with only what the inviter typed. A new invitation for an email with a
 * pending one replaces it (the old link stops working; the token is shown only once).
 * @returns the invitation as a row of the user list, and its URL (no mail server: the inviter
 *   passes it on)
 * @throws 409 naming `body.email` when the email is already a member of this client; 404
 *   brand/outlet ids of another client
 */
export async function inviteUser(ctx: AppContext, auth: AuthContext, clientId: string, input: z.output<typeof ZInviteUserRequest>): Promise<{ user: TClientUser; invitation: TInvitation }> {
  const email = input.email.trim().toLowerCase();
  return ctx.db.transaction(async (tx) => {
    await assertOwnIds(tx, clientId, input.brandIds, input.outletIds);
    const now = ctx.now();
    const [member] = await tx
      .select({ id: schema.users.id })
      .from(schema.memberships)
      .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
      .where(and(eq(schema.memberships.clientId, clientId), sql`lower(${schema.users.email}) = ${email}`));
    if (member) throw new HttpError(409, `${email} is already a user of this client`, { field: 'body.email' });
    await tx.update(schema.invitations).set({ revokedAt: now }).where(and(pendingIn(clientId, now), eq(schema.invitations.email, email)));
    const grant: InvitationGrant = { email, fullName: input.fullName, role: input.role, access: { brandIds: [...new Set(input.brandIds)], outletIds: [...new Set(input.outletIds)], modules: [...new Set(input.modules)] } };
    const { id, invitation } = await createInvitation(tx, ctx, clientId, grant, auth.userId);
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'user.invited', target: `invitation:${id}`, details: { email, role: input.role }, at: now });
    const [row] = await tx.select().from(schema.invitations).where(eq(schema.invitations.id, id));
    return { user: invitationAsUser(row!), invitation };
  });
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

const INVALID_INVITATION = 'This invitation link is invalid or has expired';

/**
 * Marks the invitation of `token` used if it is pending; the update is the check, so a used,
 * revoked or expired token matches no row and two concurrent uses cannot both succeed. Callers
 * run it inside their transaction and throw to undo it.
 * @throws HttpError 400 naming `body.token` when no pending invitation has this token
 */
async function claimInvitation(tx: Db, token: string, now: Date) {
  const [inv] = await tx
    .update(schema.invitations)
    .set({ usedAt: now })
    .where(and(eq(schema.invitations.tokenHash, sha256(token)), isNull(schema.invitations.usedAt), isNull(schema.invitations.revokedAt), gt(schema.invitations.expiresAt, now)))
    .returning();
  if (!inv || !inv.clientId) throw new HttpError(400, INVALID_INVITATION, { field: 'body.token' });
  return { ...inv, clientId: inv.clientId };
}

/**
 * Turns an accepted invitation into a membership of its client with the role and access ids it
 * carries, and records who accepted it. A user who is a member already (an invitation made
 * before issue #8 created the membership at invite time) keeps the membership as it is.
 */
async function joinClient(tx: Db, inv: typeof schema.invitations.$inferSelect & { clientId: string }, userId: string, now: Date): Promise<void> {
  await tx.update(schema.invitations).set({ userId }).where(eq(schema.invitations.id, inv.id));
  if (await roleIn(tx, inv.clientId, userId)) return;
  const grant = invitationAsUser(inv);
  await tx.insert(schema.memberships).values({ userId, clientId: inv.clientId, role: grant.role, createdAt: now });
  await replaceGrants(tx, userId, inv.clientId, 'brand', grant.access.brandIds, now);
  await replaceGrants(tx, userId, inv.clientId, 'outlet', grant.access.outletIds, now);
  await replaceGrants(tx, userId, inv.clientId, 'module', inv.access.modules.filter((m) => ZModule.safeParse(m).success), now);
  await audit(tx, { clientId: inv.clientId, actorUserId: userId, action: 'invitation.accepted', target: `user:${userId}`, details: { email: inv.email, role: grant.role }, at: now });
}

/**
 * `POST /api/auth/set-password` (docs/decisions/0009, issue #8): accepts an invitation by
 * choosing the password of a **new** account. The token sets a password only when the email has
 * no account that anyone could already use: no user row, or one without a password, not a super
 * admin and a member of no other client; and no earlier pending invitation of another client is
 * waiting for the same email (the first inviter's link activates an address). Everyone else
 * accepts by signing in ({@link acceptInvitation}); their password is never set or reset here.
 * @returns the user and the client of the invitation (the caller signs them in)
 * @throws 400 "This invitation link is invalid or has expired" (`body.token`); 409 with code
 *   `invitation_sign_in` (`body.token`) when the email must sign in instead. Neither answer
 *   names a client, a name or an id; on both nothing is written.
 */
export async function consumeInvitation(ctx: AppContext, token: string, passwordHash: string) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const inv = await claimInvitation(tx, token, now);
    const signIn = () => new HttpError(409, 'This email address already has a DineDesk account or an earlier invitation: sign in with that account to accept this invitation', { field: 'body.token', code: INVITATION_SIGN_IN_CODE });
    const [existing] = await tx.select().from(schema.users).where(sql`lower(${schema.users.email}) = ${inv.email}`);
    if (existing) {
      const [elsewhere] = await tx
        .select({ clientId: schema.memberships.clientId })
        .from(schema.memberships)
        .where(and(eq(schema.memberships.userId, existing.id), ne(schema.memberships.clientId, inv.clientId)))
        .limit(1);
      if (existing.passwordHash || existing.isSuperAdmin || elsewhere) throw signIn();
    }
    const [earlier] = await tx
      .select({ id: schema.invitations.id })
      .from(schema.invitations)
      .where(
        and(
          eq(schema.invitations.email, inv.email),
          ne(schema.invitations.clientId, inv.clientId),
          isNull(schema.invitations.usedAt),
          isNull(schema.invitations.revokedAt),
          gt(schema.invitations.expiresAt, now),
          lt(schema.invitations.createdAt, inv.createdAt),
        ),
      )
      .limit(1);
    if (earlier) throw signIn();
    let user: typeof schema.users.$inferSelect | undefined;
    if (existing) {
      // Guarded again in SQL: a concurrent set-password of the same account cannot overwrite.
      [user] = await tx.update(schema.users).set({ passwordHash, passwordChangedAt: now }).where(and(eq(schema.users.id, existing.id), isNull(schema.users.passwordHash))).returning();
    } else {
      // Two links for one new email used at once: the unique email index lets one through.
      [user] = await tx.insert(schema.users).values({ email: inv.email, fullName: inv.fullName, passwordHash, passwordChangedAt: now, createdAt: now }).onConflictDoNothing().returning();
    }
    if (!user) throw signIn();
    await joinClient(tx, inv, user.id, now);
    await audit(tx, { clientId: inv.clientId, actorUserId: user.id, action: 'password.set', target: `user:${user.id}`, at: now });
    return { user, clientId: inv.clientId };
  });
}

/**
 * `POST /api/auth/accept-invitation` (docs/decisions/0009, issue #8): an existing account
 * accepts an invitation by signing in and presenting its link. Both are needed: the link alone
 * (held by the inviter too) never opens an account, and the account alone cannot take an
 * invitation meant for someone who was given the link. Pending invitations are not listed to
 * the invitee anywhere before this call.
 * @returns the user and the client of the invitation (the caller signs them in to it)
 * @throws 400 invalid, used, revoked or expired token; 403 when the signed-in account's email is
 *   not the invited one (nothing is written on either)
 */
export async function acceptInvitation(ctx: AppContext, auth: AuthContext, token: string) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const inv = await claimInvitation(tx, token, now);
    const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, auth.userId));
    if (!user || user.email.trim().toLowerCase() !== inv.email) {
      throw new HttpError(403, 'This invitation was sent to another email address: sign in with that account to accept it', { field: 'body.token' });
    }
    await joinClient(tx, inv, user.id, now);
    return { user, clientId: inv.clientId };
  });
}
