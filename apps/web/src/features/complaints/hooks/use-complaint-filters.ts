/**
 * Filter, tab and selection state of the complaints screen, kept in the URL so a reload, a
 * shared link or the back button restores it
 * (docs/requirements/code-layout.md#list-state-lives-in-the-url). Params: `status` (open |
 * in_progress | resolved; absent = open, the work to do), `brandId`, `outletId`, `assignee` (me |
 * none), `rootCause`, and `complaint` for the open complaint. Values the contract refuses are left
 * out rather than sent to the server.
 */
import { ZListComplaintsRequest, type TComplaintStatus } from '@dinedesk/contracts';
import { useCallback, useMemo } from 'react';
import type { ComplaintFilters } from '../api/get-complaints.ts';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';

export const COMPLAINT_FILTER_PARAMS = ['brandId', 'outletId', 'assignee', 'rootCause'] as const;
export type ComplaintFilterParam = (typeof COMPLAINT_FILTER_PARAMS)[number] | 'status';
export const COMPLAINT_PARAM = 'complaint';
export const DEFAULT_STATUS: TComplaintStatus = 'open';

const shape = ZListComplaintsRequest.shape;

/** The filters the URL names; the assignee filter offers "me" and "none" only. */
export function parseComplaintFilters(params: URLSearchParams): ComplaintFilters & { status: TComplaintStatus } {
  const status = shape.status.safeParse(params.get('status') ?? undefined);
  const filters: ComplaintFilters & { status: TComplaintStatus } = { status: status.success && status.data ? status.data : DEFAULT_STATUS };
  const brandId = params.get('brandId');
  const outletId = params.get('outletId');
  const assignee = params.get('assignee');
  const rootCause = params.get('rootCause');
  if (brandId && shape.brandId.safeParse(brandId).success) filters.brandId = brandId;
  if (outletId && shape.outletId.safeParse(outletId).success) filters.outletId = outletId;
  if (assignee === 'me' || assignee === 'none') filters.assignee = assignee;
  if (rootCause && shape.rootCause.safeParse(rootCause).success) filters.rootCause = rootCause;
  return filters;
}

export interface ComplaintFiltersState {
  filters: ComplaintFilters & { status: TComplaintStatus };
  selectedComplaintId: string | null;
  /** Sets (or with '' / null removes) params; the open complaint stays open (it is fetched by id). */
  setFilters: (changes: Partial<Record<ComplaintFilterParam, string | null>>) => void;
  clearFilters: () => void;
  selectComplaint: (complaintId: string | null) => void;
}

export function useComplaintFilters(): ComplaintFiltersState {
  const [params, update] = useUrlParams();
  const filters = useMemo(() => parseComplaintFilters(params), [params]);
  const selectedComplaintId = params.get(COMPLAINT_PARAM) || null;

  const setFilters = useCallback<ComplaintFiltersState['setFilters']>((changes) => update((next) => applyParams(next, changes)), [update]);

  const clearFilters = useCallback(() => setFilters(Object.fromEntries(COMPLAINT_FILTER_PARAMS.map((key) => [key, null]))), [setFilters]);

  const selectComplaint = useCallback((complaintId: string | null) => update((next) => applyParams(next, { [COMPLAINT_PARAM]: complaintId })), [update]);

  return { filters, selectedComplaintId, setFilters, clearFilters, selectComplaint };
}
