/**
 * A refusal by Facebook or Google in the user's language ("A Google or Facebook error
 * reaches the user in plain words and the four languages"). The server names the platform's
 * answer with a `code` (`graph_190`, `graph_613`, `google_429`, `google_grant_dead`…,
 * apps/server/src/lib/graph-errors.ts, google-reply.service.ts); known ones are worded here from
 * the lazy `reviews` namespace, with the platform's own words (English, as the platform sent them)
 * kept as the detail of a plain refusal. Anything else is `describeError`'s.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { describeError } from '../../lib/errors.ts';

const RATE_LIMIT = /^graph_(4|17|32|613|800\d\d)$/;

/**
 * @param t the `translation` namespace's t (for the generic fallback)
 * @param tr the `reviews` namespace's t
 */
export function platformError(error: unknown, t: TFunction, tr: TFunction<'reviews'>): string {
  if (!(error instanceof ApiError) || !error.code) return describeError(error, t);
  const code = error.code;
  if (code === 'google_429') return tr('platform.googleQuota');
  if (code === 'google_grant_dead' || code === 'google_not_connected') return tr('platform.googleReconnect');
  if (code === 'google_unreachable') return tr('platform.unreachable', { platform: 'Google' });
  if (code === 'graph_unavailable') return tr('platform.unreachable', { platform: 'Facebook' });
  if (code === 'graph_190') return tr('platform.facebookReconnect');
  if (RATE_LIMIT.test(code)) return tr('platform.facebookRateLimited');
  if (code === 'graph_not_landed') return tr('platform.notLanded');
  if (code === 'graph_outcome_unknown') return tr('platform.outcomeUnknown');
  if (code.startsWith('google_')) return tr('platform.refused', { platform: 'Google', detail: error.message });
  if (code.startsWith('graph_')) return tr('platform.refused', { platform: 'Facebook', detail: error.message });
  return describeError(error, t);
}
