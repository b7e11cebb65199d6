import type { AppContext } from '../../context.ts';
import { GoogleApiError } from '../../lib/google-client.ts';
import * as repo from './google.repository.ts';

/**
 * Access tokens of Google connections (OAuth 2.0 refresh flow): each process mints its own from
 * the sealed refresh token and keeps it until a minute before it expires. Access tokens are
 * never stored: they live an hour and a fresh one costs one token call.
 */

interface Cached {
  token: string;
  expiresAt: number;
  /** The sealed refresh token it came from: a reconnect replaces it, and the cache entry with it. */
  from: string;
}
const cache = new Map<string, Cached>();
/** A token this close to its end is renewed first, ms. */
const RENEW_BEFORE_MS = 60_000;

/** Plain words for a refresh token Google refused. */
export const GRANT_DEAD_MESSAGE = 'Google no longer accepts DineDesk’s access to this Google account (access was removed, the password changed, or the grant expired). Reconnect Google.';

/**
 * Runs `fn` with an access token of the connection, renewing it once when Google answers 401.
 * A refused refresh token (`invalid_grant`) marks the connection dead (its locations stop
 * syncing) before the error is thrown.
 * @throws GoogleApiError from Google; Error when the connection is already dead or unreadable
 */
export async function withGoogleAccess<T>(ctx: AppContext, conn: repo.ConnectionRow, fn: (accessToken: string) => Promise<T>): Promise<T> {
  if (conn.status === 'dead') throw new GoogleApiError(conn.statusMessage ?? GRANT_DEAD_MESSAGE, 400, 'invalid_grant', false);
  const mint = async (): Promise<string> => {
    let refresh: string;
    try {
      refresh = ctx.cipher.decrypt(conn.refreshTokenEnc);
    } catch {
      const message = 'DineDesk can no longer read the stored Google token (the encryption key changed): reconnect Google.';
      await repo.markConnectionDead(ctx.db, conn.id, message, conn.refreshTokenEnc);
      throw new GoogleApiError(message, 400, 'invalid_grant', false);
    }
    try {
      const t = await ctx.google.refresh(refresh);
      cache.set(conn.id, { token: t.access_token, expiresAt: ctx.now().getTime() + t.expires_in * 1000, from: conn.refreshTokenEnc });
      return t.access_token;
    } catch (e) {
      if (e instanceof GoogleApiError && e.isGrantDead) await repo.markConnectionDead(ctx.db, conn.id, GRANT_DEAD_MESSAGE, conn.refreshTokenEnc);
      throw e;
    }
  };
  const hit = cache.get(conn.id);
  const fresh = hit && hit.from === conn.refreshTokenEnc && hit.expiresAt - RENEW_BEFORE_MS > ctx.now().getTime();
  const token = fresh ? hit.token : await mint();
  try {
    return await fn(token);
  } catch (e) {
    if (!(e instanceof GoogleApiError) || !e.isUnauthenticated) throw e;
    cache.delete(conn.id);
    return fn(await mint());
  }
}

/** Seeds the cache with the access token a connect just received (saves a token call). */
export function rememberAccessToken(connectionId: string, sealedRefresh: string, token: string, expiresAt: number): void {
  cache.set(connectionId, { token, expiresAt, from: sealedRefresh });
}

/**
 * Google's error in plain words for an owner (the web app words the status codes it knows in
 * the four languages; this is the fallback and the log line).
 */
export function googleErrorInWords(e: GoogleApiError, doing: string): string {
  if (e.isGrantDead) return GRANT_DEAD_MESSAGE;
  if (e.isQuota) return `Google’s quota is used up for now (429 RESOURCE_EXHAUSTED) while ${doing}; DineDesk tries again later.`;
  if (e.httpStatus === 403) return `Google refused access while ${doing} (403 PERMISSION_DENIED): the connected Google account may no longer manage this location.`;
  if (e.httpStatus === 404) return `Google did not find it while ${doing} (404 NOT_FOUND): it may have been deleted on Google.`;
  if (e.httpStatus === 0) return `Google could not be reached while ${doing} (${e.message}).`;
  return `Google answered ${e.httpStatus} ${e.status} while ${doing}: ${e.message}`;
}
