/**
 * An in-memory Report on demand API for the screen's tests, through the contract handlers
 * (testing/contract-handlers.ts `contractHandler`), so every request and answer is checked against
 * `@dinedesk/contracts/reports`. A queued report is generated when the test calls `finishRuns()`;
 * its file is a small CSV.
 */
import {
  REPORTS_API,
  ZDeleteReportDefinition,
  ZDeleteReportDefinitionResponse,
  ZReportDefinition,
  ZReportDefinitionList,
  ZReportRun,
  ZReportRunList,
  ZReportRunRequest,
  ZSaveReportDefinition,
  type TReportDefinition,
  type TReportRun,
} from '@dinedesk/contracts/reports';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { mockApi } from '../../../testing/api-server.ts';
import { contractHandler, reply } from '../../../testing/contract-handlers.ts';

export const OWNER_EMAIL = 'owner@spice-route.demo';
let seq = 0;
const id = () => `0b7e5d3c-1a2b-4c3d-8e4f-${String(++seq).padStart(12, '0')}`;

export function reportsBackend({ runs = [] as TReportRun[], definitions = [] as TReportDefinition[], error }: { runs?: TReportRun[]; definitions?: TReportDefinition[]; error?: number } = {}) {
  let current = [...runs];
  let saved = [...definitions];
  const api = mockApi(
    contractHandler('reportRuns', { method: 'POST', path: REPORTS_API.runs, body: z.object({}).strict().nullish(), response: ZReportRunList }, () =>
      error ? reply.error(error, { message: 'The database is not answering' }) : { data: current },
    ),
    contractHandler('reportRun', { method: 'POST', path: REPORTS_API.run, body: ZReportRunRequest, response: ZReportRun, status: 202 }, ({ body }) => {
      const def = 'definitionId' in body ? saved.find((d) => d.id === body.definitionId) : undefined;
      if ('definitionId' in body && !def) return reply.error(404, { message: `Saved report ${body.definitionId} not found`, field: 'body.definitionId' });
      const spec = def ? def.spec : 'spec' in body ? body.spec : null;
      const run: TReportRun = {
        id: id(),
        title: def?.name ?? ('title' in body && body.title ? body.title : 'Report'),
        format: body.format ?? def!.format,
        status: 'queued',
        progress: 0,
        period: { from: '2026-10-28', to: '2026-11-26' },
        comparePeriod: spec!.comparison === 'none' ? null : { from: '2026-09-28', to: '2026-10-27' },
        metrics: spec!.metrics,
        outletCount: spec!.outletIds.length || 3,
        fileName: null,
        error: null,
        definitionId: def?.id ?? null,
        scheduled: false,
        createdAt: new Date().toISOString(),
        finishedAt: null,
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      };
      current = [run, ...current];
      return run;
    }),
    contractHandler('reportDefinitions', { method: 'POST', path: REPORTS_API.definitions, body: z.object({}).strict().nullish(), response: ZReportDefinitionList }, () =>
      error ? reply.error(error, { message: 'The database is not answering' }) : { data: saved },
    ),
    contractHandler('saveReportDefinition', { method: 'POST', path: REPORTS_API.saveDefinition, body: ZSaveReportDefinition, response: ZReportDefinition }, ({ body }) => {
      const d: TReportDefinition = {
        id: body.id ?? id(),
        name: body.name,
        spec: body.spec,
        format: body.format,
        schedule: body.schedule,
        nextRunAt: body.schedule ? '2026-11-30T06:00:00.000Z' : null,
        lastRunAt: null,
        mailTo: OWNER_EMAIL,
        updatedAt: new Date().toISOString(),
      };
      saved = [...saved.filter((x) => x.id !== d.id), d];
      return d;
    }),
    contractHandler('deleteReportDefinition', { method: 'POST', path: REPORTS_API.deleteDefinition, body: ZDeleteReportDefinition, response: ZDeleteReportDefinitionResponse }, ({ body }) => {
      const before = saved.length;
      saved = saved.filter((d) => d.id !== body.id);
      return { deleted: saved.length < before };
    }),
    http.get(REPORTS_API.runFile, ({ params }) => {
      const run = current.find((r) => r.id === params.runId);
      return run?.status === 'done' ? new HttpResponse('DineDesk report,Monthly\n', { headers: { 'content-type': 'text/csv' } }) : HttpResponse.json({ message: 'Not ready' }, { status: 409 });
    }),
  );
  return Object.assign(api, {
    /** Half-way, then done, as the job would move them. */
    advance() {
      current = current.map((r) => (r.status === 'queued' ? { ...r, status: 'running' as const, progress: 0.5 } : r.status === 'running' ? { ...r, status: 'done' as const, progress: 1, fileName: `${r.title}.${r.format}`, finishedAt: new Date().toISOString() } : r));
    },
  });
}
