import type { TFbPage } from '@dinedesk/contracts';

/**
 * Pages whose sync state needs the owner's attention (status other than `ok` / `never`). Kept
 * apart from the banners (sync-alerts.tsx) so the screen decides whether to fetch them without
 * carrying them, or the connect code they use, in its first paint.
 */
export function pagesNeedingAttention(pages: readonly TFbPage[]): TFbPage[] {
  return pages.filter((page) => page.sync.status !== 'ok' && page.sync.status !== 'never');
}
