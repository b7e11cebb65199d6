import type { Page } from '@playwright/test';

/**
 * Console errors and uncaught exceptions of `page`, collected from now on: the journeys that
 * promise "no page has a console error" assert the list is empty at the end.
 *
 * One kind is left out: a resource that failed because the page that asked for it was being left.
 * A journey that moves on as soon as it has checked a page can navigate while that page's demo call
 * is still in flight; the page's mock client is closed by then, so the call goes to the product
 * server and its 404 is logged on the page being left (seen in the showcase journeys under load).
 * Only a failure of a request issued before the latest main-frame navigation, and not issued again
 * since, is left out; the new page's own failures all count.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  let seq = 0;
  let navigationSeq = -1;
  /** URL → order of its latest request. */
  const issued = new Map<string, number>();
  page.on('request', (request) => {
    seq += 1;
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigationSeq = seq;
    else issued.set(request.url(), seq);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The location names the failing URL, which a bare "Failed to load resource: 404" does not.
    const { url } = message.location();
    if (url && message.text().startsWith('Failed to load resource') && (issued.get(url) ?? Infinity) < navigationSeq) return;
    errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
