/**
 * The outlet under analysis, in the URL (`?outlet=<id>`,
 * docs/requirements/code-layout.md#list-state-lives-in-the-url), so a link or a reload opens the
 * same outlet. Without one (or with one the user no longer sees) the first outlet of the client
 * details is analysed.
 */
import { useCallback } from 'react';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';

export interface OutletOption {
  id: string;
  name: string;
  brandName: string;
}

export function useOutletParam(outlets: readonly OutletOption[]): { outletId: string | null; setOutletId: (id: string) => void } {
  const [params, update] = useUrlParams();
  const asked = params.get('outlet');
  const outletId = outlets.some((o) => o.id === asked) ? asked : (outlets[0]?.id ?? null);
  const setOutletId = useCallback((id: string) => update((next) => applyParams(next, { outlet: id })), [update]);
  return { outletId, setOutletId };
}
