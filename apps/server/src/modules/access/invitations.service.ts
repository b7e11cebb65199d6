import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { CLIENT_ROLES, INVITATION_SIGN_IN_CODE, MODULES, ZModule, type TAccessIds, type TClientRole, type TClientUser, type TInvitation, type TModule, type ZInviteUserRequest } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertStrongPassword } from '../../lib/password-policy.ts';
import type { MessageLanguage } from '../../lib/request-language.ts';
import { assertOwnIds, memberIdByEmail, replaceGrants, roleIn, userByEmail, userById } from './access.repository.ts';
import * as repo from './invitations.repository.ts';
import type { InvitationRow } from './invitations.repository.ts';
import type { AuthContext } from './session.service.ts';

/**
 * Invitations (docs/decisions/0009): creating one (user invite, client onboarding),
 * and accepting one, by choosing the password of a new account (set-password) or by signing in
 * (accept-invitation). Only a token's SHA-256 is stored.
 */

/** Invitations stay valid for 7 days (long enough to reach someone by another channel). */
const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** What an invitation grants on acceptance: a role in its client and the access ids of that role. */
export interface InvitationGrant {
  email: string;
  fullName: string;
  role: TClientRole;
  access: TAccessIds;
}

/**
 * Creates a one-time invitation into `clientId` (docs/decisions/0009): a pending
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
  const id = await repo.insertInvitation(db, { clientId, email: grant.email, fullName: grant.fullName, role: grant.role, access: grant.access, tokenHash: sha256(token), createdByUserId, createdAt: now, expiresAt });
  return { id, invitation: { url: `/set-password?token=${token}`, expiresAt: expiresAt.toISOString() } };
}

/** A pending invitation as a row of the client's users: only what the inviter typed. */
export function invitationAsUser(row: InvitationRow): TClientUser {
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


/**
 * Judges and hashes a password a user chooses from an invitation (`POST /api/auth/set-password`);
 * every place that sets a password goes through here or {@link assertStrongPassword}. The
 * invited user's email and name and the name of the client they join count as guessable words
 * (lib/password-policy.ts).
 * @throws HttpError 400 naming `body.password` with the reason in `language`
 */
export async function hashNewPassword(ctx: AppContext, input: { password: string; invitationToken: string; language: MessageLanguage }): Promise<string> {
  // Read-only look-up for the user's words; the invitation itself is checked and consumed by
  // consumeInvitation, which alone decides whether the token is valid.
  const invited = await repo.invitedWords(ctx.db, sha256(input.invitationToken));
  assertStrongPassword(input.password, invited ? [invited.email, invited.fullName, invited.clientName ?? ''] : [], input.language);
  return hashPassword(input.password);
}

/**
 * `POST /api/client-users/invite` (docs/decisions/0009): invites an email into the
 * session's client with a role and access ids. It creates a pending invitation only; no account
 * is read or changed, so a brand-new email and one with an account elsewhere get the same 201
 * and the same shape, with only what the inviter typed. A new invitation for an email with a
 * pending one replaces it (the old link stops working; the token is shown only once).
 * @returns the invitation as a row of the user list, and its URL (no mail server: the inviter
 *   passes it on)
 * @throws 409 naming `body.email` when the email is already a member of this client; 404
 *   brand/outlet ids of another client
 */
/**
 * Modules a new user is granted when the invitation names none: all but Digital Marketing, which
 * is off by default (docs/requirements/routes.md lists its group disabled; "module access id; off
 * by default"; docs/decisions/0043): the owner switches it on per user in Users & access.
 */
export const DEFAULT_INVITE_MODULES: readonly TModule[] = MODULES.filter((m) => m !== 'digital_marketing');

export async function inviteUser(ctx: AppContext, auth: AuthContext, clientId: string, input: z.output<typeof ZInviteUserRequest>): Promise<{ user: TClientUser; invitation: TInvitation }> {
  const email = input.email.trim().toLowerCase();
  return ctx.db.transaction(async (tx) => {
    await assertOwnIds(tx, clientId, input.brandIds, input.outletIds);
    const now = ctx.now();
    if (await memberIdByEmail(tx, clientId, email)) throw new HttpError(409, `${email} is already a user of this client`, { field: 'body.email' });
    await repo.revokePendingOf(tx, clientId, email, now);
    const grant: InvitationGrant = { email, fullName: input.fullName, role: input.role, access: { brandIds: [...new Set(input.brandIds)], outletIds: [...new Set(input.outletIds)], modules: [...new Set(input.modules ?? DEFAULT_INVITE_MODULES)] } };
    const { id, invitation } = await createInvitation(tx, ctx, clientId, grant, auth.userId);
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'user.invited', target: `invitation:${id}`, details: { email, role: input.role }, at: now });
    const row = await repo.invitationById(tx, id);
    return { user: invitationAsUser(row!), invitation };
  });
}

