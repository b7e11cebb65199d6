/**
 * List state kept in the URL search params
 * (docs/requirements/code-layout.md#list-state-lives-in-the-url), changed without losing a change.
 * React Router's functional `setSearchParams(fn)` starts from the params of the last render, so two
 * changes before a re-render (a second filter chosen quickly, a filter and a selection from one
 * click) lost the first: the reviews journey's source and sentiment filters showed it. Each change
 * here starts from the one asked for before it, and a navigation that lands (back button, a link)
 * resets that to what the URL says.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Sets a key to a value, or removes it for null, undefined and ''. */
export function applyParams(next: URLSearchParams, changes: Record<string, string | null | undefined>): void {
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
}

/**
 * The current search params and `update(mutate, {replace})`, which applies `mutate` to the
 * params as last asked for and navigates (a history entry unless `replace`).
 */
export function useUrlParams(): [URLSearchParams, (mutate: (next: URLSearchParams) => void, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (mutate: (next: URLSearchParams) => void, options?: { replace?: boolean }) => {
      const next = new URLSearchParams(latest.current);
      mutate(next);
      latest.current = next;
      setParams(next, { replace: options?.replace ?? false });
    },
    [setParams],
  );
  return [params, update];
}
