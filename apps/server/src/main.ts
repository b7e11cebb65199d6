/**
 * DineDesk server entry point: `npm start` runs it (through scripts/start.mjs, beside the Graph
 * simulator). Configuration: src/config.ts and the README.
 */
import { loadConfig } from './config.ts';
import { DataDirError } from './db/data-dir.ts';
import { createServer, type StartedServer } from './server.ts';

const config = loadConfig();
let server: StartedServer;
try {
  server = await createServer(config);
} catch (e) {
  // An unusable or busy DATA_DIR is the operator's to fix: the message says what and where,
  // a stack trace would only hide it.
  if (!(e instanceof DataDirError)) throw e;
  process.stderr.write(`DineDesk cannot start: ${e.message}\n`);
  process.exit(1);
}
await server.app.listen({ port: config.port, host: config.host });
// The first sync runs after listening so the sign-in page is up at once; lists fill in seconds.
void server.syncOnce({ wait: false }).catch((e) => server.app.log.error({ err: e }, 'initial sync failed'));

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Fastify stops accepting and closes idle keep-alive connections, sockets close, in-flight
    // requests finish (their connections close after the answer), then the database closes and
    // the DATA_DIR lock is released (docs/decisions/0016). The forced exit is a last resort.
    const force = setTimeout(() => {
      process.stderr.write('DineDesk: shutdown did not finish within 10 s; forced exit\n');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`DineDesk: shutdown failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
        process.exit(1);
      },
    );
  });
}
