import type { Page } from '@playwright/test';

/**
 * Console errors and uncaught exceptions of `page`, collected from now on: the journeys that
 * promise "no page has a console error" (issues #16, #17) assert the list is empty at the end.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The location names the failing URL, which a bare "Failed to load resource: 404" does not.
    if (message.type() === 'error') {
      const { url } = message.location();
      errors.push(url ? `${message.text()} (${url})` : message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
