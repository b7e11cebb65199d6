import { createHash, createHmac } from 'node:crypto';

/**
 * PKCE (RFC 7636, `S256`) for DineDesk's OAuth connect flows (Facebook Login, Google;
 * docs/decisions/0022, 0024). The verifier is never stored nor sent to the browser: it is the
 * HMAC of the flow's `state` nonce under the server's secret, so the callback derives it again
 * from the state it checked, and a stolen `code` is useless without it.
 */

/** The flow's `code_verifier`: 43 base64url characters (RFC 7636 §4.1 asks 43–128). */
export function pkceVerifier(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`dinedesk-oauth-pkce\n${nonce}`).digest('base64url');
}

/** `code_challenge` of a verifier with method `S256`: base64url(SHA-256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
