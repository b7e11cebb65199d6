import { CLIENT_ROLES, MODULES, ZModule, type TAccessControlRequest, type TAccessControlResponse, type TClientRole, type TClientUser, type TRole } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import { transactionThenPublish, type Outbox } from '../../lib/realtime.ts';
import type { TAuditLogResponse } from '@dinedesk/contracts/audit';
import { dropRuleTargets, ownerLostEmailJob, switchOffRulesOfLostOwners } from '../automation/index.ts';
import { releaseComplaintsOutOfSight } from '../complaints/index.ts';
import { releaseTicketsOutOfSight } from '../tickets/index.ts';
import { accessIdsOf, assertOwnIds, auditLogRows, auditNames, grantsOfClient, membersOf, removeMember, replaceGrants, roleIn, setMemberRole, userById, type AuditRefKind, type AuditRefs } from './access.repository.ts';
import { pendingInvitation, pendingInvitations, revokeInvitation, updateInvitationGrant } from './invitations.repository.ts';
import { invitationAsUser } from './invitations.service.ts';
import { assertCan, requireClient, type AuthContext } from './session.service.ts';

/**
 * Users of a client and their access (docs/requirements/states.md and roles.md;
 * docs/decisions/0003, 0008): roles, access ids, the user list with pending invitations, and the
 * audit log.
 */

/** Roles whose outlets are narrowed by brand/outlet grants (others see the whole client). */
const SCOPED_ROLES: readonly TRole[] = ['brand_manager', 'outlet_manager'];
const USER_NOT_FOUND = 'User not found';

/** `POST /api/get-user-role`: the caller's role, or (with `read User`) a member's role. */
export async function getUserRole(ctx: AppContext, auth: AuthContext, userId: string | undefined) {
  if (!userId || userId === auth.userId) return { userId: auth.userId, clientId: auth.clientId, role: auth.role };
  assertCan(auth, 'read', 'User');
  const clientId = requireClient(auth);
  const role = await roleIn(ctx.db, clientId, userId);
  if (!role) throw notFound(USER_NOT_FOUND);
  return { userId, clientId, role };
}

/**
 * `POST /api/access-control-of-user` (docs/requirements/states.md and roles.md): `get` answers the
 * access ids (own, or a member's with `read Access`), `update` replaces the given kinds and/or the
 * role (`update Access`), audits the change and makes the user's sockets re-sync their rooms.
 * @throws 403 missing ability or own access; 404 a user, brand or outlet of another client
 */
export async function accessControl(ctx: AppContext, auth: AuthContext, body: TAccessControlRequest): Promise<TAccessControlResponse> {
  const clientId = requireClient(auth);
  if (body.request === 'get') {
    const userId = body.userId ?? auth.userId;
    let role: TRole;
    if (userId === auth.userId) role = auth.role;
    else {
      assertCan(auth, 'read', 'Access');
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
  assertCan(auth, 'update', 'Access');
  const target = body.userId;
  if (target === auth.userId) throw new HttpError(403, 'You may not change your own access or role');
  const before = await roleIn(ctx.db, clientId, target);
  if (!before) return updatePendingInvitation(ctx, auth, clientId, body);
  if (body.remove) {
    const switchedOff = await transactionThenPublish(ctx, async (tx, outbox) => {
      const old = await accessIdsOf(tx, target, clientId);
      await removeMember(tx, clientId, target);
      await audit(tx, { clientId, actorUserId: auth.userId, action: 'user.removed', target: `user:${target}`, details: { role: before, access: old }, at: ctx.now() });
      const released = await releaseWhatTheyLost(ctx, tx, outbox, clientId, target, { userId: auth.userId, name: auth.fullName }, true);
      // Their tokens for this client stop working on the next call (no membership); sockets after commit.
      outbox.accessChanged([target]);
      return released.rulesSwitchedOff;
    });
    if (switchedOff) ctx.jobs.wake(ownerLostEmailJob);
    return { userId: target, role: before, access: { brandIds: [], outletIds: [], modules: [] }, allOutlets: false };
  }
  const answer = await transactionThenPublish(ctx, async (tx, outbox) => {
    await assertOwnIds(tx, clientId, body.brandIds ?? [], body.outletIds ?? []);
    const old = await accessIdsOf(tx, target, clientId);
    const now = ctx.now();
    if (body.role && body.role !== before) {
      await setMemberRole(tx, clientId, target, body.role);
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
    const released = await releaseWhatTheyLost(ctx, tx, outbox, clientId, target, { userId: auth.userId, name: auth.fullName }, false);
    // After commit: an open socket of that user joins or leaves rooms now, not at its next replay.
    outbox.accessChanged([target]);
    return { switchedOff: released.rulesSwitchedOff, body: { userId: target, role, access: role === 'client_owner' ? { ...access, modules: [...MODULES] } : access, allOutlets: !SCOPED_ROLES.includes(role) } };
  });
  if (answer.switchedOff) ctx.jobs.wake(ownerLostEmailJob);
  return answer.body;
}

/**
 * What a member stops holding when their access shrinks, in the transaction that shrinks it
 * (docs/decisions/0044): ticket assignments and watches and complaint assignments on outlets
 * they no longer see (assignments also when made a viewer), each with an activity entry; when
 * removed, their place in rules' `assign`/`notify` actions; and the rules of owners who may no
 * longer run them are switched off and flagged. Nothing to release writes nothing; otherwise one
 * audit row `access.work_released` sums it up.
 * @returns how many of each were released
 */
async function releaseWhatTheyLost(ctx: AppContext, tx: Db, outbox: Outbox, clientId: string, userId: string, actor: { userId: string; name: string }, removed: boolean) {
  const name = (await userById(tx, userId))?.fullName ?? '';
  const tickets = await releaseTicketsOutOfSight(ctx, tx, outbox, clientId, userId, name, actor);
  const complaints = await releaseComplaintsOutOfSight(ctx, tx, outbox, clientId, userId, actor);
  const ruleTargets = removed ? await dropRuleTargets(ctx, tx, clientId, userId, actor) : 0;
  const rulesSwitchedOff = (await switchOffRulesOfLostOwners(ctx, tx, clientId, actor)).length;
  const released = { tickets, complaints, ruleTargets, rulesSwitchedOff };
  if (tickets || complaints || ruleTargets || rulesSwitchedOff) {
    await audit(tx, { clientId, actorUserId: actor.userId, action: 'access.work_released', target: `user:${userId}`, details: released, at: ctx.now() });
  }
  return released;
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
      await revokeInvitation(tx, inv.id, now);
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
    const updated = invitationAsUser(await updateInvitationGrant(tx, inv.id, { role, access }));
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'invitation.updated', target, details: { from: { role: old.role, access: old.access }, to: { role, access: updated.access } }, at: now });
    return { userId: inv.id, role, access: updated.access, allOutlets: !SCOPED_ROLES.includes(role) };
  });
}

