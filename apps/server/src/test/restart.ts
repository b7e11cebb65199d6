/**
 * Servers that stop and start again over one database, for timer tests across a restart (SLA
 * breaches, automation delays: "survive restarts and fire once across processes"):
 * one Graph simulator, on PostgreSQL (`TEST_DB=postgres`) a throwaway database several servers
 * can share, else one PGlite data folder that each server in turn opens. Every server gets its
 * own `DATA_DIR` (its mail outbox), the same secrets and a fast job poll.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { createMetaSim } from '@dinedesk/meta-sim';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createServer, type StartedServer } from '../server.ts';
import { openTestDatabase } from './harness.ts';

export interface RestartBed {
  /** True on PostgreSQL: several servers may run at once. */
  shared: boolean;
  /** A new server on the bed's database, with `now` as its clock (default: the real one). */
  boot(now?: () => Date): Promise<StartedServer>;
  /** `POST url` with a JSON body, signed in with `token` when given. */
  call(server: StartedServer, url: string, token: string | null, payload: object): Promise<LightMyRequestResponse>;
  /** Paths of the `.eml` files every server of the bed wrote to its outbox. */
  mails(): string[];
  /** Stops the simulator and drops the PostgreSQL database (servers are the caller's to close). */
  close(): Promise<void>;
}

/** Sets up a {@link RestartBed}; `prefix` names its temporary folders. */
export async function restartBed(prefix: string): Promise<RestartBed> {
  const sim = await createMetaSim({ stateFile: null, logger: false });
  const simUrl = await sim.listen(0, '127.0.0.1');
  const pgTest = process.env.TEST_DB === 'postgres' ? await openTestDatabase() : null;
  if (pgTest) await pgTest.database.close();
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  const dataDirs: string[] = [];
  return {
    shared: pgTest !== null,
    async boot(now) {
      const dataDir = mkdtempSync(join(tmpdir(), prefix));
      dataDirs.push(dataDir);
      // PGlite lives in its data folder: every server of the bed opens the first one's.
      const dbDir = pgTest ? dataDir : dataDirs[0]!;
      const config = loadConfig({ DATA_DIR: dataDir, META_GRAPH_BASE_URL: simUrl, REVIEW_SYNC_INTERVAL_SECONDS: '0', JOB_POLL_SECONDS: '0.5', LOG_LEVEL: 'silent', ...secrets, ...(pgTest ? { DATABASE_URL: pgTest.url! } : {}) });
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: dbDir });
      const server = await createServer(config, { database, logger: false, now });
      await server.app.ready();
      return server;
    },
    call: (server, url, token, payload) => server.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} }),
    mails: () => dataDirs.flatMap((d) => (existsSync(join(d, 'outbox')) ? readdirSync(join(d, 'outbox')).filter((f) => f.endsWith('.eml')).map((f) => join(d, 'outbox', f)) : [])),
    async close() {
      await sim.close();
      await pgTest?.drop();
    },
  };
}
