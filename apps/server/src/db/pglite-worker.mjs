/**
 * The embedded database's own thread (docs/decisions/0046-embedded-database-process.md): opens
 * PGlite and serves it over the PostgreSQL wire protocol on a Unix socket, so the server reaches
 * it with the same `pg` driver as PostgreSQL and PGlite's work (WASM, synchronous) never blocks
 * the request thread.
 *
 * Plain JavaScript on purpose: a worker thread is a fresh Node instance without the tsx or
 * vitest loaders of its parent, and Node 20 runs no TypeScript by itself.
 *
 * workerData: `{ dataDir: string | null, socketPath: string, loadFrom?: string }` (dataDir null:
 * in memory; loadFrom: a `.tar.gz` written by `dump`, whose database the new one starts as).
 * Messages to the parent: `{ type: 'ready' }`, `{ type: 'closed' }`, `{ type: 'dumped' }`,
 * `{ type: 'fatal', message }` (PGlite failed; the thread ends). From the parent:
 * `{ type: 'close' }`, `{ type: 'dump', path }` (writes the whole database, PGlite's
 * `dumpDataDir('gzip')`, to `path`; only while no connection is open, or its work may be cut).
 *
 * PGlite has one backend session. Connections take turns by session: the one whose turn it is
 * keeps the backend until it is idle outside a transaction (ReadyForQuery `I`) with no further
 * message buffered, so a transaction, or a Parse/Bind/Execute/Sync run, is never interleaved
 * with another connection's messages. Named prepared statements and session settings belong to
 * that one backend, which is why the server's pool holds a single connection (db/client.ts).
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

const { dataDir, socketPath, loadFrom } = workerData;

/** @type {PGlite} */
let db;
try {
  db = await PGlite.create({ dataDir: dataDir ?? undefined, ...(loadFrom ? { loadDataDir: new Blob([readFileSync(loadFrom)]) } : {}) });
} catch (e) {
  parentPort.postMessage({ type: 'fatal', message: `PGlite did not open: ${e instanceof Error ? e.message : String(e)}`, code: e?.code });
  process.exit(1);
}

/**
 * @typedef {{ socket: import('node:net').Socket, buf: Buffer, started: boolean, closed: boolean }} Conn
 */
/** @type {Set<Conn>} */
const conns = new Set();
/** The connection whose session is open (in a transaction or mid extended-protocol run), or null. */
let owner = null;
/** Transaction status of the shared session from its last ReadyForQuery: `I` idle, `T` in a transaction, `E` failed one. */
let txStatus = 0x49;
let pumping = false;
let fatal = false;
/**
 * Names of the statements prepared in the shared session. A connection that replaces another
 * (pg's pool discards a client after an error and opens a new one, which may speak before the old
 * socket's close reaches us) prepares the same names again: the old statement is deallocated
 * first, so the Parse never fails with "prepared statement already exists". The names are
 * DineDesk's own (lib/prepared.ts), one SQL text each, so a statement of the same name is the same one.
 */
const prepared = new Set();

/** Length of the next complete frontend message at the head of `c.buf` (startup or typed), or 0. */
function nextLength(c) {
  if (!c.started) {
    if (c.buf.length < 8) return 0;
    const len = c.buf.readInt32BE(0);
    return c.buf.length >= len ? len : 0;
  }
  if (c.buf.length < 5) return 0;
  const len = 1 + c.buf.readInt32BE(1);
  return c.buf.length >= len ? len : 0;
}

/** The type and (for ReadyForQuery) status of the last backend message in `out`. */
function lastMessage(out) {
  let at = 0;
  let type = 0;
  let status = 0;
  while (at + 5 <= out.length) {
    type = out[at];
    const len = (out[at + 1] << 24) | (out[at + 2] << 16) | (out[at + 3] << 8) | out[at + 4];
    if (type === 0x5a && len === 5) status = out[at + 5];
    at += 1 + len;
  }
  return { type, status };
}

function fail(e) {
  if (fatal) return;
  fatal = true;
  parentPort.postMessage({ type: 'fatal', message: `PGlite failed: ${e instanceof Error ? e.message : String(e)}` });
  for (const c of conns) c.socket.destroy();
  process.exit(1);
}

