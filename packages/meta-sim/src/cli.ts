/**
 * `npm start -w @dinedesk/meta-sim`: runs the simulator as a process.
 * Env: META_SIM_PORT (4100), META_SIM_HOST (127.0.0.1), DATA_DIR (./var; state goes to
 * `${DATA_DIR}/meta-sim/state.json`), plus the `createMetaSim` variables (SEED_DIR,
 * META_APP_ID, META_APP_SECRET, SIM_RATINGS_DEPRECATED, SIM_CALLS_PER_HOUR,
 * META_SIM_WEBHOOK_URL, META_WEBHOOK_VERIFY_TOKEN, SIM_CONVERSATIONS_RPS, SIM_LIVE,
 * SIM_LIVE_INTERVAL_MS).
 * Prints `meta-sim listening on <url>` as its first line (then, when set, where webhooks go
 * and whether live mode is on); exits cleanly on SIGTERM/SIGINT.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createMetaSim } from './index.ts';

const stateDir = join(process.env.DATA_DIR ?? './var', 'meta-sim');
mkdirSync(stateDir, { recursive: true });
const port = Number(process.env.META_SIM_PORT ?? 4100);
const host = process.env.META_SIM_HOST ?? '127.0.0.1';

const sim = await createMetaSim({ stateFile: join(stateDir, 'state.json') });
const url = await sim.listen(port, host);
console.log(`meta-sim listening on ${url}`);
const hooks = sim.webhookLog().config;
if (hooks.url) console.log(`meta-sim webhooks → ${hooks.url} (verify token ${JSON.stringify(hooks.verifyToken)})`);
if (process.env.SIM_LIVE === '1') console.log(`meta-sim live mode: a guest message every ${process.env.SIM_LIVE_INTERVAL_MS ?? 8000} ms`);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  sim.close().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error('meta-sim: error while closing', e);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