const INVALID_INVITATION = 'This invitation link is invalid or has expired';

/**
 * Marks the invitation of `token` used if it is pending; the update is the check, so a used,
 * revoked or expired token matches no row and two concurrent uses cannot both succeed. Callers
 * run it inside their transaction and throw to undo it.
 * @throws HttpError 400 naming `body.token` when no pending invitation has this token
 */
async function claimInvitation(tx: Db, token: string, now: Date) {
  const inv = await repo.claimPending(tx, sha256(token), now);
  if (!inv || !inv.clientId) throw new HttpError(400, INVALID_INVITATION, { field: 'body.token' });
  return { ...inv, clientId: inv.clientId };
}

/**
 * Turns an accepted invitation into a membership of its client with the role and access ids it
 * carries, and records who accepted it. A user who is a member already (an invitation made in
 * earlier versions created the membership at invite time) keeps the membership as it is.
 */
async function joinClient(tx: Db, inv: InvitationRow & { clientId: string }, userId: string, now: Date): Promise<void> {
  await repo.setInvitationUser(tx, inv.id, userId);
  if (await roleIn(tx, inv.clientId, userId)) return;
  const grant = invitationAsUser(inv);
  await repo.insertMembership(tx, { userId, clientId: inv.clientId, role: grant.role, createdAt: now });
  await replaceGrants(tx, userId, inv.clientId, 'brand', grant.access.brandIds, now);
  await replaceGrants(tx, userId, inv.clientId, 'outlet', grant.access.outletIds, now);
  await replaceGrants(tx, userId, inv.clientId, 'module', inv.access.modules.filter((m) => ZModule.safeParse(m).success), now);
  await audit(tx, { clientId: inv.clientId, actorUserId: userId, action: 'invitation.accepted', target: `user:${userId}`, details: { email: inv.email, role: grant.role }, at: now });
}

/**
 * `POST /api/auth/set-password` (docs/decisions/0009): accepts an invitation by
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
    const existing = await userByEmail(tx, inv.email);
    if (existing && (existing.passwordHash || existing.isSuperAdmin || (await repo.memberElsewhere(tx, existing.id, inv.clientId)))) throw signIn();
    if (await repo.earlierPendingElsewhere(tx, inv, now)) throw signIn();
    const user = existing
      ? // Guarded again in SQL: a concurrent set-password of the same account cannot overwrite.
        await repo.setFirstPassword(tx, existing.id, passwordHash, now)
      : // Two links for one new email used at once: the unique email index lets one through.
        await repo.insertUser(tx, { email: inv.email, fullName: inv.fullName, passwordHash, passwordChangedAt: now, createdAt: now });
    if (!user) throw signIn();
    await joinClient(tx, inv, user.id, now);
    await audit(tx, { clientId: inv.clientId, actorUserId: user.id, action: 'password.set', target: `user:${user.id}`, at: now });
    return { user, clientId: inv.clientId };
  });
}

/**
 * `POST /api/auth/accept-invitation` (docs/decisions/0009): an existing account
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
    const user = await userById(tx, auth.userId);
    if (!user || user.email.trim().toLowerCase() !== inv.email) {
      throw new HttpError(403, 'This invitation was sent to another email address: sign in with that account to accept it', { field: 'body.token' });
    }
    await joinClient(tx, inv, user.id, now);
    return { user, clientId: inv.clientId };
  });
}
