import { expect, test, type Page } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

/**
 * Competitor analysis (docs/decisions/0030), through the real stack and the Places
 * simulator: the owner adds a Hyderabad restaurant and a global one as competitors of an outlet
 * through the Places search, and sees them in the rating vs review-volume grid; the Hyderabad one
 * gains trends and themes once the refresh job has read its history, the global one says it has
 * no history in the source.
 */
const stack = useSyncedStack();

async function addCompetitor(page: Page, name: string, opts: { query: string; city?: string }) {
  await page.getByTestId('add-competitor').click();
  const dialog = page.getByTestId('add-competitor-dialog');
  await expect(dialog).toBeVisible();
  if (opts.city) await dialog.getByTestId('competitor-city').fill(opts.city);
  await dialog.getByTestId('competitor-search').fill(opts.query);
  await page.getByTestId('competitor-option').filter({ hasText: name }).first().click();
  await dialog.getByTestId('add-competitor-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('competitor-item').filter({ hasText: name })).toBeVisible();
}

test('the owner adds competitors through the Places search and sees them in the grid', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/competitor-analysis`);
  await expect(page.getByRole('heading', { name: 'Competitor analysis' })).toBeVisible();
  await expect(page.getByTestId('competitors-empty')).toBeVisible();
  const grid = page.getByRole('table', { name: 'Rating and review volume' });
  await expect(grid.getByRole('row')).toHaveCount(2);

  await addCompetitor(page, 'Barbeque Nation', { query: 'Barbeque Nation', city: 'Hyderabad' });
  await addCompetitor(page, 'Le Petit Souffle', { query: 'Souffle', city: 'Makati' });

  // The outlet and both competitors, with their public ratings, in the grid's table view.
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(grid.getByRole('row').filter({ hasText: 'Le Petit Souffle' })).toContainText('4.8');
  await expect(grid.getByRole('row').filter({ hasText: 'Le Petit Souffle' })).toContainText('314');
  await expect(grid.getByRole('row').filter({ hasText: '(This outlet)' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Scatter chart of rating against number of ratings for 3 restaurants/ })).toBeVisible();

  // The global restaurant has no review history in the source; the Hyderabad one gains themes.
  await expect(page.getByTestId('competitor-item').filter({ hasText: 'Le Petit Souffle' }).getByTestId('competitor-no-history')).toBeVisible();
  await expect(page.getByTestId('theme-card').filter({ hasText: 'Barbeque Nation' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: /Line chart of the average rating per month/ })).toBeVisible();

  // Still there after a reload, and removable.
  await page.reload();
  await expect(page.getByTestId('competitor-item')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Le Petit Souffle' }).click();
  await expect(page.getByTestId('competitor-item')).toHaveCount(1);
  await expect(grid.getByRole('row')).toHaveCount(3);
});
