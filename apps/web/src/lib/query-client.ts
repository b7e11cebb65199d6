/**
 * The app's TanStack Query client; server state lives only here
 * (docs/requirements/code-layout.md#rules-of-thumb, rule 4). The cache belongs to one user, so it
 * is dropped whenever the session ends (logout, 401, docs/requirements/states.md).
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { onSessionChange } from './storage.ts';

/** Client errors will not change on a retry; only network failures and 5xx are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Creates a query client with the app's defaults (tests create one per test). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The client of the running app. */
export const queryClient = createQueryClient();

onSessionChange((change) => {
  if (change.type === 'ended') queryClient.clear();
});
