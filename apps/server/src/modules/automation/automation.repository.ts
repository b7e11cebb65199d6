import { and, asc, count, desc, eq, gt, gte, inArray, isNull, max, sql } from 'drizzle-orm';
import type { TAutomationSource, TAutomationTrigger } from '@dinedesk/contracts/automation';
import type { Db } from '../../db/client.ts';
import { automationDrafts, automationRules, automationRuns, brands, conversations, memberships, messages, outlets, replyTemplates, reviews, users } from '../../db/schema.ts';
import { sentimentOf } from '../../lib/sentiment.ts';
import { afterPosition, type KeysetPosition } from '../../lib/keyset.ts';
import { tenantScope, type TenantScope } from '../../lib/tenant-scope.ts';

/** Queries of automation rules, their runs and drafts (docs/decisions/0028). Every query names its
 * client. */

export type RuleRow = typeof automationRules.$inferSelect;
export type RunRow = typeof automationRuns.$inferSelect;
export type DraftRow = typeof automationDrafts.$inferSelect;

/**
 * Whether the owner a rule acts for may still run it (SQL, on a query joining `users` on the
 * rule's owner): a super admin, or an owner (`client_owner`) of the client now, as
 * automation.service `actingAs` requires. False for a rule whose owner was removed or demoted.
 */
const ownerMayRun = (clientId: string) =>
  sql<boolean>`coalesce(${users.isSuperAdmin} or exists (select 1 from ${memberships} where ${memberships.clientId} = ${clientId} and ${memberships.userId} = ${users.id} and ${memberships.role} = 'client_owner'), false)`;

/** Switched-on rules of a client whose owner may no longer run them (removed or demoted), locked. */
export async function enabledRulesOfLostOwners(db: Db, clientId: string): Promise<RuleRow[]> {
  const rows = await db
    .select({ r: automationRules })
    .from(automationRules)
    .leftJoin(users, eq(users.id, automationRules.createdByUserId))
    .where(and(eq(automationRules.clientId, clientId), eq(automationRules.enabled, true), sql`not ${ownerMayRun(clientId)}`))
    .orderBy(asc(automationRules.position), asc(automationRules.id))
    .for('update', { of: automationRules });
  return rows.map((row) => row.r);
}

/** Rules of a client whose actions name `userId` (an `assign` target or a `notify` recipient), locked. */
export async function rulesNaming(db: Db, clientId: string, userId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.clientId, clientId), sql`exists (select 1 from jsonb_array_elements(${automationRules.actions}) a where a->>'userId' = ${userId} or coalesce(a->'userIds', '[]'::jsonb) ? ${userId})`))
    .orderBy(asc(automationRules.id))
    .for('update');
}

/** The client's rules, first to last, with their owner's name and how often they ran. */
export async function listRules(db: Db, clientId: string) {
  const runs = db
    .select({ ruleId: automationRuns.ruleId, n: count().as('n'), last: max(automationRuns.matchedAt).as('last') })
    .from(automationRuns)
    .where(eq(automationRuns.clientId, clientId))
    .groupBy(automationRuns.ruleId)
    .as('runs');
  return db
    .select({ r: automationRules, ownerName: users.fullName, runCount: runs.n, lastRunAt: runs.last, ownerMayRun: ownerMayRun(clientId) })
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
export async function enabledRules(db: Db, clientId: string, trigger: TAutomationTrigger): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.clientId, clientId), eq(automationRules.enabled, true), eq(automationRules.trigger, trigger)))
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
/**
 * What a rule acts on: a review, or a guest message of a conversation (`new_message`). `id` is
 * the review's or the message's; for a message `reviewerName` is the guest's name, `rating` is
 * null and `sentiment` is read from its text as reviews' is at ingest (lib/sentiment.ts).
 */
