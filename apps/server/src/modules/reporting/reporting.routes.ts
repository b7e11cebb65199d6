import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import { REPORTING_API, ZOutletTimingsList, ZOutletTimingsRequest } from '@dinedesk/contracts/reporting';
import { DATA_TRACKER_API, ZDataTracker, ZDataTrackerRequest, ZDataTrackerSyncRequest, ZDataTrackerSyncResponse } from '@dinedesk/contracts/data-tracker';
import { outletTimings } from './reporting.service.ts';
import { dataTracker, syncRow } from './data-tracker.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const syncErrors = { ...errors, 409: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['reporting'];
const READ = { need: { action: 'read', subject: 'Reporting', scope: 'outlet' } } as const;

/**
 * Reporting (docs/requirements/routes.md routes /apps/reporting/*; docs/decisions/0037). Every role
 * granted the Reporting module reads the outlets it sees.
 */
export async function reportingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    REPORTING_API.outletTimings,
    { config: READ, schema: { tags, security, summary: 'Scheduled hours of the outlets you see (or one), read from their timings text, with a downtime log from their orders', body: ZOutletTimingsRequest.nullish(), response: { 200: ZOutletTimingsList, ...errors } } },
    async (req) => outletTimings(app.ctx, req.auth, req.body ?? {}),
  );
  r.post(
    DATA_TRACKER_API.dataTracker,
    {
      config: READ,
      schema: { tags, security, summary: 'Per outlet and source (Facebook, Google, Instagram, orders): last and next sync, token health, last failure, new rows of the last 7 days, newest job', body: ZDataTrackerRequest.nullish(), response: { 200: ZDataTracker, ...errors } },
    },
    async (req) => dataTracker(app.ctx, req.auth, req.body ?? {}),
  );
  // Syncing is the reviews module's `update ReviewSync` (owners, brand and outlet managers), as
  // the Reviews screen's own sync buttons; the tracker only shows where it stands.
  r.post(
    DATA_TRACKER_API.sync,
    {
      config: { need: { action: 'update', subject: 'ReviewSync', scope: 'outlet' } },
      schema: { tags, security, summary: 'Queue a sync of one outlet’s Facebook, Google or Instagram data now', body: ZDataTrackerSyncRequest, response: { 200: ZDataTrackerSyncResponse, ...syncErrors } },
    },
    async (req) => syncRow(app.ctx, req.auth, req.body),
  );
}
