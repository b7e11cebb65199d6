import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS } from '@dinedesk/contracts';
import { startHarness, type Harness } from '../test/harness.ts';

/**
 * Socket call limits (docs/decisions/0045): a burst of `inbox:replay` calls on one connection
 * gets error acks past the connection's limit (and at once while its earlier calls are still
 * being answered), the user's other sockets share the user's limit, and another user's calls
 * still pass. Small limits here; the defaults are in config.ts and the README.
 */
const PER_CONNECTION = 5;
const PER_USER = 8;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sync: false, listen: true, env: { SOCKET_CALLS_PER_CONNECTION: String(PER_CONNECTION), SOCKET_CALLS_PER_USER: String(PER_USER), SOCKET_CALLS_WINDOW_SECONDS: '60', SOCKET_MAX_CALLS_IN_FLIGHT: '2' } });
});
afterAll(() => h?.close());

async function open(email: string): Promise<Socket> {
  const socket = connect(h.baseUrl, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, auth: { token: await h.login(email) } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

type Ack = { events?: unknown[]; complete?: boolean; error?: string; code?: string; retryAfterMs?: number };
const replay = (s: Socket) => s.timeout(10_000).emitWithAck(SOCKET_EVENTS.inboxReplay, { afterEventId: 0 }) as Promise<Ack>;

describe('socket call limits', () => {
  it('a burst gets error acks past the limit, the user’s other socket shares it, another user’s calls pass', async () => {
    const viewer = await open('viewer@spice-route.demo');
    const viewerAgain = await open('viewer@spice-route.demo');
    const agent = await open('agent@spice-route.demo');
    try {
      // 40 at once: at most 2 are answered at a time, the others are refused as busy at once.
      const burst = await Promise.all(Array.from({ length: 40 }, () => replay(viewer)));
      const passed = burst.filter((a) => a.complete !== undefined);
      const refused = burst.filter((a) => a.error !== undefined);
      expect(passed.length + refused.length).toBe(40);
      expect(passed.length).toBeGreaterThan(0);
      expect(passed.length).toBeLessThanOrEqual(PER_CONNECTION);
      for (const a of refused) {
        expect(a.code === 'busy' || a.code === 'rate_limited').toBe(true);
        expect(a.retryAfterMs).toBeGreaterThan(0);
      }
      expect(refused.some((a) => a.code === 'busy')).toBe(true);

      // One at a time: the connection's calls stop at its limit.
      const sequential: Ack[] = [];
      for (let i = 0; i < PER_CONNECTION + 2; i++) sequential.push(await replay(viewer));
      expect(sequential.filter((a) => a.complete !== undefined).length).toBe(PER_CONNECTION - passed.length);
      const last = sequential.at(-1)!;
      expect(last).toMatchObject({ code: 'rate_limited' });
      expect(last.error).toMatch(/^Too many inbox:replay calls on this connection: try again in \d+ s$/);
      expect(viewer.connected).toBe(true);

      // The same user's second socket has the user's remaining calls only.
      const second: Ack[] = [];
      for (let i = 0; i < PER_CONNECTION; i++) second.push(await replay(viewerAgain));
      expect(second.filter((a) => a.complete !== undefined).length).toBe(PER_USER - PER_CONNECTION);
      expect(second.at(-1)).toMatchObject({ code: 'rate_limited', error: expect.stringMatching(/by this user/) });

      // Another user is not affected.
      for (let i = 0; i < PER_CONNECTION; i++) expect(await replay(agent)).toMatchObject({ complete: expect.any(Boolean) });
    } finally {
      for (const s of [viewer, viewerAgain, agent]) s.close();
    }
  });

  it('a malformed call counts too', async () => {
    const socket = await open('brand.manager@spice-route.demo');
    try {
      const answers: Ack[] = [];
      for (let i = 0; i < PER_CONNECTION + 1; i++) answers.push((await socket.timeout(10_000).emitWithAck(SOCKET_EVENTS.inboxReplay, { afterEventId: -1 })) as Ack);
      expect(answers.slice(0, PER_CONNECTION).every((a) => a.error === 'afterEventId must be a non-negative integer')).toBe(true);
      expect(answers.at(-1)).toMatchObject({ code: 'rate_limited' });
    } finally {
      socket.close();
    }
  });
});
