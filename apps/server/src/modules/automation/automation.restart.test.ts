import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client.ts';
import { signIn } from '../../test/harness.ts';
import { restartBed } from '../../test/restart.ts';
import { queueAutomation } from './automation.service.ts';

/**
 * A rule's delay lives in the job queue ("Delays run in the job queue"; job tests
 * "automation delay across a restart"): a review matches a 5-minute rule, the server stops
 * before the delay is over, and the next server runs the rule's actions at the due time, once:
 * one draft and one notification mail. On PostgreSQL two servers run the queue together.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const DELAY_MS = 5 * 60_000;

describe('automation delay across a restart', () => {
  it('a run due while no server runs acts once, on the next server(s)', async () => {
    const bed = await restartBed('dinedesk-automation-restart-');
    cleanups.push(() => bed.close());
    const { boot, call } = bed;

    // First server: its clock runs almost 5 minutes behind, so the run it schedules falls due a
    // few seconds from now, after this server has stopped (its own queue must not see the job
    // due: it would find it early by its own clock and re-queue it).
    let offset = -(DELAY_MS - 6000);
    const first = await boot(() => new Date(Date.now() + offset));
    const owner = await signIn(first.app, 'owner@spice-route.demo');
    const clientId = (await first.app.inject({ method: 'GET', url: '/api/get-client-details', headers: { authorization: `Bearer ${owner}` } })).json().client.id as string;
    const users = (await first.app.inject({ method: 'GET', url: '/api/client-users', headers: { authorization: `Bearer ${owner}` } })).json().data as { id: string; email: string }[];
    const agentId = users.find((u) => u.email === 'agent@spice-route.demo')!.id;
    const templates = (await first.app.inject({ method: 'GET', url: '/api/review_testing/reply-templates', headers: { authorization: `Bearer ${owner}` } })).json().data as { id: string }[];
    const rule = await call(first, '/api/automation/rules/create', owner, { name: 'Across a restart', enabled: true, conditions: { keywords: ['idli'] }, actions: [{ type: 'draft', templateIds: [templates[0]!.id] }, { type: 'notify', userIds: [agentId] }], delayMinutes: 5 });
    expect(rule.statusCode, rule.body).toBe(200);

    // A guest's rating arrives (as the review sync stores it) and the match job schedules the run.
    const [fbPage] = (await first.ctx.db.select().from(schema.facebookPages).where(eq(schema.facebookPages.clientId, clientId)).limit(1)) as [typeof schema.facebookPages.$inferSelect];
    const [review] = await first.ctx.db
      .insert(schema.reviews)
      .values({ clientId, outletId: fbPage.outletId, source: 'facebook', pageId: fbPage.id, externalKey: `restart-${Date.now()}`, reviewerId: '990001', reviewerName: 'Padma Rao', rating: 1, recommendationType: 'negative', reviewText: 'idli was stale and cold', createdTime: new Date(Date.now() + offset) })
      .returning();
    await queueAutomation(first.ctx, clientId, fbPage.outletId);
    await first.ctx.jobs.whenIdle(['automation.match'], 30_000);
    const [run] = await first.ctx.db.select().from(schema.automationRuns).where(eq(schema.automationRuns.reviewId, review!.id));
    expect(run, 'the run the match scheduled').toMatchObject({ status: 'scheduled' });
    expect(run!.dueAt.getTime() - run!.matchedAt.getTime()).toBe(DELAY_MS);
    await first.close();
    offset = 0;

    // The next server(s): PostgreSQL runs two at once; PGlite, one process by design, one.
    await new Promise((r) => setTimeout(r, Math.max(0, run!.dueAt.getTime() - Date.now()) + 500));
    const next = [await boot()];
    if (bed.shared) next.push(await boot());
    cleanups.push(async () => {
      for (const s of next) await s.close();
    });
    const db = next[0]!.ctx.db;
    const deadline = Date.now() + 30_000;
    let status = run!.status;
    while (Date.now() < deadline && status === 'scheduled') {
      [{ status }] = (await db.select({ status: schema.automationRuns.status }).from(schema.automationRuns).where(eq(schema.automationRuns.id, run!.id))) as [{ status: typeof status }];
      if (status === 'scheduled') await new Promise((r) => setTimeout(r, 250));
    }
    expect(status, 'the run acted after the restart').toBe('done');
    for (const s of next) await s.ctx.jobs.whenIdle(undefined, 30_000);
    const drafts = await db.select().from(schema.automationDrafts).where(eq(schema.automationDrafts.reviewId, review!.id));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ status: 'pending' });
    // One notification mail to the agent, whichever server sent it.
    expect(bed.mails()).toHaveLength(1);
  });
});