export type AutomationSubject = {
  kind: 'review' | 'message';
  id: number;
  clientId: string;
  source: TAutomationSource;
  pageId: string | null;
  /** The conversation and the page or Instagram account id it runs on (messages only). */
  conversationId: number | null;
  accountId: string | null;
  outletId: string;
  outletName: string;
  brandName: string;
  reviewerName: string;
  rating: number | null;
  reviewText: string;
  sentiment: 'positive' | 'neutral' | 'negative' | null;
  createdTime: Date;
};
/** A review as a rule's subject. */
export type AutomationReview = AutomationSubject;

type ReviewRow = Omit<AutomationSubject, 'kind' | 'conversationId' | 'accountId'> & { source: 'facebook' | 'google' };
const asReview = (r: ReviewRow): AutomationSubject => ({ ...r, kind: 'review', conversationId: null, accountId: null });

/**
 * An outlet's reviews written since `since` that no rule has handled yet (the anti-join on
 * runs), newest first, at most `limit`: reviews that match no rule stay unhandled, so an oldest-
 * first batch full of them would never reach the newest arrivals.
 */
export async function unhandledReviews(db: Db, clientId: string, outletId: string, since: Date, limit: number): Promise<AutomationReview[]> {
  const rows = await db
    .select(reviewFields)
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .leftJoin(automationRuns, eq(automationRuns.reviewId, reviews.id))
    .where(and(eq(reviews.clientId, clientId), eq(reviews.outletId, outletId), gte(reviews.createdTime, since), isNull(automationRuns.id)))
    .orderBy(desc(reviews.createdTime), desc(reviews.id))
    .limit(limit);
  return rows.map(asReview);
}

export async function reviewById(db: Db, clientId: string, id: number): Promise<AutomationReview | undefined> {
  const [row] = await db
    .select(reviewFields)
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(eq(reviews.clientId, clientId), eq(reviews.id, id)));
  return row && asReview(row);
}

/** The reviews a dry run looks at: those of the scope written since `since`, newest first, at most `limit`. */
export async function reviewsSince(db: Db, scope: TenantScope, since: Date, limit: number): Promise<AutomationReview[]> {
  const rows = await db
    .select(reviewFields)
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(tenantScope(scope, { clientId: reviews.clientId, outletId: reviews.outletId }), gte(reviews.createdTime, since)))
    .orderBy(desc(reviews.createdTime), desc(reviews.id))
    .limit(limit);
  return rows.map(asReview);
}

/** When the newest review of the scope was written (null: none). */
export async function newestReviewTime(db: Db, scope: TenantScope): Promise<Date | null> {
  const [row] = await db.select({ at: max(reviews.createdTime) }).from(reviews).where(tenantScope(scope, { clientId: reviews.clientId, outletId: reviews.outletId }));
  return row?.at ? new Date(row.at) : null;
}

// ---------------------------------------------------------------- guest messages (`new_message`)

const messageFields = {
  id: messages.id,
  clientId: messages.clientId,
  channel: conversations.channel,
  pageId: conversations.pageId,
  conversationId: conversations.id,
  accountId: conversations.accountId,
  outletId: conversations.outletId,
  outletName: outlets.name,
  brandName: brands.name,
  guestName: conversations.guestName,
  text: messages.text,
  createdTime: messages.createdTime,
};

type MessageRow = { id: number; clientId: string; channel: string; pageId: string; conversationId: number; accountId: string; outletId: string; outletName: string; brandName: string; guestName: string; text: string | null; createdTime: Date };

function asMessage(m: MessageRow): AutomationSubject {
  const text = m.text ?? '';
  return {
    kind: 'message',
    id: m.id,
    clientId: m.clientId,
    source: m.channel === 'instagram' ? 'instagram' : 'messenger',
    pageId: m.pageId,
    conversationId: m.conversationId,
    accountId: m.accountId,
    outletId: m.outletId,
    outletName: m.outletName,
    brandName: m.brandName,
    // A guest whose name the Conversations API has not given yet is named by the id, as in the inbox.
    reviewerName: m.guestName || 'Guest',
    rating: null,
    reviewText: text,
    sentiment: text.trim() ? sentimentOf(text).label : null,
    createdTime: m.createdTime,
  };
}

