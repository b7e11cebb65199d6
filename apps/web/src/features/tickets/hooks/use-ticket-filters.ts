/**
 * View, filter and selection state of the tickets screen, kept in the URL
 * (docs/requirements/code-layout.md#list-state-lives-in-the-url). Params: `view` (mine | open |
 * closed | all; absent = open, the contract's default), `priority`, `outletId`, `breached` (true:
 * only tickets past their SLA), `dueSoon` (true: only tickets on time due within the contract's
 * DUE_SOON_HOURS), and `ticket` for the open ticket. Values the contract refuses are left out.
 */
import { ZListTicketsRequest, type TTicketView } from '@dinedesk/contracts';
import { useCallback, useMemo } from 'react';
import type { TicketFilters } from '../api/get-tickets.ts';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';

export const TICKET_FILTER_PARAMS = ['priority', 'outletId', 'breached', 'dueSoon'] as const;
export type TicketFilterParam = (typeof TICKET_FILTER_PARAMS)[number] | 'view';
export const TICKET_PARAM = 'ticket';
export const DEFAULT_VIEW: TTicketView = 'open';

const shape = ZListTicketsRequest.shape;

export function parseTicketFilters(params: URLSearchParams): TicketFilters {
  const view = shape.view.safeParse(params.get('view') ?? undefined);
  const filters: TicketFilters = { view: view.success ? view.data : DEFAULT_VIEW };
  const priority = shape.priority.safeParse(params.get('priority') ?? undefined);
  const outletId = params.get('outletId');
  if (priority.success && priority.data) filters.priority = priority.data;
  if (outletId && shape.outletId.safeParse(outletId).success) filters.outletId = outletId;
  if (params.get('breached') === 'true') filters.breached = true;
  if (params.get('dueSoon') === 'true') filters.dueSoon = true;
  return filters;
}

export interface TicketFiltersState {
  filters: TicketFilters;
  selectedTicketId: string | null;
  /** Sets (or with '' / null removes) params; the open ticket stays open (it is fetched by id). */
  setFilters: (changes: Partial<Record<TicketFilterParam, string | null>>) => void;
  clearFilters: () => void;
  selectTicket: (ticketId: string | null) => void;
}

export function useTicketFilters(): TicketFiltersState {
  const [params, update] = useUrlParams();
  const filters = useMemo(() => parseTicketFilters(params), [params]);
  const selectedTicketId = params.get(TICKET_PARAM) || null;

  const setFilters = useCallback<TicketFiltersState['setFilters']>((changes) => update((next) => applyParams(next, changes)), [update]);

  const clearFilters = useCallback(() => setFilters(Object.fromEntries(TICKET_FILTER_PARAMS.map((key) => [key, null]))), [setFilters]);

  const selectTicket = useCallback((ticketId: string | null) => update((next) => applyParams(next, { [TICKET_PARAM]: ticketId })), [update]);

  return { filters, selectedTicketId, setFilters, clearFilters, selectTicket };
}
