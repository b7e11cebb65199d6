import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PKCE (RFC 7636) as Facebook Login and Google OAuth check it: the dialog or consent page takes
 * `code_challenge` and `code_challenge_method` (`S256`, or `plain`, the default), the code
 * remembers them, and the token exchange must send the `code_verifier` whose challenge it is.
 * Strict: a code issued with a challenge is refused without its verifier or with another one,
 * and a verifier is refused for a code issued without a challenge.
 */

/** The challenge a dialog request carried. */
export interface PkceChallenge {
  challenge: string;
  method: 'S256' | 'plain';
}

/** RFC 7636 §4.1/§4.2: 43–128 characters of `[A-Za-z0-9-._~]`. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * Reads the challenge of a dialog request.
 * @returns null when none was sent, the challenge, or what is wrong with it
 */
export function parseChallenge(p: Record<string, string>): { error: string } | { ok: PkceChallenge | null } {
  const challenge = p.code_challenge;
  const method = p.code_challenge_method;
  if (challenge === undefined || challenge === '') {
    return method ? { error: 'code_challenge_method was sent without code_challenge.' } : { ok: null };
  }
  if (method !== undefined && method !== 'S256' && method !== 'plain') return { error: `code_challenge_method must be S256 or plain, not ${method}.` };
  if (!PKCE_VALUE.test(challenge)) return { error: 'code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~".' };
  return { ok: { challenge, method: method === 'S256' ? 'S256' : 'plain' } };
}

/**
 * Checks the exchange's `code_verifier` against the code's challenge.
 * @returns null when it matches (or neither was used), else why it is refused
 */
export function verifierProblem(issued: PkceChallenge | null, verifier: string | undefined): string | null {
  if (!issued) return verifier === undefined ? null : 'code_verifier was sent, but the authorization request had no code_challenge';
  if (verifier === undefined || verifier === '') return 'Missing code_verifier: the authorization request had a code_challenge';
  if (!PKCE_VALUE.test(verifier)) return 'Invalid code_verifier';
  const expected = issued.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(issued.challenge);
  return a.length === b.length && timingSafeEqual(a, b) ? null : 'Invalid code_verifier: it does not match the code_challenge';
}
