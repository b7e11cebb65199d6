import { z } from 'zod';
import { ZIsoTime } from './common.ts';

/**
 * Background jobs: syncs, webhook processing, guest-name look-ups, and the imports,
 * exports and timers to come run in one Postgres-backed queue; a client's users see the state
 * of their client's jobs (`GET /api/jobs`, `GET /api/jobs/{id}`), scoped like the rows the job
 * touches (client, outlet, and `read` on the job's subject).
 */

/** pg-boss states, in order: queued, waiting to retry, running, done, cancelled, failed for good. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const ZJobState = z.enum(JOB_STATES);
export type TJobState = z.infer<typeof ZJobState>;

export const ZJob = z.object({
  id: z.uuid(),
  /** `<module>.<verb>`, e.g. `reviews.sync-page`. */
  name: z.string(),
  state: ZJobState,
  /** The outlet whose data the job touches, when it touches one outlet's data. */
  outletId: z.string().nullable(),
  /** Failed attempts so far; the job gives up after `retryLimit`. */
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdAt: ZIsoTime,
  startedAt: ZIsoTime.nullable(),
  completedAt: ZIsoTime.nullable(),
  /** What the job reported (counts, status), or the error of its last failed attempt. */
  output: z.record(z.string(), z.unknown()).nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZJobListQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(20),
});
export const ZJobListResponse = z.object({ data: z.array(ZJob) });
export const ZJobParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
