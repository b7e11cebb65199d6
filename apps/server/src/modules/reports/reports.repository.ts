import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { complaints, reportDefinitions, reportRuns, users } from '../../db/schema.ts';

/**
 * Queries of Report on demand (docs/decisions/0042): saved reports, generated runs and
 * their files, and the complaint counts of a period (the complaints module's table, read only).
 * Review, order and item figures come from the reviews and orders repositories, as their screens
 * count them.
 */

export type DefinitionRow = typeof reportDefinitions.$inferSelect;
export type RunRow = typeof reportRuns.$inferSelect;
export type RunView = Omit<RunRow, 'content'>;

// ── Saved reports ─────────────────────────────────────────────────────────────────────────

/** A person's saved reports by name, with the address scheduled runs go to. */
export function definitionsOf(db: Db, clientId: string, userId: string): Promise<(DefinitionRow & { email: string })[]> {
  return db
    .select({ d: reportDefinitions, email: users.email })
    .from(reportDefinitions)
    .innerJoin(users, eq(users.id, reportDefinitions.userId))
    .where(and(eq(reportDefinitions.clientId, clientId), eq(reportDefinitions.userId, userId)))
    .orderBy(asc(reportDefinitions.name), asc(reportDefinitions.id))
    .then((rows) => rows.map((r) => ({ ...r.d, email: r.email })));
}

export async function definitionById(db: Db, id: string): Promise<DefinitionRow | undefined> {
  const [row] = await db.select().from(reportDefinitions).where(eq(reportDefinitions.id, id));
  return row;
}

export async function countDefinitions(db: Db, clientId: string, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reportDefinitions).where(and(eq(reportDefinitions.clientId, clientId), eq(reportDefinitions.userId, userId)));
  return row?.n ?? 0;
}

export async function insertDefinition(db: Db, values: typeof reportDefinitions.$inferInsert): Promise<DefinitionRow> {
  const [row] = await db.insert(reportDefinitions).values(values).returning();
  return row!;
}

/** Updates one of the person's saved reports. @returns the row, or undefined when it is not theirs */
export async function updateDefinition(db: Db, id: string, owner: { clientId: string; userId: string }, set: Partial<typeof reportDefinitions.$inferInsert>): Promise<DefinitionRow | undefined> {
  const [row] = await db
    .update(reportDefinitions)
    .set(set)
    .where(and(eq(reportDefinitions.id, id), eq(reportDefinitions.clientId, owner.clientId), eq(reportDefinitions.userId, owner.userId)))
    .returning();
  return row;
}

/** @returns whether one of the person's saved reports was deleted */
export async function deleteDefinition(db: Db, id: string, owner: { clientId: string; userId: string }): Promise<boolean> {
  const rows = await db
    .delete(reportDefinitions)
    .where(and(eq(reportDefinitions.id, id), eq(reportDefinitions.clientId, owner.clientId), eq(reportDefinitions.userId, owner.userId)))
    .returning({ id: reportDefinitions.id });
  return rows.length > 0;
}

/** Scheduled reports due at `now`, the longest overdue first (read without a lock; see {@link lockDueDefinition}). */
export function dueDefinitions(db: Db, now: Date, limit: number): Promise<DefinitionRow[]> {
  return db
    .select()
    .from(reportDefinitions)
    .where(and(isNotNull(reportDefinitions.nextRunAt), lte(reportDefinitions.nextRunAt, now)))
    .orderBy(asc(reportDefinitions.nextRunAt))
    .limit(limit);
}

/**
 * Locks a scheduled report for this transaction if it is still due (`FOR UPDATE SKIP LOCKED`: a
 * process that finds it locked, or already moved on, gets undefined and leaves it).
 */
export async function lockDueDefinition(tx: Db, id: string, now: Date): Promise<DefinitionRow | undefined> {
  const [row] = await tx
    .select()
    .from(reportDefinitions)
    .where(and(eq(reportDefinitions.id, id), isNotNull(reportDefinitions.nextRunAt), lte(reportDefinitions.nextRunAt, now)))
    .for('update', { skipLocked: true });
  return row;
}

// ── Runs ──────────────────────────────────────────────────────────────────────────────────

// Every column but the file: lists and progress reads never carry it.
const { content: _content, ...runColumns } = getTableColumns(reportRuns);

export async function insertRun(db: Db, values: typeof reportRuns.$inferInsert): Promise<RunView> {
  const [row] = await db.insert(reportRuns).values(values).returning(runColumns);
  return row!;
}

export async function runById(db: Db, id: string): Promise<RunView | undefined> {
  const [row] = await db.select(runColumns).from(reportRuns).where(eq(reportRuns.id, id));
  return row;
}

export async function runFile(db: Db, id: string): Promise<Pick<RunRow, 'fileName' | 'format' | 'content'> | undefined> {
  const [row] = await db.select({ fileName: reportRuns.fileName, format: reportRuns.format, content: reportRuns.content }).from(reportRuns).where(eq(reportRuns.id, id));
  return row;
}

export async function updateRun(db: Db, id: string, set: Partial<typeof reportRuns.$inferInsert>): Promise<void> {
  await db.update(reportRuns).set(set).where(eq(reportRuns.id, id));
}

/** The person's runs not yet expired, newest first. */
export function runsOf(db: Db, clientId: string, userId: string, now: Date, limit: number): Promise<RunView[]> {
  return db
    .select(runColumns)
    .from(reportRuns)
    .where(and(eq(reportRuns.clientId, clientId), eq(reportRuns.userId, userId), gte(reportRuns.expiresAt, now)))
    .orderBy(desc(reportRuns.createdAt), desc(reportRuns.id))
    .limit(limit);
}

/** Deletes runs past their expiry. @returns how many */
export async function pruneRuns(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(reportRuns).where(lt(reportRuns.expiresAt, now)).returning({ id: reportRuns.id });
  return rows.length;
}

// ── Figures ───────────────────────────────────────────────────────────────────────────────

/** Complaints opened, and complaints resolved, per outlet within the UTC days `from`..`to`. */
export async function complaintCounts(db: Db, clientId: string, outletIds: string[], from: string, to: string): Promise<Map<string, { opened: number; resolved: number }>> {
  const out = new Map<string, { opened: number; resolved: number }>();
  if (!outletIds.length) return out;
  const inDays = (col: typeof complaints.openedAt | typeof complaints.resolvedAt) => sql`${col} >= ${from}::date and ${col} < (${to}::date + 1)`;
  const rows = await db
    .select({
      outletId: complaints.outletId,
      opened: sql<number>`count(*) filter (where ${inDays(complaints.openedAt)})`.mapWith(Number),
      resolved: sql<number>`count(*) filter (where ${inDays(complaints.resolvedAt)})`.mapWith(Number),
    })
    .from(complaints)
    .where(and(eq(complaints.clientId, clientId), inArray(complaints.outletId, outletIds)))
    .groupBy(complaints.outletId);
  for (const r of rows) out.set(r.outletId, { opened: r.opened, resolved: r.resolved });
  return out;
}
