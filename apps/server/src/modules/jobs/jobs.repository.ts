import type { Database } from '../../db/client.ts';
import type { JobState } from '../../lib/jobs.ts';

/**
 * SQL of the jobs module: reads pg-boss's job table (`pgboss.job`, pg-boss 10 schema: id, name,
 * state, data, retry_count, retry_limit, created_on, started_on, completed_on, output). Reads
 * only; pg-boss writes it. Run through `Database.executeSql` because the table is pg-boss's,
 * not part of the Drizzle schema.
 */

export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  clientId: string | null;
  outletId: string | null;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  output: Record<string, unknown> | null;
}

const COLUMNS = `id, name, state, data->>'clientId' AS client_id, data->>'outletId' AS outlet_id, retry_count, retry_limit, created_on, started_on, completed_on, output`;

/** A job by id, or undefined. */
export async function getJob(database: Database, id: string): Promise<JobRow | undefined> {
  const { rows } = await database.executeSql(`SELECT ${COLUMNS} FROM pgboss.job WHERE id = $1::uuid`, [id]);
  return rows[0] ? toRow(rows[0]) : undefined;
}

/**
 * The newest jobs of a client in the queues `names`, newest first.
 * @param outletIds null: every outlet; else only jobs of these outlets (jobs without an outlet are left out)
 * @param limit 1..100
 */
export async function listClientJobs(database: Database, q: { clientId: string; outletIds: readonly string[] | null; names: string[]; limit: number }): Promise<JobRow[]> {
  if (q.names.length === 0) return [];
  const { rows } = await database.executeSql(
    `SELECT ${COLUMNS} FROM pgboss.job
      WHERE name = ANY($1::text[]) AND data->>'clientId' = $2
        AND ($3::text[] IS NULL OR data->>'outletId' = ANY($3::text[]))
      ORDER BY created_on DESC, id DESC LIMIT $4`,
    [q.names, q.clientId, q.outletIds, q.limit],
  );
  return rows.map(toRow);
}

function toRow(r: Record<string, unknown>): JobRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: String(r.id),
    name: String(r.name),
    state: r.state as JobState,
    clientId: (r.client_id as string | null) ?? null,
    outletId: (r.outlet_id as string | null) ?? null,
    retryCount: Number(r.retry_count),
    retryLimit: Number(r.retry_limit),
    createdOn: date(r.created_on)!,
    startedOn: date(r.started_on),
    completedOn: date(r.completed_on),
    output: (r.output as Record<string, unknown> | null) ?? null,
  };
}
