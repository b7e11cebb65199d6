#!/usr/bin/env node
/**
 * `npm start`: runs DineDesk with its embedded defaults — the Meta Graph simulator on
 * META_SIM_PORT (default 4100) and the server on PORT (default 3000), which serves the API and
 * the built web app, with PGlite under DATA_DIR (default ./var). Set META_SIM=0 (and
 * META_GRAPH_BASE_URL) to use the real Graph API instead of the simulator.
 * Either process exiting stops the other; SIGINT/SIGTERM stop both.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const simPort = process.env.META_SIM_PORT ?? '4100';
const useSim = process.env.META_SIM !== '0';
const port = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? `${root}var`,
  ...(useSim && !process.env.META_GRAPH_BASE_URL ? { META_GRAPH_BASE_URL: `http://127.0.0.1:${simPort}` } : {}),
  // The simulator delivers Meta webhooks to this server (it retries the handshake until it is up).
  META_SIM_WEBHOOK_URL: process.env.META_SIM_WEBHOOK_URL ?? `http://127.0.0.1:${port}/api/webhooks/meta`,
  // The simulated app requires appsecret_proof on user and page token calls, as a Meta app with
  // "Require App Secret" on does; the server signs every call (lib/graph-client.ts).
  SIM_REQUIRE_APPSECRET_PROOF: process.env.SIM_REQUIRE_APPSECRET_PROOF ?? '1',
};

// Before either process writes to DATA_DIR: a read-only, full or misplaced folder, or one another
// DineDesk holds, is reported in one line, instead of the simulator's stack trace or a second
// simulator on the same state (the server checks again and takes the lock). The
// server's own checks (apps/server/src/db/data-dir.ts), loaded through tsx.
if (!process.env.DATABASE_URL || useSim) {
  const { tsImport } = await import('tsx/esm/api');
  const { assertDataDirFree, checkDataDirWritable, DataDirError } = await tsImport('../apps/server/src/db/data-dir.ts', import.meta.url);
  try {
    checkDataDirWritable(env.DATA_DIR);
    if (!process.env.DATABASE_URL) await assertDataDirFree(env.DATA_DIR);
  } catch (e) {
    if (!(e instanceof DataDirError)) throw e;
    console.error(`[start] DineDesk cannot start: ${e.message}`);
    process.exit(1);
  }
}

const children = [];
function run(name, file) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 11_000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

if (useSim) {
  run('meta-sim', 'packages/meta-sim/src/cli.ts');
  if (!(await waitFor(`http://127.0.0.1:${simPort}/__sim/health`, 30_000))) {
    console.error('[start] the Graph simulator did not come up');
    stop(1);
  }
}
if (!stopping) {
  run('server', 'apps/server/src/main.ts');
  if (await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000)) console.log(`[start] DineDesk is up on http://localhost:${port}`);
}
