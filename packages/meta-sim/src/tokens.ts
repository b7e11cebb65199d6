/**
 * Access tokens: issuing the test users' long-lived user tokens and their page tokens,
 * and resolving a presented token to who is calling.
 *
 * Rules (docs/requirements/platform-apis.md#facebook-login-and-tokens): the app token is
 * `{app-id}|{app-secret}`; a long-lived user token lives ~60 days; a page token obtained with a
 * long-lived user token never expires (`expires_at: 0`); all carry `data_access_expires_at` ~90
 * days out.
 *
 * Besides each test user's own token (issued at start, as if they had logged in), Facebook Login
 * (`oauth.ts`) issues session tokens: a short-lived user token (~2 h) from the code exchange, a
 * long-lived one (`expires_in` 5183944 s) from `fb_exchange_token`, and page tokens derived from
 * either by `/me/accounts` (expiring with a short-lived parent, never with a long-lived one,
 * docs/requirements/platform-apis.md#facebook-login-and-tokens). Several sessions of one user live
 * side by side, as on Graph.
 */
import { randomBytes } from 'node:crypto';
import { expiredToken, invalidToken, revokedToken } from './errors.ts';
import type { Seed, SimPage, SimUser } from './seed.ts';
import type { RevokedTokenRecord, SessionTokenRecord, StateStore, TokenRecord } from './state.ts';

/**
 * Scopes granted to every test user: the app's login scopes in
 * docs/requirements/platform-apis.md#facebook-login-and-tokens (including the Instagram ones
 * Page-linked Instagram messaging needs,
 * docs/requirements/platform-apis.md#messenger-and-instagram-messaging) plus
 * `pages_manage_metadata`. A user can decline some through the control API (`grants`).
 */
export const USER_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_engagement',
  'pages_read_user_content',
  'pages_manage_metadata',
  'pages_messaging',
  'instagram_basic',
  'instagram_manage_messages',
  'instagram_manage_insights',
] as const;

/** Lifetime of a long-lived user token, seconds (Graph answers `expires_in: 5183944`, ~60 d). */
export const LONG_LIVED_SECONDS = 60 * 24 * 3600;
/**
 * Lifetime of a short-lived user token from the code exchange, seconds
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens: "about 1–2 h"; Meta's access-token
 * guide: short-lived tokens "usually have a lifetime of about an hour or two").
 */
export const SHORT_LIVED_SECONDS = 2 * 3600;
/** `expires_in` of `fb_exchange_token`, seconds
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens: Graph answers 5183944, ~60 d). */
export const EXCHANGED_LONG_LIVED_SECONDS = 5183944;
/** Data access window, seconds (~90 d,
 * docs/requirements/platform-apis.md#facebook-login-and-tokens). */
export const DATA_ACCESS_SECONDS = 90 * 24 * 3600;

/** Who a request acts as. */
export type Principal =
  | { type: 'APP'; token: string }
  | { type: 'USER'; token: string; user: SimUser; record: TokenRecord }
  | { type: 'PAGE'; token: string; user: SimUser; page: SimPage; record: TokenRecord };

type TokenRef = { kind: 'USER'; userId: string } | { kind: 'PAGE'; userId: string; pageId: string };

/** A new opaque token in the shape of Meta's (`EAA` + base64url). */
function newToken(): string {
  return `EAA${randomBytes(36).toString('base64url')}`;
}

/**
 * Issues and resolves tokens. The token → owner index is rebuilt from the persisted records,
 * so tokens handed out before a restart keep working.
 */
export class TokenRegistry {
  private readonly index = new Map<string, TokenRef>();
  /** Expired user tokens replaced by `ensureIssued` → their `expiresAt`, to keep answering 463. */
  private readonly retired = new Map<string, number>();

