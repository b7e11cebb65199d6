import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import {
  REPORTS_API,
  ZDeleteReportDefinition,
  ZDeleteReportDefinitionResponse,
  ZReportDefinition,
  ZReportDefinitionList,
  ZReportRun,
  ZReportRunList,
  ZReportRunParams,
  ZReportRunRequest,
  ZSaveReportDefinition,
} from '@dinedesk/contracts/reports';
import { deleteDefinition, listDefinitions, listRuns, requestRun, runFileOf, runStatus, saveDefinition } from './reports.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['reports'];
/** Every role granted the Reporting module runs and saves its own reports, over the outlets it sees. */
const REPORTING = { need: { action: 'read', subject: 'Reporting', scope: 'client' } } as const;
/** A run is read by its asker or a teammate who sees all of its outlets (reports.service.ts `visibleRun`). */
const REPORT_RUN = { need: { action: 'read', subject: 'Reporting', scope: 'outlet' } } as const;

/** Report on demand (docs/requirements/routes.md /apps/reporting/report-on-demand;
 * docs/decisions/0042). */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    REPORTS_API.run,
    {
      config: REPORTING,
      schema: {
        tags,
        security,
        summary: 'Queue a report (a spec, or a saved report) as CSV, XLSX or PDF',
        description: `Answers 202 with the run; poll ${REPORTS_API.runStatus} for its progress and fetch ${REPORTS_API.runFile} once done. Files are kept 7 days, for the person who asked.`,
        body: ZReportRunRequest,
        response: { 202: ZReportRun, ...errors },
      },
    },
    async (req, reply) => reply.code(202).send(await requestRun(app.ctx, req.auth, req.body)),
  );
  r.post(
    REPORTS_API.runs,
    { config: REPORTING, schema: { tags, security, summary: 'Your reports of the last 7 days, newest first', body: z.object({}).strict().nullish(), response: { 200: ZReportRunList, ...errors } } },
    async (req) => ({ data: await listRuns(app.ctx, req.auth) }),
  );
  r.get(
    REPORTS_API.runStatus,
    { config: REPORT_RUN, schema: { tags, security, summary: 'A report’s progress (yours, or a teammate’s over outlets you all see)', params: ZReportRunParams, response: { 200: ZReportRun, ...errors } } },
    async (req) => runStatus(app.ctx, req.auth, req.params.runId),
  );
  r.get(
    REPORTS_API.runFile,
    {
      config: REPORT_RUN,
      schema: { tags, security, summary: 'The file of a finished report (yours, or a teammate’s over outlets you all see)', params: ZReportRunParams, response: { 200: z.any().describe('CSV, XLSX or PDF, as an attachment'), 409: ZErrorResponse, ...errors } },
    },
    async (req, reply) => {
      const file = await runFileOf(app.ctx, req.auth, req.params.runId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
  r.post(
    REPORTS_API.definitions,
    { config: REPORTING, schema: { tags, security, summary: 'Your saved reports', body: z.object({}).strict().nullish(), response: { 200: ZReportDefinitionList, ...errors } } },
    async (req) => ({ data: await listDefinitions(app.ctx, req.auth) }),
  );
  r.post(
    REPORTS_API.saveDefinition,
    { config: REPORTING, schema: { tags, security, summary: 'Save a report (no id: a new one), with an optional weekly or monthly schedule', body: ZSaveReportDefinition, response: { 200: ZReportDefinition, 409: ZErrorResponse, ...errors } } },
    async (req) => saveDefinition(app.ctx, req.auth, req.body),
  );
  r.post(
    REPORTS_API.deleteDefinition,
    { config: REPORTING, schema: { tags, security, summary: 'Delete one of your saved reports (idempotent: deleted false when there was none of yours)', body: ZDeleteReportDefinition, response: { 200: ZDeleteReportDefinitionResponse, ...errors } } },
    async (req) => deleteDefinition(app.ctx, req.auth, req.body.id),
  );
}
