/**
 * Failure drill (docs/decisions/0016 "Free space while running"): the disk fills during an
 * import. The server runs as a real process on PGlite, the embedded default and the database
 * that, meeting a full disk, spun for good and took `/api/health` with it. Its DATA_DIR is on a
 * small file system of the drill's own (a tmpfs mounted for it), which the drill fills while a
 * generated order file is being written. Proves:
 * - refusal: while free space is under DISK_MIN_FREE_MB, an import and a sign-in answer 507 with
 *   a message, and the refused upload leaves no file;
 * - reads and health keep answering (health says `disk: 'low'`), and the running import waits
 *   (its progress stands still) instead of writing on;
 * - recovery: once the filler is removed, the same process takes writes again and the import
 *   finishes with every row, without a restart.
 * Full size with `npm run drill` (DRILL=1: `DRILL_DISK_ROWS` 150,000 rows); 30,000 in `npm test`.
 * Needs to mount a tmpfs (root or CAP_SYS_ADMIN); the message says so when it cannot.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THealth } from '@dinedesk/contracts';
import type { TOrderImport, TOrdersOutlet } from '@dinedesk/contracts/orders';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { generatedLondonOrderFile } from './order-files.ts';
import { freePort } from './services.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const LONG = process.env.DRILL === '1';
const ROWS = Number(process.env.DRILL_DISK_ROWS ?? (LONG ? 150_000 : 30_000));
const MIB = 1024 * 1024;
/** The file system's size: a seeded PGlite database, the upload and the import's rows fit with room to spare. */
const FS_MIB = LONG ? 640 : 320;
/** DISK_MIN_FREE_MB of the server under test, and what the filler leaves free (under it, above zero). */
const MIN_FREE_MIB = 32;
const LEFT_FREE_MIB = 12;

let mountDir: string;
let mounted = false;
let server: { child: ChildProcess; baseUrl: string; output(): string; exited: Promise<number | string> } | null = null;
const file = generatedLondonOrderFile(ROWS);

const free = () => {
  const s = statfsSync(mountDir);
  return Number(s.bavail) * Number(s.bsize);
};

beforeAll(async () => {
  mountDir = mkdtempSync(join(tmpdir(), 'dinedesk-disk-drill-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${FS_MIB}m`, 'dinedesk-drill', mountDir], { stdio: 'pipe' });
    mounted = true;
  } catch (e) {
    throw new Error(`the disk-full drill mounts a ${FS_MIB} MiB tmpfs of its own at ${mountDir} and could not (${String((e as { stderr?: Buffer }).stderr ?? e).trim()}): run it as root or with CAP_SYS_ADMIN`, { cause: e });
  }
  const dataDir = join(mountDir, 'data');
  mkdirSync(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    META_GRAPH_BASE_URL: 'http://127.0.0.1:9',
    META_CONNECT_TEST_USERS: '0',
    GOOGLE_CONNECT_DEMO: '0',
    REVIEW_SYNC_INTERVAL_SECONDS: '0',
    DISK_MIN_FREE_MB: String(MIN_FREE_MIB),
    DISK_CHECK_SECONDS: '0.25',
    LOG_LEVEL: 'warn',
  };
  // PGlite, the embedded default, whatever the test project runs on.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  server = { child, baseUrl: `http://127.0.0.1:${port}`, output: () => out, exited };
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before it was up:\n${out}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}, 240_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  if (mounted) execFileSync('umount', [mountDir]);
  rmSync(mountDir, { recursive: true, force: true });
  rmSync(dirname(file), { recursive: true, force: true });
});

