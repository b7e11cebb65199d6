/**
 * TanStack Query keys of the email demo. Every change (update, label, send) invalidates
 * {@link emailKeys.all}: lists, their badges (`emailsMeta`) and open emails all follow the mock.
 */
import type { EmailListParams } from '../schema.ts';

export const emailKeys = {
  all: ['demo', 'email'] as const,
  lists: () => [...emailKeys.all, 'list'] as const,
  list: (params: EmailListParams) => [...emailKeys.lists(), params] as const,
  email: (id: number, params: EmailListParams) => [...emailKeys.all, 'email', id, params] as const,
};

/** `q`, `folder`, `label` as a query string; an empty `folder` is sent (every folder but trash). */
export function listSearchParams(params: EmailListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.folder !== undefined) search.set('folder', params.folder);
  if (params.label) search.set('label', params.label);
  return search;
}
