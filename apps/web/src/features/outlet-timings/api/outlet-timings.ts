/**
 * The Outlet timings call (docs/decisions/0037): `POST /api/reporting/outlet-timings {}`
 * → every outlet the user sees, with its timings text, the week read from it (or why it could not
 * be read), and the downtime log from its orders when it has any. Refusals come back as the
 * server words them (lib/errors.ts `describeError`).
 */
import { REPORTING_API, ZOutletTimingsList } from '@dinedesk/contracts/reporting';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';

export const outletTimingsKeys = {
  all: ['outlet-timings'] as const,
  list: () => [...outletTimingsKeys.all, 'list'] as const,
};

/** Every outlet the user sees, with its timings (TanStack Query; 60 s fresh: the text changes only with the data). */
export function useOutletTimings() {
  return useQuery({ queryKey: outletTimingsKeys.list(), queryFn: ({ signal }) => postJson(REPORTING_API.outletTimings, {}, ZOutletTimingsList, signal), staleTime: 60_000 });
}
