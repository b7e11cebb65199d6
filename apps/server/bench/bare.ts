/**
 * The floor of the list benchmark (bench/lists.ts): a bare Fastify 5 app with one route that
 * answers a fixed 20-item JSON page, no auth, no database, in its own process.
 * CLI: `node --import tsx apps/server/bench/bare.ts <port>`; prints `ready` when listening.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3999);
const app = Fastify({ logger: false });
const page = { data: Array.from({ length: 20 }, (_, i) => ({ id: String(i), text: 'Great biryani, slow service.', rating: 4 })), paging: { nextCursor: null } };
app.get('/bare', async () => page);
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
