import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { API } from '@dinedesk/contracts';

/** The OAuth state cookies go only to the callbacks' folder (`/api/review_testing/`). */
const STATE_COOKIE_PATH = API.fbAuthCallback.slice(0, API.fbAuthCallback.lastIndexOf('/') + 1);

/**
 * Registers @fastify/cookie on `app` (and, as it is a fastify-plugin, on the scope it is
 * registered in): `req.cookies` holds the parsed Cookie header and `reply.setCookie` writes a
 * Set-Cookie header. A value whose `%` escapes are malformed is kept as sent, never a 500.
 * Cookies are unsigned: the OAuth state they carry is signed by the services themselves.
 */
export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

/** One cookie's value as the browser sent it (decoded), or undefined without that cookie. */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  return req.cookies[name];
}

/**
 * Sets the browser's half of an OAuth `state` (Facebook's or Google's) for the callbacks' folder
 * only: `name=value; Max-Age=maxAge; Path=/api/review_testing/; HttpOnly; SameSite=Lax`, plus
 * `Secure` when the request came over https (as the client saw it, through TRUST_PROXY).
 * SameSite=Lax: sent on the provider's top-level redirect to the callback, never on cross-site
 * subrequests. A `maxAge` of 0 with an empty value clears the cookie.
 * @param maxAge seconds the browser keeps the cookie
 */
export function writeStateCookie(reply: FastifyReply, name: string, value: string, maxAge: number): void {
  reply.setCookie(name, value, { path: STATE_COOKIE_PATH, maxAge, httpOnly: true, sameSite: 'lax', secure: 'auto' });
}
