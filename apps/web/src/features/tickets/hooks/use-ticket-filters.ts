/**
 * View, filter and selection state of the tickets screen, kept in the URL (style.md: list state
 * lives in the URL). Params: `view` (mine | open | closed | all; absent = open, the contract's
 * default), `priority`, `outletId`, `breached` (true: only tickets past their SLA), and `ticket`
 * for the open ticket. Values the contract refuses are left out.
 */
import { ZListTicketsRequest, type TTicketView } from '@dinedesk/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TicketFilters } from '../api/get-tickets.ts';

export const TICKET_FILTER_PARAMS = ['priority', 'outletId', 'breached'] as const;
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
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseTicketFilters(params), [params]);
  const selectedTicketId = params.get(TICKET_PARAM) || null;

  const setFilters = useCallback<TicketFiltersState['setFilters']>(
    (changes) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      });
    },
    [setParams],
  );

  const clearFilters = useCallback(() => setFilters(Object.fromEntries(TICKET_FILTER_PARAMS.map((key) => [key, null]))), [setFilters]);

  const selectTicket = useCallback(
    (ticketId: string | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (ticketId) next.set(TICKET_PARAM, ticketId);
        else next.delete(TICKET_PARAM);
        return next;
      });
    },
    [setParams],
  );

  return { filters, selectedTicketId, setFilters, clearFilters, selectTicket };
}
