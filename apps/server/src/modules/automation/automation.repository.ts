import { and, asc, count, desc, eq, gte, inArray, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { automationDrafts, automationRules, automationRuns, brands, memberships, outlets, replyTemplates, reviews, users } from '../../db/schema.ts';
import { afterPosition, type KeysetPosition } from '../../lib/keyset.ts';
import { tenantScope, type TenantScope } from '../../lib/tenant-scope.ts';

/** Queries of automation rules, their runs and drafts (issue #12, docs/decisions/0028). Every query names its client. */

export type RuleRow = typeof automationRules.$inferSelect;
export type RunRow = typeof automationRuns.$inferSelect;
export type DraftRow = typeof automationDrafts.$inferSelect;

/** The client's rules, first to last, with their owner's name and how often they ran. */
export async function listRules(db: Db, clientId: string) {
  const runs = db
    .select({ ruleId: automationRuns.ruleId, n: count().as('n'), last: max(automationRuns.matchedAt).as('last') })
    .from(automationRuns)
    .where(eq(automationRuns.clientId, clientId))
    .groupBy(automationRuns.ruleId)
    .as('runs');
  return db
    .select({ r: automationRules, ownerName: users.fullName, runCount: runs.n, lastRunAt: runs.last })
    .from(automationRules)
    .leftJoin(users, eq(users.id, automationRules.createdByUserId))
    .leftJoin(runs, eq(runs.ruleId, automationRules.id))
    .where(eq(automationRules.clientId, clientId))
    .orderBy(asc(automationRules.position), asc(automationRules.id));
}

export async function getRule(db: Db, clientId: string, id: number, lock = false): Promise<RuleRow | undefined> {
  const q = db.select().from(automationRules).where(and(eq(automationRules.id, id), eq(automationRules.clientId, clientId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function ruleCount(db: Db, clientId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(automationRules).where(eq(automationRules.clientId, clientId));
  return row?.n ?? 0;
}

export async function lastPosition(db: Db, clientId: string): Promise<number> {
  const [row] = await db.select({ p: max(automationRules.position) }).from(automationRules).where(eq(automationRules.clientId, clientId));
  return row?.p ?? 0;
}

/** Inserts a rule. @returns null when the client has a rule of that name (the unique index) */
export async function insertRule(db: Db, row: typeof automationRules.$inferInsert): Promise<RuleRow | null> {
  const [saved] = await db.insert(automationRules).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function updateRule(db: Db, id: number, set: Partial<typeof automationRules.$inferInsert>): Promise<void> {
  await db.update(automationRules).set(set).where(eq(automationRules.id, id));
}

export async function nameTaken(db: Db, clientId: string, name: string, exceptId: number): Promise<boolean> {
  const [row] = await db.select({ id: automationRules.id }).from(automationRules).where(and(eq(automationRules.clientId, clientId), eq(automationRules.name, name)));
  return row !== undefined && row.id !== exceptId;
}

export async function deleteRule(db: Db, clientId: string, id: number): Promise<boolean> {
  const gone = await db.delete(automationRules).where(and(eq(automationRules.id, id), eq(automationRules.clientId, clientId))).returning({ id: automationRules.id });
  return gone.length > 0;
}

/** The ids of the client's rules, locked, to reorder them. */
export async function ruleIdsForUpdate(db: Db, clientId: string): Promise<number[]> {
  const rows = await db.select({ id: automationRules.id }).from(automationRules).where(eq(automationRules.clientId, clientId)).for('update');
  return rows.map((r) => r.id);
}

export async function setPosition(db: Db, id: number, position: number, at: Date): Promise<void> {
  await db.update(automationRules).set({ position, updatedAt: at }).where(eq(automationRules.id, id));
}

/** The client's switched-on rules of a trigger, in evaluation order. */
export async function enabledRules(db: Db, clientId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.clientId, clientId), eq(automationRules.enabled, true), eq(automationRules.trigger, 'new_review')))
    .orderBy(asc(automationRules.position), asc(automationRules.id));
}

/** Templates of the client among `ids` (a pool may name one deleted since). */
export async function templatesOf(db: Db, clientId: string, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: replyTemplates.id, name: replyTemplates.name, body: replyTemplates.body }).from(replyTemplates).where(and(eq(replyTemplates.clientId, clientId), inArray(replyTemplates.id, ids)));
}

export async function outletsOf(db: Db, clientId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: outlets.id }).from(outlets).where(and(eq(outlets.clientId, clientId), inArray(outlets.id, ids)));
  return rows.map((r) => r.id);
}

const reviewFields = {
  id: reviews.id,
  clientId: reviews.clientId,
  source: reviews.source,
  pageId: reviews.pageId,
  outletId: reviews.outletId,
  outletName: outlets.name,
  brandName: brands.name,
  reviewerName: reviews.reviewerName,
  rating: reviews.rating,
  reviewText: reviews.reviewText,
  sentiment: reviews.sentiment,
  createdTime: reviews.createdTime,
};
export type AutomationReview = {
  id: number;
  clientId: string;
  source: 'facebook' | 'google';
  pageId: string | null;
  outletId: string;
  outletName: string;
  brandName: string;
  reviewerName: string;
  rating: number | null;
  reviewText: string;
  sentiment: 'positive' | 'neutral' | 'negative' | null;
  createdTime: Date;
};

/**
 * An outlet's reviews written since `since` that no rule has handled yet (the anti-join on
 * runs), newest first, at most `limit`: reviews that match no rule stay unhandled, so an oldest-
 * first batch full of them would never reach the newest arrivals.
 */
