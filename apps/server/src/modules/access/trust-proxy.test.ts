import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';

/**
 * Behind a reverse proxy every request arrives from the proxy's address. With TRUST_PROXY naming
 * the proxy, sign-in throttling keys on the client address of `X-Forwarded-For`, so one client's
 * failures lock out that client only (docs/decisions/0012, 0045); without it the header is
 * ignored (a client could otherwise pick any address per attempt).
 */
const PROXY = '10.20.30.40';
const ACCOUNTS = ['agent', 'viewer', 'brand.manager', 'outlet.manager'].map((r) => `${r}@spice-route.demo`);
const attempt = (h: Harness, password: string, forwardedFor: string, email = 'agent@spice-route.demo') =>
  h.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: PROXY, headers: { 'x-forwarded-for': forwardedFor } });
/** 20 wrong passwords, 5 on each of 4 accounts (the per-account bucket holds 5): the address bucket is then empty. */
async function fail20(h: Harness, forwardedFor: (i: number) => string): Promise<void> {
  for (let i = 0; i < 20; i++) expect((await attempt(h, `wrong-${i}`, forwardedFor(i), ACCOUNTS[i % 4])).statusCode).toBe(401);
}

describe('TRUST_PROXY=10.0.0.0/8 (the proxy’s network)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ sync: false, env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => h?.close());

  it('20 failed sign-ins from one forwarded address do not lock out another', async () => {
    await fail20(h, () => '203.0.113.7');
    expect((await attempt(h, 'DineDesk-demo-2026', '203.0.113.7')).statusCode).toBe(429);
    expect((await attempt(h, 'DineDesk-demo-2026', '198.51.100.23')).statusCode).toBe(200);
  });

  it('takes the client address a trusted proxy appended, not what the client wrote before it', async () => {
    // The client sent `X-Forwarded-For: 192.0.2.1` itself; the proxy appended the real address.
    await fail20(h, (i) => `192.0.2.${i}, 203.0.113.99`);
    expect((await attempt(h, 'DineDesk-demo-2026', '192.0.2.200, 203.0.113.99')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=1 (one proxy hop)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ sync: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => h?.close());

  it('keys on the address the nearest proxy appended', async () => {
    await fail20(h, (i) => `192.0.2.${i}, 203.0.113.50`);
    expect((await attempt(h, 'DineDesk-demo-2026', '203.0.113.50')).statusCode).toBe(429);
    expect((await attempt(h, 'DineDesk-demo-2026', '203.0.113.50, 198.51.100.60')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY unset', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ sync: false });
  });
  afterAll(() => h?.close());

  it('ignores X-Forwarded-For: 20 failures with changing forwarded addresses lock out the sending address', async () => {
    await fail20(h, (i) => `203.0.113.${i + 1}`);
    expect((await attempt(h, 'DineDesk-demo-2026', '198.51.100.23')).statusCode).toBe(429);
  });
});
