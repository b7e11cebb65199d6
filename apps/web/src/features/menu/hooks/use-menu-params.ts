/**
 * The outlet and period of a menu screen in the URL (`?outlet=<id>&from=&to=`,
 * docs/requirements/code-layout.md#list-state-lives-in-the-url), so a link or a reload opens the
 * same view. Without an outlet the server shows its pick (the first with items) and the picker
 * follows it.
 */
import { useCallback } from 'react';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import type { Period } from '../api/menu.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function useMenuParams(): { outletId: string | null; period: Period; setOutlet: (id: string) => void; setPeriod: (p: Period) => void } {
  const [params, update] = useUrlParams();
  const asked = params.get('outlet');
  const from = params.get('from');
  const to = params.get('to');
  const setOutlet = useCallback((id: string) => update((next) => applyParams(next, { outlet: id, from: null, to: null })), [update]);
  const setPeriod = useCallback((p: Period) => update((next) => applyParams(next, { from: p.from, to: p.to })), [update]);
  return {
    outletId: asked && UUID.test(asked) ? asked : null,
    period: { from: from && DAY.test(from) ? from : null, to: to && DAY.test(to) ? to : null },
    setOutlet,
    setPeriod,
  };
}