  constructor(
    private readonly seed: Seed,
    private readonly store: StateStore,
    private readonly app: { id: string; secret: string },
    private readonly now: () => Date,
  ) {
    for (const [userId, rec] of Object.entries(store.state.userTokens)) this.index.set(rec.token, { kind: 'USER', userId });
    for (const [key, rec] of Object.entries(store.state.pageTokens)) {
      const [userId = '', pageId = ''] = key.split(':');
      this.index.set(rec.token, { kind: 'PAGE', userId, pageId });
    }
    for (const [token, r] of Object.entries(store.state.revokedTokens ?? {})) {
      this.index.set(token, r.pageId === null ? { kind: 'USER', userId: r.userId } : { kind: 'PAGE', userId: r.userId, pageId: r.pageId });
    }
  }

  /** Facebook Login tokens by token (created on first use, so older state files load). */
  private get sessions(): Record<string, SessionTokenRecord> {
    return (this.store.state.sessionTokens ??= {});
  }

  /** The app access token `{app-id}|{app-secret}`. */
  get appToken(): string {
    return `${this.app.id}|${this.app.secret}`;
  }

  /** Scopes `userId` has granted: `USER_SCOPES` minus the ones declined in `grants`. */
  grantedScopes(userId: string): string[] {
    const declined = new Set(this.store.state.grants?.[userId]?.declinedScopes ?? []);
    return USER_SCOPES.filter((s) => !declined.has(s));
  }

