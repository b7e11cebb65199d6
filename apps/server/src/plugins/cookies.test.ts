/**
 * The OAuth state cookie through @fastify/cookie: its attributes (as the connect popups rely on
 * them, docs/decisions/0022), `Secure` over https only, clearing, and a Cookie header that does
 * not decode.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCookie, registerCookies, writeStateCookie } from './cookies.ts';

let app: FastifyInstance;
/** Attributes of a Set-Cookie line, in any order. */
const parts = (header: unknown) => {
  const [pair, ...attributes] = String(header).split('; ');
  return { pair, attributes: attributes.sort() };
};

beforeAll(async () => {
  // Trusting every proxy lets a test say it came over https (X-Forwarded-Proto).
  app = Fastify({ trustProxy: true });
  await registerCookies(app);
  app.get('/api/review_testing/set', async (_req, reply) => {
    writeStateCookie(reply, 'dinedesk_fb_state', 'n0nce-1', 600);
    return { ok: true };
  });
  app.get('/api/review_testing/clear', async (req, reply) => {
    const seen = readCookie(req, 'dinedesk_fb_state') ?? null;
    writeStateCookie(reply, 'dinedesk_fb_state', '', 0);
    return { seen };
  });
  await app.ready();
});
afterAll(() => app?.close());

describe('writeStateCookie', () => {
  it('sets an HttpOnly, SameSite=Lax cookie for the callbacks’ folder, for its lifetime in seconds', async () => {
    const res = await app.inject({ url: '/api/review_testing/set' });
    expect(parts(res.headers['set-cookie'])).toEqual({ pair: 'dinedesk_fb_state=n0nce-1', attributes: ['HttpOnly', 'Max-Age=600', 'Path=/api/review_testing/', 'SameSite=Lax'] });
  });

  it('adds Secure when the client came over https', async () => {
    const res = await app.inject({ url: '/api/review_testing/set', headers: { 'x-forwarded-proto': 'https' } });
    expect(parts(res.headers['set-cookie']).attributes).toEqual(['HttpOnly', 'Max-Age=600', 'Path=/api/review_testing/', 'SameSite=Lax', 'Secure']);
  });

  it('clears with an empty value and Max-Age=0', async () => {
    const res = await app.inject({ url: '/api/review_testing/clear' });
    expect(parts(res.headers['set-cookie'])).toEqual({ pair: 'dinedesk_fb_state=', attributes: ['HttpOnly', 'Max-Age=0', 'Path=/api/review_testing/', 'SameSite=Lax'] });
  });
});

describe('readCookie', () => {
  it('reads one cookie among others, decoded', async () => {
    const res = await app.inject({ url: '/api/review_testing/clear', headers: { cookie: 'theme=dark; dinedesk_fb_state=a%20b; lang=de' } });
    expect(res.json()).toEqual({ seen: 'a b' });
  });

  it('is undefined without the cookie', async () => {
    const res = await app.inject({ url: '/api/review_testing/clear', headers: { cookie: 'theme=dark' } });
    expect(res.json()).toEqual({ seen: null });
  });

  it('keeps a value whose % escapes do not decode as sent (no 500)', async () => {
    const res = await app.inject({ url: '/api/review_testing/clear', headers: { cookie: 'dinedesk_fb_state=%E0%A4%A' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ seen: '%E0%A4%A' });
  });
});
