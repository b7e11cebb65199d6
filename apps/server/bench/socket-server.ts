/**
 * Bench-only server process of `bench/sockets.ts`. Builds and starts the server
 * exactly as `src/main.ts` does (`loadConfig` → `createServer` → `listen`), then runs one sync
 * to completion (`syncOnce({ wait: true })`) so pages and rooms exist and no background job runs
 * while the bench measures, and answers the parent over the Node IPC channel:
 *
 * - `{ id, cmd: 'heap' }` → `{ id, heap: NodeJS.MemoryUsage }` (bytes), after two full GCs;
 * - `{ id, cmd: 'cpu' }` → `{ id, cpu: process.cpuUsage() }` (µs of user and system CPU so far);
 * - `{ id, cmd: 'fanout', route, rate, seconds }` → publishes inbox `message` events on
 *   `ctx.realtime.emit` (the hub services publish on after commit; the socket plugin delivers
 *   them to the account's room), paced at `rate` per second for at most `seconds`; each event's
 *   `message.text` is its send time (ms since the epoch, `performance.timeOrigin + now()`,
 *   sub-millisecond). Answers `{ id, sent, seconds, emitMs, cpuMs }` when the last one is
 *   published: `emitMs` the time spent inside `emit` (socket.io encodes once and writes each
 *   socket's frame there, synchronously), `cpuMs` the process's CPU time meanwhile.
 *
 * Why a separate entry instead of a hook in the server: nothing here is reachable in
 * production (no route, no env switch in `src/`); it exists only as a child of the bench, with an
 * IPC channel, and under `--expose-gc`. It exits when the parent goes away (IPC `disconnect`),
 * so a crashed bench leaves no server behind.
 * Env: as the server's (README "Configuration").
 */
import { performance } from 'node:perf_hooks';
import type { TInboxEvent } from '@dinedesk/contracts';
import { loadConfig } from '../src/config.ts';
import type { RoutedEvent } from '../src/lib/realtime.ts';
import { createServer } from '../src/server.ts';

/** Where fan-out events go: the account whose room receives them, and its client and outlet. */
export type FanoutRoute = Omit<RoutedEvent, 'event'>;

/** A command from the bench; `id` is echoed in the answer. */
export type BenchCommand = { id: number; cmd: 'heap' } | { id: number; cmd: 'cpu' } | { id: number; cmd: 'fanout'; route: FanoutRoute; rate: number; seconds: number };

/** What the child sends: `ready` once synced and listening, else the answer to one command. */
export type BenchAnswer =
  | { type: 'ready' }
  | { type: 'answer'; id: number; heap: NodeJS.MemoryUsage }
  | { type: 'answer'; id: number; cpu: NodeJS.CpuUsage }
  | { type: 'answer'; id: number; sent: number; seconds: number; emitMs: number; cpuMs: number }
  | { type: 'answer'; id: number; error: string };

const send = process.send?.bind(process);
const gc = globalThis.gc;
if (!send || !gc) throw new Error('bench/socket-server.ts runs only as a child of bench/sockets.ts: with an IPC channel and --expose-gc');
const answer = (a: BenchAnswer) => send(a);

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
await server.syncOnce({ wait: true });

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.on('disconnect', shutdown);

/** A realistic inbox `message` event (~0.5 KB of JSON) whose text carries its send time. */
function benchEvent(route: FanoutRoute, n: number, sentAt: number): TInboxEvent {
  const base = { eventId: n, pageId: route.accountId, channel: 'messenger' as const, conversationId: '1' };
  return {
    ...base,
    type: 'message',
    message: {
      id: String(n),
      mid: `m_bench_fanout_${n}`,
      conversationId: base.conversationId,
      pageId: route.accountId,
      channel: 'messenger',
      direction: 'guest',
      text: String(sentAt),
      attachments: [],
      createdTime: new Date().toISOString(),
      reactions: { page: null, guest: null },
      sentBy: null,
      humanAgentTag: false,
      postback: null,
      deleted: false,
    },
  };
}

/**
 * Publishes up to `rate × seconds` events for at most `seconds`, open loop: each timer tick
 * publishes every event due by then, so a slow event loop shows up as latency (and bursts).
 * socket.io writes a room's frames synchronously inside `emit`, so when the room is too large
 * for the rate the loop cannot keep up: it stops at `seconds` and the answer's count says what
 * rate it reached (the process's fan-out capacity at that room size).
 */
async function fanout(route: FanoutRoute, rate: number, seconds: number): Promise<{ sent: number; seconds: number; emitMs: number; cpuMs: number }> {
  const total = Math.round(rate * seconds);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const end = start + seconds * 1000;
  let sent = 0;
  let emitMs = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      let now = performance.now();
      while (sent < due && now < end) {
        const n = sent++;
        server.ctx.realtime.emit([{ ...route, event: benchEvent(route, n, performance.timeOrigin + now) }]);
        const after = performance.now();
        emitMs += after - now;
        now = after;
      }
      if (sent >= total || now >= end) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const used = process.cpuUsage(cpu);
  return { sent, seconds: (performance.now() - start) / 1000, emitMs, cpuMs: (used.user + used.system) / 1000 };
}

process.on('message', (m: BenchCommand) => {
  void (async () => {
    try {
      if (m.cmd === 'heap') {
        // Two passes: the first may only queue finalizers whose memory the second frees.
        gc();
        gc();
        answer({ type: 'answer', id: m.id, heap: process.memoryUsage() });
      } else if (m.cmd === 'cpu') {
        answer({ type: 'answer', id: m.id, cpu: process.cpuUsage() });
      } else {
        answer({ type: 'answer', id: m.id, ...(await fanout(m.route, m.rate, m.seconds)) });
      }
    } catch (e) {
      answer({ type: 'answer', id: m.id, error: (e as Error).message });
    }
  })();
});
answer({ type: 'ready' });