/** A guest's own message, still there (not unsent). */
const guestMessage = and(eq(messages.direction, 'guest'), isNull(messages.deletedAt));

/**
 * An outlet's conversations whose newest guest message was written since `since`, no rule has
 * handled it, and no rule answered the conversation since `quietSince` (a rule answers a
 * conversation at most once a day): that newest message each, newest first, at most `limit`.
 * Older messages of a conversation are never picked: the guest's last word is what gets answered.
 */
export async function unhandledMessages(db: Db, clientId: string, outletId: string, since: Date, quietSince: Date, limit: number): Promise<AutomationSubject[]> {
  const recentRun = db
    .select({ one: sql`1` })
    .from(automationRuns)
    .where(and(eq(automationRuns.conversationId, conversations.id), gt(automationRuns.matchedAt, quietSince)));
  const rows = await db
    .select(messageFields)
    .from(conversations)
    .innerJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.createdTime, conversations.lastGuestMessageAt), guestMessage))
    .innerJoin(outlets, eq(outlets.id, conversations.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .leftJoin(automationRuns, eq(automationRuns.messageId, messages.id))
    .where(and(eq(conversations.clientId, clientId), eq(conversations.outletId, outletId), gte(conversations.lastGuestMessageAt, since), isNull(automationRuns.id), sql`not exists (${recentRun})`))
    .orderBy(desc(messages.createdTime), desc(messages.id))
    .limit(limit);
  // Two guest messages with the same time in one conversation: the later row only.
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.conversationId) && seen.add(r.conversationId)).map(asMessage);
}

export async function messageById(db: Db, clientId: string, id: number): Promise<AutomationSubject | undefined> {
  const [row] = await db
    .select(messageFields)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(outlets, eq(outlets.id, conversations.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(eq(messages.clientId, clientId), eq(messages.id, id)));
  return row && asMessage(row);
}

/** When the guest of a conversation last wrote (null: never, or the conversation is gone). */
export async function lastGuestMessageAt(db: Db, conversationId: number): Promise<Date | null> {
  const [row] = await db.select({ at: conversations.lastGuestMessageAt }).from(conversations).where(eq(conversations.id, conversationId));
  return row?.at ?? null;
}

/** Whether the page wrote in the conversation after `after` (a teammate answered the guest). */
export async function pageAnsweredSince(db: Db, conversationId: number, after: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'page'), gt(messages.createdTime, after)))
    .limit(1);
  return row !== undefined;
}

/** The guest messages a `new_message` dry run looks at: those of the scope since `since`, newest first, at most `limit`. */
export async function messagesSince(db: Db, scope: TenantScope, since: Date, limit: number): Promise<AutomationSubject[]> {
  const rows = await db
    .select(messageFields)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(outlets, eq(outlets.id, conversations.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(tenantScope(scope, { clientId: conversations.clientId, outletId: conversations.outletId }), guestMessage, gte(messages.createdTime, since)))
    .orderBy(desc(messages.createdTime), desc(messages.id))
    .limit(limit);
  return rows.map(asMessage);
}

/** When the newest guest message of the scope was written (null: none). */
export async function newestMessageTime(db: Db, scope: TenantScope): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(messages.createdTime) })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(tenantScope(scope, { clientId: conversations.clientId, outletId: conversations.outletId }), guestMessage));
  return row?.at ? new Date(row.at) : null;
}

/** A run's or draft's subject: its review or its message. */
export async function subjectOf(db: Db, clientId: string, row: { reviewId: number | null; messageId: number | null }): Promise<AutomationSubject | undefined> {
  if (row.reviewId !== null) return reviewById(db, clientId, row.reviewId);
  if (row.messageId !== null) return messageById(db, clientId, row.messageId);
  return undefined;
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
  const rows = await db
    .select({ run: automationRuns })
    .from(automationRuns)
    .where(
      and(
        tenantScope(scope, { clientId: automationRuns.clientId, outletId: automationRuns.outletId }),
        ruleId === undefined ? undefined : eq(automationRuns.ruleId, ruleId),
        after ? afterPosition(automationRuns.matchedAt, automationRuns.id, after) : undefined,
      ),
    )
    .orderBy(desc(automationRuns.matchedAt), desc(automationRuns.id))
    .limit(limit + 1);
  return withSubjects(db, rows, (r) => r.run);
}