export async function unhandledReviews(db: Db, clientId: string, outletId: string, since: Date, limit: number): Promise<AutomationReview[]> {
  return db
    .select(reviewFields)
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .leftJoin(automationRuns, eq(automationRuns.reviewId, reviews.id))
    .where(and(eq(reviews.clientId, clientId), eq(reviews.outletId, outletId), gte(reviews.createdTime, since), isNull(automationRuns.id)))
    .orderBy(desc(reviews.createdTime), desc(reviews.id))
    .limit(limit);
}

export async function reviewById(db: Db, clientId: string, id: number): Promise<AutomationReview | undefined> {
  const [row] = await db
    .select(reviewFields)
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(eq(reviews.clientId, clientId), eq(reviews.id, id)));
  return row;
}

/** The reviews a dry run looks at: those of the scope written since `since`, newest first, at most `limit`. */
export async function reviewsSince(db: Db, scope: TenantScope, since: Date, limit: number): Promise<AutomationReview[]> {
  return db
    .select(reviewFields)
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(tenantScope(scope, { clientId: reviews.clientId, outletId: reviews.outletId }), gte(reviews.createdTime, since)))
    .orderBy(desc(reviews.createdTime), desc(reviews.id))
    .limit(limit);
}

/** When the newest review of the scope was written (null: none). */
export async function newestReviewTime(db: Db, scope: TenantScope): Promise<Date | null> {
  const [row] = await db.select({ at: max(reviews.createdTime) }).from(reviews).where(tenantScope(scope, { clientId: reviews.clientId, outletId: reviews.outletId }));
  return row?.at ? new Date(row.at) : null;
}

/** Inserts a run. @returns null when a rule already handles the review (the unique index decided a race) */
export async function insertRun(db: Db, row: typeof automationRuns.$inferInsert): Promise<RunRow | null> {
  const [saved] = await db.insert(automationRuns).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function getRun(db: Db, clientId: string, id: number, lock = false): Promise<RunRow | undefined> {
  const q = db.select().from(automationRuns).where(and(eq(automationRuns.id, id), eq(automationRuns.clientId, clientId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function saveRun(db: Db, id: number, set: Partial<typeof automationRuns.$inferInsert>): Promise<void> {
  await db.update(automationRuns).set(set).where(eq(automationRuns.id, id));
}

/** Runs of the scope, newest first, after `after`, `limit + 1` rows. */
export async function history(db: Db, scope: TenantScope, ruleId: number | undefined, after: KeysetPosition | undefined, limit: number) {
  return db
    .select({ run: automationRuns, review: reviewFields })
    .from(automationRuns)
    .innerJoin(reviews, eq(reviews.id, automationRuns.reviewId))
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(
      and(
        tenantScope(scope, { clientId: automationRuns.clientId, outletId: automationRuns.outletId }),
        ruleId === undefined ? undefined : eq(automationRuns.ruleId, ruleId),
        after ? afterPosition(automationRuns.matchedAt, automationRuns.id, after) : undefined,
      ),
    )
    .orderBy(desc(automationRuns.matchedAt), desc(automationRuns.id))
    .limit(limit + 1);
}

/** Inserts the draft of a run. @returns null when the run has one already (a resumed run) */
export async function insertDraft(db: Db, row: typeof automationDrafts.$inferInsert): Promise<DraftRow | null> {
  const [saved] = await db.insert(automationDrafts).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function draftOfRun(db: Db, runId: number): Promise<DraftRow | undefined> {
  const [row] = await db.select().from(automationDrafts).where(eq(automationDrafts.runId, runId));
  return row;
}

export async function getDraft(db: Db, clientId: string, id: number, lock = false): Promise<DraftRow | undefined> {
  const q = db.select().from(automationDrafts).where(and(eq(automationDrafts.id, id), eq(automationDrafts.clientId, clientId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function saveDraft(db: Db, id: number, set: Partial<typeof automationDrafts.$inferInsert>): Promise<void> {
  await db.update(automationDrafts).set(set).where(eq(automationDrafts.id, id));
}

/** Drafts of the scope with a status, newest first, after `after`, `limit + 1` rows, with their rule's name. */
export async function drafts(db: Db, scope: TenantScope, status: DraftRow['status'], after: KeysetPosition | undefined, limit: number) {
  return db
    .select({ draft: automationDrafts, ruleId: automationRuns.ruleId, ruleName: automationRuns.ruleName, review: reviewFields })
    .from(automationDrafts)
    .innerJoin(automationRuns, eq(automationRuns.id, automationDrafts.runId))
    .innerJoin(reviews, eq(reviews.id, automationDrafts.reviewId))
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(
      and(
        tenantScope(scope, { clientId: automationDrafts.clientId, outletId: automationDrafts.outletId }),
        eq(automationDrafts.status, status),
        after ? afterPosition(automationDrafts.createdAt, automationDrafts.id, after) : undefined,
      ),
    )
    .orderBy(desc(automationDrafts.createdAt), desc(automationDrafts.id))
    .limit(limit + 1);
}

export async function pendingDrafts(db: Db, scope: TenantScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(automationDrafts)
    .where(and(tenantScope(scope, { clientId: automationDrafts.clientId, outletId: automationDrafts.outletId }), eq(automationDrafts.status, 'pending')));
  return row?.n ?? 0;
}

/** Mail addresses and names of users, for the `notify` action. */
export async function usersByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(inArray(users.id, ids));
}


/** Members of the client among `ids`, with their role. */
export async function clientMembers(db: Db, clientId: string, ids: string[]): Promise<{ id: string; role: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: memberships.userId, role: memberships.role }).from(memberships).where(and(eq(memberships.clientId, clientId), inArray(memberships.userId, ids)));
}
