import type { TJob } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import { requireClient, type AuthContext } from '../access/index.ts';
import * as repo from './jobs.repository.ts';

/**
 * The state of background jobs, as a client's users may see it: only jobs of the
 * caller's client, of outlets the caller sees, and of kinds whose subject the caller may read
 * (a review sync needs `read Review`, inbox jobs `read Conversation`). Platform jobs (sync
 * tick, webhook processing, maintenance) belong to no client and are shown to none.
 */

/** Queue names whose jobs the caller may read. */
function readableQueues(ctx: AppContext, auth: AuthContext): string[] {
  return ctx.jobs
    .definitions()
    .filter((d) => auth.ability.can('read', d.subject))
    .map((d) => d.name);
}

function toJob(r: repo.JobRow): TJob {
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    outletId: r.outletId,
    retryCount: r.retryCount,
    retryLimit: r.retryLimit,
    createdAt: r.createdOn.toISOString(),
    startedAt: r.startedOn?.toISOString() ?? null,
    completedAt: r.completedOn?.toISOString() ?? null,
    output: r.output,
  };
}

/** The caller's client's newest jobs, newest first. @param limit 1..100 (checked by the route schema) */
export async function listJobs(ctx: AppContext, auth: AuthContext, limit: number): Promise<TJob[]> {
  const clientId = requireClient(auth);
  const rows = await repo.listClientJobs(ctx.database, { clientId, outletIds: auth.outletIds, names: readableQueues(ctx, auth), limit });
  return rows.map(toJob);
}

/**
 * One job.
 * @throws HttpError 404 when it does not exist or the caller may not see it (never 403: the id of
 *   another client's job reveals nothing, decisions/0004)
 */
export async function getJob(ctx: AppContext, auth: AuthContext, id: string): Promise<TJob> {
  const clientId = requireClient(auth);
  const row = await repo.getJob(ctx.database, id);
  const visible =
    row !== undefined &&
    row.clientId !== null &&
    inTenantScope({ clientId, outletIds: auth.outletIds }, { clientId: row.clientId, outletId: row.outletId }) &&
    readableQueues(ctx, auth).includes(row.name);
  if (!visible) throw notFound('No such job');
  return toJob(row);
}
