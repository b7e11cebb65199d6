import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { GraphClient } from './lib/graph-client.ts';
import type { GoogleClient } from './lib/google-client.ts';
import type { PlacesClient } from './lib/places-client.ts';
import type { Secrets } from './lib/secrets.ts';
import type { TokenCipher } from './lib/token-cipher.ts';
import type { RealtimeHub } from './lib/realtime.ts';
import type { JobQueue } from './lib/jobs.ts';
import type { Mailer } from './lib/mailer.ts';
import type { DiskWatch } from './lib/disk-watch.ts';

/** Everything a module needs, built once per process and decorated on the app as `ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  secrets: Secrets;
  cipher: TokenCipher;
  graph: GraphClient;
  /** Google OAuth and Business Profile (lib/google-client.ts). */
  google: GoogleClient;
  /** Google Places API (New), competitor analysis (lib/places-client.ts). */
  places: PlacesClient;
  /**
   * The realtime seam (lib/realtime.ts): services publish committed changes here; the socket
   * plugin attaches to it. Created with the context and never replaced.
   */
  realtime: RealtimeHub;
  /** The job queue (lib/jobs.ts, catalogue in jobs.ts): services queue background work here. */
  jobs: JobQueue<AppContext>;
  /** Outgoing mail (lib/mailer.ts): SMTP when `SMTP_URL` is set, else the outbox folder. */
  mailer: Mailer;
  /** Free space of DATA_DIR while running (lib/disk-watch.ts): low refuses writes and pauses jobs. */
  disk: DiskWatch;
  /** Injectable clock (tests move time forward to expire tokens). */
  now: () => Date;
}
