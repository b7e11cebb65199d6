import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TJob } from '@dinedesk/contracts';
import { schema } from '../../db/client.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import { reviewSyncPageJob } from '../reviews/index.ts';

/**
 * The jobs module's own file: `GET /api/jobs` and `GET /api/jobs/:id` read pg-boss's job table
 * with hand-written SQL (jobs.repository.ts), so this file is in the repository parity set that
 * runs on both engines (apps/server/src/test/engines.ts, docs/decisions/0016). Who may call the
 * routes is the authorization matrix's business; this file checks what they read.
 */
let h: Harness;
let owner: string;
let otherOwner: string;
/** A review sync of one of the Spice Route pages, queued and finished before the tests. */
let jobId: string;

beforeAll(async () => {
  h = await startHarness();
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const [page] = await db.select().from(schema.facebookPages).where(eq(schema.facebookPages.clientId, client!.id)).limit(1);
  jobId = (await h.server.ctx.jobs.send(reviewSyncPageJob, { clientId: client!.id, outletId: page!.outletId, pageId: page!.id }))!;
  await h.settle();
  owner = await h.login('owner@spice-route.demo');
  otherOwner = await h.login('owner@deccan-table.demo');
});
afterAll(() => h?.close());

describe('jobs (pg-boss job table through jobs.repository.ts)', () => {
  it("lists the client's finished jobs newest first, each read back alike by id", async () => {
    const res = await h.get('/api/jobs?limit=100', owner);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: TJob[] };
    const listed = data.find((j) => j.id === jobId);
    expect(listed).toMatchObject({ name: reviewSyncPageJob.name, state: 'completed', retryCount: 0 });
    expect(listed!.startedAt).not.toBeNull();
    expect(listed!.completedAt).not.toBeNull();
    const created = data.map((j) => j.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const one = await h.get(`/api/jobs/${jobId}`, owner);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(listed);
  });

  it("honours the limit, and keeps each client's jobs apart (another client's id is not found)", async () => {
    const mine = (await h.get('/api/jobs?limit=1', owner)).json() as { data: TJob[] };
    expect(mine.data).toHaveLength(1);
    const theirs = (await h.get('/api/jobs?limit=100', otherOwner)).json() as { data: TJob[] };
    expect(theirs.data.some((j) => j.id === jobId)).toBe(false);
    const res = await h.get(`/api/jobs/${jobId}`, otherOwner);
    expect(res.statusCode).toBe(404);
    expect((await h.get('/api/jobs/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
  });
});
