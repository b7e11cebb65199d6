import { mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect, type Socket as TcpSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS } from '@dinedesk/contracts';
import { schema } from '../db/client.ts';
import { startHarness, type Harness } from '../test/harness.ts';

/**
 * Request timeouts (docs/decisions/0045): a client that trickles a request body or its headers
 * is answered 408 and disconnected within the configured time; the CSV upload route has its
 * longer allowance, and socket.io connections outlive the idle timeout. Short values here; the
 * defaults are in config.ts and the README.
 */
const REQUEST_MS = 2_000;
const HEADERS_MS = 1_500;
const UPLOAD_MS = 8_000;
const IDLE_MS = 2_500;

let h: Harness;
let dataDir: string;
let host: string;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-deadline-'));
  h = await startHarness({
    sync: false,
    listen: true,
    env: { DATA_DIR: dataDir, HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS), HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_UPLOAD_TIMEOUT_MS: String(UPLOAD_MS), HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS) },
  });
  const url = new URL(h.baseUrl);
  host = url.hostname;
  port = Number(url.port);
});
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Trickle {
  /** Resolves when the server closed the connection: what it answered (maybe nothing) and after how long. */
  closed: Promise<{ answer: string; afterMs: number }>;
  stop(): void;
}

/**
 * Opens a raw connection, sends `head` at once and then one byte of `drip` every `everyMs`
 * (a slow client), until the server closes the connection or `stop()`.
 */
function trickle(head: string, drip: string, everyMs: number): Trickle {
  const socket: TcpSocket = tcpConnect(port, host);
  const started = Date.now();
  let answer = '';
  let i = 0;
  let timer: NodeJS.Timeout | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (answer += d));
  socket.on('error', () => {});
  socket.once('connect', () => {
    socket.write(head);
    timer = setInterval(() => {
      if (i < drip.length && socket.writable) socket.write(drip[i++]!);
    }, everyMs);
  });
  const closed = new Promise<{ answer: string; afterMs: number }>((resolve) =>
    socket.once('close', () => {
      if (timer) clearInterval(timer);
      resolve({ answer, afterMs: Date.now() - started });
    }),
  );
  return {
    closed,
    stop: () => {
      if (timer) clearInterval(timer);
      socket.destroy();
    },
  };
}

/** Races `p` against a deadline; the test fails naming what stayed open. */
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} still open after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** An outlet of the Spice Route demo client (its owner uploads to it). */
async function someOutlet(): Promise<string> {
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const [outlet] = await db.select().from(schema.outlets).where(eq(schema.outlets.clientId, client!.id)).limit(1);
  return outlet!.id;
}

const jsonHead = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('request timeouts', () => {
  it.each(['/api/auth/login', '/api/webhooks/meta'])('a slow body to %s is answered 408 and closed within the request timeout', async (path) => {
    const body = JSON.stringify({ email: 'owner@spice-route.demo', password: 'x'.repeat(200) });
    const t = trickle(jsonHead(path, body.length), body, 100);
    try {
      const { answer, afterMs } = await within(t.closed, REQUEST_MS + 5_000, `slow body to ${path}`);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toMatch(/"message":"The request was not received within 2 s/);
      expect(afterMs).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    } finally {
      t.stop();
    }
  });

  it('slow headers are cut within the headers timeout', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: ${host}:${port}\r\n`;
    const t = trickle(head, 'X-Slow: ' + 'a'.repeat(200), 100);
    try {
      const { answer, afterMs } = await within(t.closed, HEADERS_MS + 5_000, 'slow headers');
      expect(answer === '' || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
      expect(afterMs).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    } finally {
      t.stop();
    }
  });

  it('a body that arrives in time is served as before', async () => {
    const body = JSON.stringify({ email: 'owner@spice-route.demo', password: 'DineDesk-demo-2026' });
    const res = await fetch(`${h.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
  });

  it('the order CSV upload may take longer than the request timeout, up to its own', async () => {
    const token = await h.login('owner@spice-route.demo');
    const csv = 'outlet_id,order_id,ordered_at,item_name,quantity,unit_price_gbp,order_total_products,order_lines_complete\nx,1,2019-01-01T10:00:00,Naan,1,2.60,1,yes\n';
    const head =
      `POST /api/orders/imports?outletId=${await someOutlet()}&shape=london&fileName=slow.csv HTTP/1.1\r\nHost: ${host}:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: text/csv\r\nContent-Length: ${csv.length}\r\nConnection: close\r\n\r\n`;
    // About 4.5 s for the whole body: more than the request timeout, less than the upload's.
    const t = trickle(head, csv, Math.floor(4_500 / csv.length));
    try {
      const { answer, afterMs } = await within(t.closed, UPLOAD_MS + 5_000, 'slow upload');
      expect(afterMs).toBeGreaterThan(REQUEST_MS * 1.5);
      expect(answer).toMatch(/^HTTP\/1\.1 202 /);
    } finally {
      t.stop();
    }
    await h.settle();
  });

  it('an upload slower than its own timeout is answered 408 and closed', async () => {
    const token = await h.login('owner@spice-route.demo');
    const head =
      `POST /api/orders/imports?outletId=${await someOutlet()}&shape=london&fileName=slower.csv HTTP/1.1\r\nHost: ${host}:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n`;
    // One character per chunk, 300 chunks at 50 ms: 15 s, longer than the upload's 8 s.
    const t = trickle(head, '1\r\na\r\n'.repeat(300), 50);
    try {
      const { answer, afterMs } = await within(t.closed, UPLOAD_MS + 5_000, 'slower upload');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeGreaterThanOrEqual(UPLOAD_MS - 100);
    } finally {
      t.stop();
    }
    await h.settle();
  });

  it('a socket.io connection outlives the idle timeout and still answers', async () => {
    const token = await h.login('owner@spice-route.demo');
    const socket = connect(h.baseUrl, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, auth: { token } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      let disconnected: string | null = null;
      socket.once('disconnect', (reason) => (disconnected = reason));
      await new Promise((r) => setTimeout(r, IDLE_MS * 2));
      expect(disconnected).toBeNull();
      const ack = await socket.timeout(5_000).emitWithAck(SOCKET_EVENTS.inboxReplay, { afterEventId: 0 });
      expect(ack).toMatchObject({ complete: expect.any(Boolean) });
    } finally {
      socket.close();
    }
  });
});
