import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { bearer, startHarness, type Harness } from '../test/harness.ts';
import { redactUrl, scrubLogLine } from './log-redaction.ts';

describe('redactUrl and scrubLogLine', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/set-password?token=abc123')).toBe('/set-password?token=[redacted]');
    expect(redactUrl('/api/reservgo/secure-endpoint?longToken=x.y.z&clientId=7')).toBe('/api/reservgo/secure-endpoint?longToken=[redacted]&clientId=7');
    expect(redactUrl('/v21.0/1/ratings?access_token=EAAB&after=QVFI')).toBe('/v21.0/1/ratings?access_token=[redacted]&after=QVFI');
    expect(redactUrl('/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=9')).toBe('/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=9');
    expect(redactUrl('/api/review_testing/fb-auth-callback?code=AQx&state=eyJ.a.b')).toBe('/api/review_testing/fb-auth-callback?code=[redacted]&state=[redacted]');
    expect(redactUrl('/oauth/access_token?code=AQx&code_verifier=abc&redirect_uri=x')).toBe('/oauth/access_token?code=[redacted]&code_verifier=[redacted]&redirect_uri=x');
    expect(redactUrl('/api/x?pageId=1')).toBe('/api/x?pageId=1');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });

  it('scrubs URLs and Bearer credentials inside any text of a line', () => {
    const line = JSON.stringify({ msg: 'GET https://graph.facebook.com/v21.0/me?fields=id&access_token=EAAsecret failed', header: 'Bearer eyJ.abc.def' });
    const out = scrubLogLine(line);
    expect(out).not.toContain('EAAsecret');
    expect(out).not.toContain('eyJ.abc.def');
    expect(out).toContain('fields=id&access_token=[redacted]');
    expect(out).toContain('Bearer [redacted]');
    const callback = scrubLogLine(JSON.stringify({ msg: 'redirect to http://localhost/api/review_testing/google-auth-callback?state=eyJhbGc.payload.sig&code=4/0Ab' }));
    expect(callback).not.toContain('eyJhbGc.payload.sig');
    expect(callback).toContain('state=[redacted]');
  });
});

/**
 * "Secrets": a whole journey with the server logging everything (level trace) to a
 * captured stream; no token, password or Authorization value may appear in any line.
 */
describe('a logged journey', () => {
  const RESERVGO_SECRET = 'reservgo-log-test-secret-0123456789ab';
  const lines: string[] = [];
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      sync: false,
      env: { LOG_LEVEL: 'trace', RESERVGO_SHARED_SECRET: RESERVGO_SECRET },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => h?.close());

  it('never writes a token, password or Authorization header', async () => {
    const secrets: string[] = [];
    const inject = h.server.app.inject.bind(h.server.app);

    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo', password: 'DineDesk-demo-2026' } });
    const ownerToken = login.json().accessToken as string;
    secrets.push('DineDesk-demo-2026', ownerToken);
    expect((await inject({ method: 'GET', url: '/api/review_testing/get-fb-pages', headers: bearer(ownerToken) })).statusCode).toBe(200);

    const now = Math.floor(Date.now() / 1000);
    const reservgo = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('reservgo')
      .setAudience('dinedesk')
      .setSubject('agent@spice-route.demo')
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 120)
      .sign(new TextEncoder().encode(RESERVGO_SECRET));
    const sso = await inject({ method: 'GET', url: `/api/reservgo/secure-endpoint?token=${reservgo}` });
    expect(sso.statusCode).toBe(200);
    secrets.push(reservgo, sso.json().accessToken as string);
    const longToken = `lt-${randomUUID()}`;
    await inject({ method: 'GET', url: `/api/reservgo/secure-endpoint?longToken=${longToken}&token=${longToken}` });
    secrets.push(longToken);

    const invite = await inject({ method: 'POST', url: '/api/client-users/invite', headers: bearer(ownerToken), payload: { email: 'log.probe@spice-route.demo', fullName: 'Log Probe', role: 'viewer' } });
    expect(invite.statusCode).toBe(201);
    const invitationToken = new URL(invite.json().invitation.url as string, 'http://x').searchParams.get('token')!;
    const newPassword = 'Quiet-Lantern-Harbour-81';
    secrets.push(invitationToken, newPassword);
    await inject({ method: 'GET', url: `/set-password?token=${invitationToken}` });
    const set = await inject({ method: 'POST', url: '/api/auth/set-password', payload: { token: invitationToken, password: newPassword } });
    expect(set.statusCode).toBe(200);
    secrets.push(set.json().accessToken as string);

    // Graph calls with page tokens (connect + sync through the simulator)...
    await h.server.syncOnce();
    secrets.push(...h.sim.testUsers().map((u) => u.accessToken), h.config.graph.appSecret);
    // ...and a module logging a Graph URL or a header the way a careless one would.
    const graphToken = `EAA${randomUUID().replace(/-/g, '')}`;
    secrets.push(graphToken);
    h.server.app.log.warn({ url: `https://graph.facebook.com/v21.0/me/accounts?fields=id&access_token=${graphToken}` }, `GET https://graph.facebook.com/v21.0/me?access_token=${graphToken} timed out`);
    h.server.app.log.error({ err: new Error(`refused: Authorization: Bearer ${graphToken}`), headers: { authorization: `Bearer ${graphToken}` } }, 'request failed');

    await inject({ method: 'GET', url: '/api/logout', headers: bearer(ownerToken) });

    const log = lines.join('');
    for (const secret of secrets) expect(log, `log leaks ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(log).not.toMatch(/Bearer (?!\[redacted\])/);
    // The capture worked and holds the journey, with the secret parts redacted.
    expect(log).toContain('/api/reservgo/secure-endpoint?token=[redacted]');
    expect(log).toContain('/set-password?token=[redacted]');
    expect(log).toContain('access_token=[redacted]');
  });
});
