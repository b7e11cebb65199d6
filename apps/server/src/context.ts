import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { GraphClient } from './lib/graph-client.ts';
import type { Secrets } from './lib/secrets.ts';
import type { TokenCipher } from './lib/token-cipher.ts';
import type { Realtime } from './modules/inbox/events.ts';

/** Everything a module needs, built once per process and decorated on the app as `ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  secrets: Secrets;
  cipher: TokenCipher;
  graph: GraphClient;
  /** Where committed inbox events go (socket.io rooms; set by the socket plugin). */
  realtime: Realtime;
  /** Injectable clock (tests move time forward to expire tokens). */
  now: () => Date;
}