/** A request to the server under test; never hangs the drill (a hang is what this drill must not find). */
async function call(method: string, path: string, token: string | null, body?: string | Buffer, contentType = 'application/json', timeoutMs = 15_000): Promise<{ status: number; json: () => unknown; text: string }> {
  const res = await fetch(`${server!.baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': contentType } : {}) },
    // A copy on its own ArrayBuffer: what fetch's body type takes.
    body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

const login = () => call('POST', '/api/auth/login', null, JSON.stringify({ email: 'owner@spice-route.demo', password: DEMO_PASSWORD }));
const health = async () => (await call('GET', '/api/health', null)).json() as THealth;

/**
 * A filler file that leaves the file system `leftBytes` free (or less): allocated in one call
 * (`fallocate`, which tmpfs supports), so the import cannot run far ahead while the disk fills;
 * written chunk by chunk where that is missing.
 */
function fill(path: string, leftBytes: number): void {
  try {
    execFileSync('fallocate', ['-l', String(Math.max(4096, free() - leftBytes)), path], { stdio: 'pipe' });
    if (free() <= leftBytes + MIB) return;
  } catch {
    // no fallocate: write it
  }
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(MIB, 0x61);
  try {
    while (free() > leftBytes) writeSync(fd, chunk, 0, Math.min(chunk.length, Math.max(4096, free() - leftBytes)));
  } finally {
    closeSync(fd);
  }
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${server!.output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`the disk fills during an import of ${ROWS.toLocaleString('en')} rows (PGlite in a process, DATA_DIR on a ${FS_MIB} MiB tmpfs)`, () => {
  it('refuses writes with 507, keeps reads and health answering, pauses the import, and recovers by itself', async () => {
    const token = ((await login()).json() as { accessToken: string }).accessToken;
    const outlets = (await call('POST', '/api/orders/outlets', token, '{}')).json() as { data: TOrdersOutlet[] };
    const outletId = outlets.data.find((o) => o.orders === 0)!.id;
    const csv = readFileSync(file);
    const importUrl = (name: string) => `/api/orders/imports?${new URLSearchParams({ outletId, shape: 'london', fileName: name })}`;
    const started = await call('POST', importUrl('big.csv'), token, csv, 'text/csv');
    expect(started.status, started.text).toBe(202);
    const id = (started.json() as TOrderImport).id;
    const status = async () => (await call('GET', `/api/orders/imports/${id}`, token)).json() as TOrderImport;

    // The write pass is under way: fill the disk now.
    await until('the import writing', async () => {
      const s = await status();
      if (s.status === 'imported') throw new Error('the import finished before the disk could be filled: use more rows (DRILL_DISK_ROWS)');
      return s.status === 'importing' && s.progress > 0.5 ? s : null;
    }, 180_000);
    const filler = join(mountDir, 'filler.bin');
    fill(filler, LEFT_FREE_MIB * MIB);
    const filledAt = Date.now();
    console.log(`[disk drill] filled the file system: ${(free() / MIB).toFixed(1)} MiB free (threshold ${MIN_FREE_MIB} MiB)`);

    // Health answers and says so.
    await until('health reporting disk low', async () => ((await health()).disk === 'low' ? true : null), 10_000);
    console.log(`[disk drill] low disk seen by health after ${Date.now() - filledAt} ms`);

    // Refusal, before the database: an import and a sign-in answer 507 with a message; the
    // refused upload leaves nothing on disk.
    const uploadsBefore = readdirSync(join(mountDir, 'data', 'uploads', 'orders')).sort();
    const refused = await call('POST', importUrl('second.csv'), token, csv.subarray(0, 4096), 'text/csv');
    expect(refused.status, refused.text).toBe(507);
    expect(refused.json()).toMatchObject({ code: 'disk_low', message: expect.stringContaining('low on disk space') });
    expect(readdirSync(join(mountDir, 'data', 'uploads', 'orders')).sort()).toEqual(uploadsBefore);
    const signIn = await login();
    expect(signIn.status, signIn.text).toBe(507);

    // Reads answer; the running import waits where it is.
    const paused = await status();
    expect(paused.status).toBe('importing');
    const jobs = await call('GET', '/api/jobs?limit=5', token);
    expect(jobs.status, jobs.text).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    const still = await status();
    expect(still).toMatchObject({ status: 'importing', progress: paused.progress });
    expect((await health()).status).toBe('ok');

    // Recovery: space comes back and the same process carries on.
    unlinkSync(filler);
    const freedAt = Date.now();
    await until('health reporting disk ok', async () => ((await health()).disk === 'ok' ? true : null), 10_000);
    console.log(`[disk drill] disk ok again after ${Date.now() - freedAt} ms`);
    // The swap at the end is one statement over every staged row, and PGlite runs one at a time:
    // a request meanwhile waits for it (docs/decisions/0036 "Staging"); the longest wait is printed.
    let longest = 0;
    const done = await until('the import finishing', async () => {
      const t0 = Date.now();
      const s = (await call('GET', `/api/orders/imports/${id}`, token, undefined, undefined, 120_000)).json() as TOrderImport;
      longest = Math.max(longest, Date.now() - t0);
      return s.status === 'importing' || s.status === 'validating' ? null : s;
    }, 300_000);
    console.log(`[disk drill] longest status call while the import finished: ${longest} ms`);
    expect(done, server!.output().slice(-2000)).toMatchObject({ status: 'imported', linesImported: ROWS, failure: null });
    console.log(`[disk drill] import finished ${Date.now() - freedAt} ms after space came back`);
    expect((await login()).status).toBe(200);
    const again = await call('POST', importUrl('second.csv'), token, csv.subarray(0, csv.indexOf('\n') + 1), 'text/csv');
    expect(again.status, again.text).toBe(202);
  }, 600_000);
});
