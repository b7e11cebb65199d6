/**
 * Google's OpenID Connect ID tokens on the simulator: the token endpoint adds `id_token` to its
 * answer when `openid` was granted ("OpenID Connect", Google Identity,
 * https://developers.google.com/identity/openid-connect/openid-connect#exchangecode), signed
 * RS256 with a key whose public half the JWKS endpoint serves (`/google/oauth2/v3/certs`, the
 * `jwks_uri` of https://accounts.google.com/.well-known/openid-configuration).
 *
 * Claims as Google sets them: `iss` `https://accounts.google.com`, `azp` and `aud` the client id,
 * `sub` the user's id, `iat`/`exp` (an hour), `email` and `email_verified` with the `email`
 * scope, `name` with `profile`, `nonce` when the authorization request carried one, `at_hash`
 * (left half of the SHA-256 of the access token, base64url). The key is made at start and not
 * persisted: ID tokens are checked when received, not kept.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

const b64 = (v: object | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v))).toString('base64url');

/** An RS256 signing key and its JWKS; the key is made on first use (most simulators never sign). */
export class IdTokenSigner {
  private key: { privateKey: KeyObject; publicJwk: Record<string, unknown> } | null = null;
  readonly kid = randomBytes(8).toString('hex');

  private keys(): { privateKey: KeyObject; publicJwk: Record<string, unknown> } {
    if (!this.key) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      this.key = { privateKey, publicJwk: { ...(publicKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: this.kid, alg: 'RS256', use: 'sig' } };
    }
    return this.key;
  }

  /** `{keys: [...]}` as Google's certs endpoint answers it. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [this.keys().publicJwk] };
  }

  /**
   * An ID token for `user` issued to `clientId` at `now`.
   * @param scopes the granted scopes (`email`, `profile` add their claims)
   * @param accessToken the access token issued with it (`at_hash`)
   */
  sign(opts: { clientId: string; user: { id: string; email: string; name: string }; scopes: readonly string[]; now: Date; nonce?: string | undefined; accessToken: string }): string {
    const iat = Math.floor(opts.now.getTime() / 1000);
    const atHash = createHash('sha256').update(opts.accessToken).digest().subarray(0, 16).toString('base64url');
    const claims = {
      iss: GOOGLE_ISSUER,
      azp: opts.clientId,
      aud: opts.clientId,
      sub: opts.user.id,
      ...(opts.scopes.includes('email') ? { email: opts.user.email, email_verified: true } : {}),
      at_hash: atHash,
      ...(opts.scopes.includes('profile') ? { name: opts.user.name } : {}),
      ...(opts.nonce !== undefined ? { nonce: opts.nonce } : {}),
      iat,
      exp: iat + 3600,
    };
    const input = `${b64({ alg: 'RS256', kid: this.kid, typ: 'JWT' })}.${b64(claims)}`;
    const signature = createSign('RSA-SHA256').update(input).sign(this.keys().privateKey);
    return `${input}.${b64(signature)}`;
  }
}