  /**
   * Makes sure every seeded user has an unexpired user token and a page token per managed
   * Page, issuing what is missing or expired (a test user "logging in again"), then persists.
   * Tokens of users or Pages no longer in the seed are kept in the file but resolve to nothing.
   * Existing tokens get their scopes brought in line with the user's grants, so a state file
   * written before a scope was added (or declined) follows the current grants. Tokens killed by
   * `revoke` are missing from the records, so this issues their successors.
   * @param onlyUserId only this user (the others are left as they are)
   */
  ensureIssued(onlyUserId?: string): void {
    const nowSec = Math.floor(this.now().getTime() / 1000);
    let changed = false;
    const sameScopes = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i]);
    for (const user of this.seed.users.values()) {
      if (onlyUserId !== undefined && user.id !== onlyUserId) continue;
      const scopes = this.grantedScopes(user.id);
      // Graph grants scopes per user and app, so every session of the user follows the grants.
      for (const rec of Object.values(this.store.state.sessionTokens ?? {})) {
        if (rec.userId === user.id && !sameScopes(rec.scopes, scopes)) {
          rec.scopes = [...scopes];
          changed = true;
        }
      }
      const current = this.store.state.userTokens[user.id];
      if (current && !sameScopes(current.scopes, scopes)) {
        current.scopes = [...scopes];
        changed = true;
      }
      if (!current || (current.expiresAt > 0 && current.expiresAt <= nowSec)) {
        const rec: TokenRecord = {
          token: newToken(),
          issuedAt: nowSec,
          expiresAt: nowSec + LONG_LIVED_SECONDS,
          dataAccessExpiresAt: nowSec + DATA_ACCESS_SECONDS,
          scopes: [...scopes],
        };
        // The replaced token still answers "expired" (190/463), not "unknown", like Graph.
        if (current) this.retired.set(current.token, current.expiresAt);
        this.store.state.userTokens[user.id] = rec;
        this.index.set(rec.token, { kind: 'USER', userId: user.id });
        changed = true;
      }
      for (const pageId of user.pageIds) {
        const key = `${user.id}:${pageId}`;
        const existing = this.store.state.pageTokens[key];
        if (existing) {
          if (!sameScopes(existing.scopes, scopes)) {
            existing.scopes = [...scopes];
            changed = true;
          }
          continue;
        }
        const rec: TokenRecord = {
          token: newToken(),
          issuedAt: nowSec,
          expiresAt: 0,
          dataAccessExpiresAt: nowSec + DATA_ACCESS_SECONDS,
          scopes: [...scopes],
        };
        this.store.state.pageTokens[key] = rec;
        this.index.set(rec.token, { kind: 'PAGE', userId: user.id, pageId });
        changed = true;
      }
    }
    if (changed) this.store.save();
  }

  /**
   * Kills tokens before their time, as Meta does on a password change (190/460), the app's
   * removal (458), a security checkpoint (459), an unconfirmed account (464), a logout (467) or
   * an early expiry (463) (docs/requirements/platform-apis.md#facebook-login-and-tokens). With
   * `userId`: that user's token and all their page tokens (only the one of `pageId` when both are
   * given): the user must log in again, which `ensureIssued` (listing the test users) does. With
   * `pageId` alone: every page token of that Page, and its admins get fresh ones at once (as from
   * `/me/accounts` with a valid user token). A dead token keeps answering 190 with its subcode;
   * `debug_token` says `is_valid:false`.
   * @returns the tokens killed
   * @throws Error for an unknown user or Page, a user who does not manage the Page, or neither given
   */
  revoke(target: { userId?: string; pageId?: string }, subcode: number): string[] {
    const { userId, pageId } = target;
    if (userId === undefined && pageId === undefined) throw new Error('userId or pageId is required');
    if (userId !== undefined && !this.seed.users.has(userId)) throw new Error(`no test user with id ${userId}`);
    if (pageId !== undefined && !this.seed.pages.has(pageId)) throw new Error(`no Page with id ${pageId}`);
    if (userId !== undefined && pageId !== undefined && !this.seed.users.get(userId)!.pageIds.includes(pageId)) throw new Error(`test user ${userId} does not manage Page ${pageId}`);
    const at = Math.floor(this.now().getTime() / 1000);
    const revoked = (this.store.state.revokedTokens ??= {});
    const killed: string[] = [];
    const owners = new Set<string>();
    const kill = (token: string, rec: RevokedTokenRecord) => {
      revoked[token] = rec;
      killed.push(token);
      owners.add(rec.userId);
    };
    if (userId !== undefined && pageId === undefined) {
      const rec = this.store.state.userTokens[userId];
      if (rec) {
        kill(rec.token, { userId, pageId: null, subcode, at });
        delete this.store.state.userTokens[userId];
      }
    }
    for (const [key, rec] of Object.entries(this.store.state.pageTokens)) {
      const [owner = '', page = ''] = key.split(':');
      if ((userId === undefined || owner === userId) && (pageId === undefined || page === pageId)) {
        kill(rec.token, { userId: owner, pageId: page, subcode, at });
        delete this.store.state.pageTokens[key];
      }
    }
    // Facebook Login sessions: a user's all die with the user; a Page's page tokens with the Page.
    for (const [token, rec] of Object.entries(this.sessions)) {
      const hit = pageId === undefined ? rec.userId === userId : rec.pageId === pageId && (userId === undefined || rec.userId === userId);
      if (hit) {
        kill(token, { userId: rec.userId, pageId: rec.pageId, subcode, at });
        delete this.sessions[token];
      }
    }
    this.store.save();
    // A page token alone: the admins' user tokens still work, and Graph hands them new page tokens.
    if (pageId !== undefined) for (const owner of owners) this.ensureIssued(owner);
    return killed;
  }

  /** The Page of a page token, dead or alive; null for other tokens (call attribution, call-log.ts). */
  pageOfToken(token: string): string | null {
    const session = this.store.state.sessionTokens?.[token];
    if (session) return session.pageId;
    const ref = this.index.get(token);
    return ref?.kind === 'PAGE' ? ref.pageId : null;
  }

  /** The current user token of a test user. @throws Error for an unknown user id. */
  userToken(userId: string): TokenRecord {
    const rec = this.store.state.userTokens[userId];
    if (!rec) throw new Error(`no token issued for user ${userId}`);
    return rec;
  }

  /**
   * Issues a Facebook Login user token for `userId` with the user's current grants (`oauth.ts`).
   * @param longLived true: `fb_exchange_token` (EXCHANGED_LONG_LIVED_SECONDS); false: the code
   *   exchange (SHORT_LIVED_SECONDS)
   * @throws Error for an unknown user id
   */
  issueSession(userId: string, longLived: boolean): SessionTokenRecord {
    if (!this.seed.users.has(userId)) throw new Error(`no test user with id ${userId}`);
    const nowSec = Math.floor(this.now().getTime() / 1000);
    const rec: SessionTokenRecord = {
      token: newToken(),
      issuedAt: nowSec,
      expiresAt: nowSec + (longLived ? EXCHANGED_LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS),
      dataAccessExpiresAt: nowSec + DATA_ACCESS_SECONDS,
      scopes: this.grantedScopes(userId),
      userId,
      pageId: null,
      longLived,
    };
    this.sessions[rec.token] = rec;
    this.store.save();
    return rec;
  }

  /**
   * The page token a user token receives for `pageId` (`/me/accounts`, `?fields=access_token`):
   * the test user's own token gets the user's standing page token; a Facebook Login session
   * gets one derived from it, issued once per (session, Page): it never expires when the
   * session is long-lived and expires with the session otherwise
   * (docs/requirements/platform-apis.md#facebook-login-and-tokens).
   * @returns undefined when the user does not manage the Page
   */
  pageTokenFor(p: Extract<Principal, { type: 'USER' }>, pageId: string): TokenRecord | undefined {
    if (!p.user.pageIds.includes(pageId)) return undefined;
    const parent = this.store.state.sessionTokens?.[p.token];
    if (!parent) return this.pageToken(p.user.id, pageId);
    const existing = Object.values(this.sessions).find((r) => r.parent === p.token && r.pageId === pageId);
    if (existing) return existing;
    const nowSec = Math.floor(this.now().getTime() / 1000);
    const rec: SessionTokenRecord = {
      token: newToken(),
      issuedAt: nowSec,
      expiresAt: parent.longLived ? 0 : parent.expiresAt,
      dataAccessExpiresAt: nowSec + DATA_ACCESS_SECONDS,
      scopes: [...parent.scopes],
      userId: p.user.id,
      pageId,
      longLived: parent.longLived,
      parent: p.token,
    };
    this.sessions[rec.token] = rec;
    this.store.save();
    return rec;
  }

  /** The page token of (user, page), if that user manages the page. */
  pageToken(userId: string, pageId: string): TokenRecord | undefined {
    return this.store.state.pageTokens[`${userId}:${pageId}`];
  }

  /**
   * Resolves a presented token.
   * @throws GraphError 190 for unknown tokens (and tokens of users/pages gone from the seed),
   *   190/463 for an expired user token, 190 with the subcode of a revoked one (`revoke`).
   */
  resolve(token: string): Principal {
    if (token === this.appToken) return { type: 'APP', token };
    const dead = this.store.state.revokedTokens?.[token];
    if (dead) throw revokedToken(dead.subcode, this.app.id, new Date(dead.at * 1000), this.now());
    const session = this.store.state.sessionTokens?.[token];
    if (session) return this.resolveSession(session);
    const ref = this.index.get(token);
    const user = ref ? this.seed.users.get(ref.userId) : undefined;
    if (!ref || !user) throw invalidToken();
    if (ref.kind === 'USER') {
      const record = this.store.state.userTokens[user.id];
      if (record?.token !== token) {
        const retiredExpiry = this.retired.get(token);
        if (retiredExpiry === undefined) throw invalidToken();
        throw expiredToken(new Date(retiredExpiry * 1000), this.now());
      }
      if (record.expiresAt > 0 && record.expiresAt * 1000 <= this.now().getTime()) {
        throw expiredToken(new Date(record.expiresAt * 1000), this.now());
      }
      return { type: 'USER', token, user, record };
    }
    const page = this.seed.pages.get(ref.pageId);
    const record = this.pageToken(ref.userId, ref.pageId);
    if (!page || !record) throw invalidToken();
    return { type: 'PAGE', token, user, page, record };
  }

  /** `resolve` for Facebook Login tokens. @throws GraphError 190 (gone user/Page), 190/463 (expired) */
  private resolveSession(rec: SessionTokenRecord): Principal {
    const user = this.seed.users.get(rec.userId);
    if (!user) throw invalidToken();
    if (rec.expiresAt > 0 && rec.expiresAt * 1000 <= this.now().getTime()) throw expiredToken(new Date(rec.expiresAt * 1000), this.now());
    if (rec.pageId === null) return { type: 'USER', token: rec.token, user, record: rec };
    const page = this.seed.pages.get(rec.pageId);
    if (!page || !user.pageIds.includes(page.id)) throw invalidToken();
    return { type: 'PAGE', token: rec.token, user, page, record: rec };
  }
}
