/**
 * DineDesk server entry point: `npm start` runs it (through scripts/start.mjs, beside the Graph
 * simulator). Configuration: src/config.ts and the README.
 */
import { loadConfig } from './config.ts';
import { createServer } from './server.ts';

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
// The first sync runs after listening so the sign-in page is up at once; lists fill in seconds.
void server.syncOnce().catch((e) => server.app.log.error({ err: e }, 'initial sync failed'));

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Fastify stops accepting, lets in-flight requests finish, then the database closes.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
