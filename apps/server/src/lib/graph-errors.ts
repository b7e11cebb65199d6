import { HttpError } from './errors.ts';
import type { GraphError } from './graph-client.ts';

/**
 * What a Graph failure means for DineDesk and for the people using it ("The Graph
 * simulator misbehaves … The UI says the right thing"): how long a throttled page's sync waits,
 * what a dead token's subcode means in plain words, and the HTTP answer a user's write gets when
 * Graph refused it. Sources: docs/requirements/platform-apis.md#facebook-login-and-tokens (190
 * subcodes), docs/requirements/platform-apis.md#messenger-and-instagram-messaging (error codes,
 * usage headers), docs/decisions/0014-writes-to-meta.md (what the user sees), 0017 (backoff of sync
 * jobs).
 */

/** Bounds of a throttled page's pause, seconds (config `META_RATE_LIMIT_{MIN,MAX}_WAIT_SECONDS`). */
export interface RateLimitWait {
  /** The pause when Graph gave no regain estimate (X-App-Usage has none), and the shortest one. */
  minSeconds: number;
  /** The longest pause, whatever Graph estimated. */
  maxSeconds: number;
}

/**
 * Seconds a page's sync pauses after a throttling refusal (4, 17, 32, 613, 8000x): Graph's
 * `estimated_time_to_regain_access` when it sent one, else `minSeconds`, kept within the bounds.
 * @returns whole seconds ≥ 1
 */
export function rateLimitWaitSeconds(err: Pick<GraphError, 'usage'>, bounds: RateLimitWait): number {
  const wanted = Math.max(bounds.minSeconds, err.usage.regainSeconds ?? 0);
  return Math.max(1, Math.ceil(Math.min(bounds.maxSeconds, wanted)));
}

/** Plain meanings of the 190 subcodes Meta documents
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens). */
const TOKEN_DEATH: Record<number, string> = {
  458: 'the DineDesk app was removed from the Facebook account that connected the page',
  459: 'the Facebook account that connected the page is held at a security checkpoint',
  460: 'the password of the Facebook account that connected the page was changed',
  463: 'the access token expired',
  464: 'the Facebook account that connected the page is not confirmed',
  467: 'the Facebook account that connected the page logged out, or Facebook ended its session',
};

/** Why Facebook refused a token, in plain words, from the 190 subcode (null or unknown: revoked). */
export function tokenDeathReason(subcode: number | null): string {
  return (subcode !== null ? TOKEN_DEATH[subcode] : undefined) ?? 'the access token is no longer valid (it was revoked or replaced)';
}

/**
 * `error 190/460`, or `error 190` without a subcode; for a call DineDesk held itself
 * (`GraphUsageHold`: Graph answered no error) `rate limit 95 % used`.
 */
export function graphCodeLabel(err: Pick<GraphError, 'code' | 'subcode'> & { heldPercent?: number }): string {
  if (typeof err.heldPercent === 'number') return `rate limit ${err.heldPercent} % used`;
  return err.subcode !== null ? `error ${err.code}/${err.subcode}` : `error ${err.code}`;
}

/**
 * The page-level message of a dead token, shown on the pages lists (reviews and inbox) until
 * the page is reconnected.
 */
export function tokenDeathMessage(err: Pick<GraphError, 'code' | 'subcode'>): string {
  return `Facebook rejected this page’s access token: ${tokenDeathReason(err.subcode)} (${graphCodeLabel(err)}). DineDesk stopped calling Facebook for this page; reconnect it to sync reviews and conversations again. What was synced stays visible.`;
}

/** "about 5 minutes", "about a minute", "a few seconds": a wait in words. */
export function waitInWords(seconds: number): string {
  if (seconds < 45) return 'a few seconds';
  const minutes = Math.round(seconds / 60);
  return minutes <= 1 ? 'about a minute' : `about ${minutes} minutes`;
}

/**
 * The answer to a user's write (reply, message, reaction) that Graph refused without carrying it
 * out; writes whose outcome is unknown (timeouts, 5xx) are read back first and never come here.
 * - 190 → 409 `graph_190`: the token died, reconnect the page;
 * - throttling (4, 17, 32, 613, 8000x) → 503 `graph_<code>` with Retry-After (Graph's regain
 *   estimate, else 60 s): nothing was sent, try again later;
 * - not reached (network, no answer that could have landed) or code 1/2 → 503 `graph_unavailable`
 *   with Retry-After 30;
 * - anything else → 502 `graph_<code>` with Facebook's reason.
 * @param what e.g. "reply", "message", "reaction"
 * @param action e.g. "reply to its reviews", "send messages"
 */
export function graphWriteRefusal(err: GraphError, what: string, action: string): HttpError {
  if (err.isTokenError) {
    return new HttpError(409, `Facebook rejected this page’s access token: ${tokenDeathReason(err.subcode)} (${graphCodeLabel(err)}). Reconnect the page to ${action}.`, { code: 'graph_190' });
  }
  if (err.isRateLimit) {
    const wait = Math.max(60, err.usage.regainSeconds ?? 0);
    return new HttpError(503, `Facebook is rate-limiting this page (${graphCodeLabel(err)}), so the ${what} was not sent. Try again in ${waitInWords(wait)}.`, {
      code: `graph_${err.code}`,
      retryAfterSeconds: wait,
    });
  }
  if (err.isTransient) {
    return new HttpError(503, `Facebook is not answering right now (${err.message}), so the ${what} was not sent. Try again in a moment.`, { code: 'graph_unavailable', retryAfterSeconds: 30 });
  }
  return new HttpError(502, `Facebook did not accept the ${what}: ${err.message}`, { code: `graph_${err.code}` });
}