/** Runs one message of connection `c`; false when `c` has no complete message. */
function step(c) {
  const len = nextLength(c);
  if (len === 0) return false;
  const msg = c.buf.subarray(0, len);
  c.buf = c.buf.subarray(len);
  if (!c.started) {
    const code = msg.readInt32BE(4);
    if (code === SSL_REQUEST) {
      c.socket.write('N');
      return true;
    }
    if (code === CANCEL_REQUEST) {
      // No backend process to signal: the protocol expects no answer.
      c.socket.end();
      return true;
    }
    if (code !== PROTOCOL_3) {
      c.socket.destroy();
      return true;
    }
    c.started = true;
  } else if (msg[0] === 0x58) {
    // Terminate: ends this connection only, never the shared backend.
    c.socket.end();
    return true;
  } else if (msg[0] === 0x50) {
    // Parse: its statement name is the first C string of the body.
    const name = msg.toString('utf8', 5, msg.indexOf(0, 5));
    if (name) {
      if (prepared.has(name)) run(`DEALLOCATE "${name.replace(/"/g, '""')}"`);
      prepared.add(name);
    }
  }
  let out;
  try {
    out = db.execProtocolRawSync(new Uint8Array(msg));
  } catch (e) {
    fail(e);
    return false;
  }
  if (out.length > 0 && !c.closed) c.socket.write(out);
  const last = lastMessage(out);
  if (last.type === 0x5a) txStatus = last.status;
  // The session is free once idle outside a transaction and nothing more of it is buffered.
  owner = last.type === 0x5a && last.status === 0x49 && nextLength(c) === 0 ? null : c;
  return true;
}

/**
 * Serves buffered messages: the session owner's first, else the connections in turn.
 */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      if (fatal) return;
      let ran = false;
      if (owner) {
        ran = step(owner);
        if (!ran) break; // the owner's next message has not arrived yet
      } else {
        for (const c of conns) {
          if (step(c)) {
            ran = true;
            break;
          }
        }
      }
      if (!ran) break;
      // Between turns, sockets are read and written (a turn ends at ReadyForQuery outside a transaction).
      if (!owner) await new Promise((r) => setImmediate(r));
    }
  } finally {
    pumping = false;
  }
}

/** Runs one simple-protocol statement on the shared session, on this thread's turn. */
function run(sql) {
  const text = Buffer.from(`${sql}\0`);
  const q = Buffer.alloc(5 + text.length);
  q[0] = 0x51;
  q.writeInt32BE(4 + text.length, 1);
  text.copy(q, 5);
  db.execProtocolRawSync(new Uint8Array(q));
}

/** Ends what a closed connection left open in the shared session; synchronous, so no other message runs first. */
function release(c) {
  try {
    if (owner === c) {
      owner = null;
      if (txStatus !== 0x49) run('ROLLBACK');
      txStatus = 0x49;
    }
    // Its named statements would collide with the next connection's, which prepares the same names.
    if (![...conns].some((o) => o !== c && !o.closed)) {
      run('DEALLOCATE ALL');
      prepared.clear();
    }
  } catch (e) {
    fail(e);
  }
}

const server = createServer((socket) => {
  socket.setNoDelay(true);
  /** @type {Conn} */
  const c = { socket, buf: Buffer.alloc(0), started: false, closed: false };
  conns.add(c);
  socket.on('data', (data) => {
    c.buf = c.buf.length ? Buffer.concat([c.buf, data]) : data;
    void pump();
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    c.closed = true;
    conns.delete(c);
    release(c);
    void pump();
  });
});

server.on('error', fail);
server.listen(socketPath, () => {
  // Only this user may connect: the socket speaks to the database without a password.
  chmodSync(socketPath, 0o600);
  parentPort.postMessage({ type: 'ready' });
});

parentPort.on('message', async (m) => {
  if (m?.type === 'dump') {
    try {
      const tar = await db.dumpDataDir('gzip');
      writeFileSync(m.path, Buffer.from(await tar.arrayBuffer()));
      parentPort.postMessage({ type: 'dumped' });
    } catch (e) {
      parentPort.postMessage({ type: 'dumped', message: `PGlite did not dump: ${e instanceof Error ? e.message : String(e)}` });
    }
    return;
  }
  if (m?.type !== 'close') return;
  server.close();
  for (const c of conns) c.socket.destroy();
  try {
    await db.close();
  } finally {
    parentPort.postMessage({ type: 'closed' });
    process.exit(0);
  }
});
