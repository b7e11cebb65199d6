/**
 * The demo mock's JSON Web Tokens (docs/requirements/constants.md: access and refresh tokens live
 * 10 minutes): real HS256 JWTs signed and verified with `jose` (its Web Crypto build, in the mock's
 * lazy chunk only). Access and refresh tokens have their own secrets, as in the template, so an
 * access token is never accepted as a refresh token. The secrets are public on purpose: this is a
 * demo answered in the browser, protecting nothing.
 */
import { jwtVerify, SignJWT } from 'jose';
import { DEMO_TOKEN_LIFETIME_S } from './schema.ts';

/** Which secret a token is signed with. */
export type DemoTokenKind = 'access' | 'refresh';

/** Signs and verifies demo tokens; the handlers take it as a parameter so tests can break it. */
export interface DemoTokenService {
  /** A token for user `userId`, valid {@link DEMO_TOKEN_LIFETIME_S} seconds from now. */
  sign(userId: number, kind: DemoTokenKind): Promise<string>;
  /**
   * The user id of a valid, unexpired token of `kind`.
   * @throws when the token is malformed, forged, of the other kind or expired
   */
  verify(token: string, kind: DemoTokenKind): Promise<number>;
}

// The template's secrets (jwtConfig.secret, jwtConfig.refreshTokenSecret).
const SECRETS: Record<DemoTokenKind, string> = {
  access: 'dd5f3089-40c3-403d-af14-d0c228b05cb4',
  refresh: '7c4c1c50-3230-45bf-9eae-c9b2e401c767',
};

const keys = new Map<DemoTokenKind, Promise<CryptoKey>>();

/**
 * The HMAC key of `kind`, imported once. A CryptoKey rather than raw bytes: jose checks raw keys
 * with `instanceof Uint8Array`, which fails across realms (jsdom in the tests).
 */
function keyOf(kind: DemoTokenKind): Promise<CryptoKey> {
  let key = keys.get(kind);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(SECRETS[kind]), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(kind, key);
  }
  return key;
}
const ISSUER = 'dinedesk-demo';

/** The HS256 token service of the mock. */
export const demoTokens: DemoTokenService = {
  async sign(userId, kind) {
    return new SignJWT({ typ: kind })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${DEMO_TOKEN_LIFETIME_S}s`)
      .sign(await keyOf(kind));
  },
  async verify(token, kind) {
    const { payload } = await jwtVerify(token, await keyOf(kind), { algorithms: ['HS256'], issuer: ISSUER });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0 || payload['typ'] !== kind) throw new Error('not a demo token of this kind');
    return id;
  },
};