/**
 * `GET /api/client-users`: members of the session's client with their access ids, then its
 * pending invitations as inactive rows (docs/decisions/0009). An invitation shows only what the
 * inviter typed, never data of an account the email may have elsewhere.
 */
export async function listClientUsers(ctx: AppContext, clientId: string): Promise<TClientUser[]> {
  const rows = await membersOf(ctx.db, clientId);
  const grants = await grantsOfClient(ctx.db, clientId);
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
  const pending = await pendingInvitations(ctx.db, clientId, ctx.now());
  const seen = new Set<string>();
  // Invitations made in earlier versions created the member at invite time: that row is listed
  // already.
  const invited = pending.filter((p) => !memberEmails.has(p.email) && !seen.has(p.email) && seen.add(p.email)).map(invitationAsUser);
  return [...members, ...invited].sort((x, y) => x.email.localeCompare(y.email));
}

/** Target kinds of audit rows (`kind:id`) whose names the log looks up, as {@link auditNames} kinds. */
const TARGET_KINDS: Readonly<Record<string, AuditRefKind>> = {
  user: 'user',
  invitation: 'invitation',
  outlet: 'outlet',
  brand: 'brand',
  review: 'review',
  automation_rule: 'rule',
  reply_template: 'template',
  google_location: 'google_location',
  client: 'client',
};

const idsIn = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

/**
 * `GET /api/audit-log`: the client's audit log, newest first (at most 200 rows), for the web to
 * word (docs/decisions/0008 "Audit history in words"): each row's actor by name (their email when
 * they have none; null for the system), its target with the name the client knows it by, the
 * details as recorded, and the names of the ids the details hold (brands and outlets of an access
 * change, a page, a rule). Every name is looked up in this client's rows only.
 */
export async function auditLogOf(ctx: AppContext, clientId: string): Promise<TAuditLogResponse> {
  const rows = await auditLogRows(ctx.db, clientId, 200);
  const refs: AuditRefs = {};
  const add = (kind: AuditRefKind, ids: string[]) => {
    for (const id of ids) (refs[kind] ??= new Set()).add(id);
  };
  const parsed = rows.map((r) => {
    const colon = r.target.indexOf(':');
    const kind = colon > 0 ? r.target.slice(0, colon) : r.target;
    const id = colon > 0 ? r.target.slice(colon + 1) : '';
    const ref = TARGET_KINDS[kind];
    if (ref && id) add(ref, [id]);
    const d = (r.details ?? {}) as Record<string, unknown>;
    for (const side of [d.from, d.to, d.access, (d.from as { access?: unknown } | undefined)?.access, (d.to as { access?: unknown } | undefined)?.access]) {
      if (side && typeof side === 'object') {
        add('brand', idsIn((side as { brandIds?: unknown }).brandIds));
        add('outlet', idsIn((side as { outletIds?: unknown }).outletIds));
      }
    }
    add('outlet', idsIn(d.outletId));
    add('page', [...idsIn(d.pageId), ...idsIn(d.pages)]);
    add('rule', idsIn(d.ruleId));
    return { r, kind, id, ref, d };
  });
  const names = await auditNames(ctx.db, clientId, refs);
  return {
    data: parsed.map(({ r, kind, id, ref, d }) => {
      const own: Record<string, string> = {};
      const keep = (k: AuditRefKind, ids: string[]) => {
        for (const x of ids) {
          const n = names.get(`${k}:${x}`);
          if (n) own[`${k}:${x}`] = n;
        }
      };
      for (const [k, set] of Object.entries(refs) as [AuditRefKind, Set<string>][]) keep(k, [...set].filter((x) => JSON.stringify(d).includes(x)));
      // A row gone since (a deleted template or rule) keeps the name its details recorded.
      const targetName = (ref ? names.get(`${ref}:${id}`) : undefined) ?? (typeof d.name === 'string' ? d.name : null) ?? (kind === 'invitation' && typeof d.email === 'string' ? d.email : null);
      return {
        id: r.id,
        at: r.at.toISOString(),
        action: r.action,
        actor: r.actorUserId ? { id: r.actorUserId, name: r.actorName || r.actorEmail || '' } : null,
        target: { kind, id, name: targetName },
        details: d,
        names: own,
      };
    }),
  };
}