/** One run of the client with its subject, as `history` lists it; undefined when gone. */
export async function runWithSubject(db: Db, clientId: string, id: number) {
  const rows = await db.select({ run: automationRuns }).from(automationRuns).where(and(eq(automationRuns.id, id), eq(automationRuns.clientId, clientId)));
  const [row] = await withSubjects(db, rows, (r) => r.run);
  return row;
}

/**
 * `rows` with the subject (review or message) each names, read in two queries; a row whose
 * subject is gone (deleted with its conversation meanwhile) is left out, never a broken list.
 */
async function withSubjects<T>(db: Db, rows: T[], of: (row: T) => { reviewId: number | null; messageId: number | null }): Promise<(T & { review: AutomationSubject })[]> {
  const reviewIds = rows.map((r) => of(r).reviewId).filter((id): id is number => id !== null);
  const messageIds = rows.map((r) => of(r).messageId).filter((id): id is number => id !== null);
  const byReview = new Map<number, AutomationSubject>();
  const byMessage = new Map<number, AutomationSubject>();
  if (reviewIds.length) {
    const found = await db.select(reviewFields).from(reviews).innerJoin(outlets, eq(outlets.id, reviews.outletId)).innerJoin(brands, eq(brands.id, outlets.brandId)).where(inArray(reviews.id, reviewIds));
    for (const r of found) byReview.set(r.id, asReview(r));
  }
  if (messageIds.length) {
    const found = await db
      .select(messageFields)
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(outlets, eq(outlets.id, conversations.outletId))
      .innerJoin(brands, eq(brands.id, outlets.brandId))
      .where(inArray(messages.id, messageIds));
    for (const m of found) byMessage.set(m.id, asMessage(m));
  }
  const out: (T & { review: AutomationSubject })[] = [];
  for (const row of rows) {
    const { reviewId, messageId } = of(row);
    const review = reviewId !== null ? byReview.get(reviewId) : messageId !== null ? byMessage.get(messageId) : undefined;
    if (review) out.push({ ...row, review });
  }
  return out;
}

/** Inserts the draft of a run. @returns null when the run has one already (a resumed run) */
export async function insertDraft(db: Db, row: typeof automationDrafts.$inferInsert): Promise<DraftRow | null> {
  const [saved] = await db.insert(automationDrafts).values(row).onConflictDoNothing().returning();
  return saved ?? null;
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
  const rows = await db
    .select({ draft: automationDrafts, ruleId: automationRuns.ruleId, ruleName: automationRuns.ruleName })
    .from(automationDrafts)
    .innerJoin(automationRuns, eq(automationRuns.id, automationDrafts.runId))
    .where(
      and(
        tenantScope(scope, { clientId: automationDrafts.clientId, outletId: automationDrafts.outletId }),
        eq(automationDrafts.status, status),
        after ? afterPosition(automationDrafts.createdAt, automationDrafts.id, after) : undefined,
      ),
    )
    .orderBy(desc(automationDrafts.createdAt), desc(automationDrafts.id))
    .limit(limit + 1);
  return withSubjects(db, rows, (r) => r.draft);
}

export async function pendingDrafts(db: Db, scope: TenantScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(automationDrafts)
    .where(and(tenantScope(scope, { clientId: automationDrafts.clientId, outletId: automationDrafts.outletId }), eq(automationDrafts.status, 'pending')));
  return row?.n ?? 0;
}

/** Mail addresses and names of users, for the `notify` action. */
/** Members of the client among `ids`, with their role. */
export async function clientMembers(db: Db, clientId: string, ids: string[]): Promise<{ id: string; role: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: memberships.userId, role: memberships.role }).from(memberships).where(and(eq(memberships.clientId, clientId), inArray(memberships.userId, ids)));
}
