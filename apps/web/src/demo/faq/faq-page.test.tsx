/**
 * The FAQ page against the real demo handler (`msw/node`): the categories as tabs with their
 * questions, an answer opened, a search (in the URL) that leaves only the matching categories
 * and questions, and the "no results" state.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { setViewportWidth } from '../../testing/viewport.ts';
import { setupDemoServer } from '../mock/node.ts';
import { createFaqDb } from './data.ts';
import FaqPage from './faq-page.tsx';
import { createFaqHandlers } from './handlers.ts';

const db = createFaqDb();
setupDemoServer(() => createFaqHandlers(createFaqDb()));

beforeAll(() => i18n.loadNamespaces(['demo-faq']));

const questionTexts = () => within(screen.getByTestId('faq-questions')).getAllByTestId('faq-question').map((item) => within(item).getByRole('button').textContent);

describe('FAQ page', () => {
  it('shows the five categories as tabs and opens an answer', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />, { path: '/pages/faq' });
    const tabs = await screen.findByRole('tablist', { name: 'Question categories' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Payment', 'Delivery', 'Cancellation & Return', 'My Orders', 'Product & Services']);
    expect(questionTexts()).toEqual(db.payment.qandA.map((item) => item.question));

    await user.click(within(tabs).getByRole('tab', { name: 'Delivery' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery' })).toBeInTheDocument();
    const first = db.delivery.qandA[0];
    if (!first) throw new Error('no question');
    const summary = screen.getByRole('button', { name: first.question });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await user.click(summary);
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(first.ans)).toBeVisible();
  });

  it('searches the questions (q in the URL), keeps only matching categories, and says when nothing matches', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<FaqPage />, { path: '/pages/faq' });
    await screen.findByTestId('faq-tabs');
    await user.type(screen.getByTestId('faq-search'), 'CANCEL');
    await waitFor(() => expect(location.current?.search).toBe('?q=CANCEL'));
    await waitFor(() => expect(within(screen.getByTestId('faq-tabs')).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Cancellation & Return']));
    // The chosen tab (Payment) has no match: the first category left is shown.
    expect(questionTexts()).toEqual(db.cancellationReturn.qandA.filter((item) => item.question.toLowerCase().includes('cancel')).map((item) => item.question));

    await user.clear(screen.getByTestId('faq-search'));
    await user.type(screen.getByTestId('faq-search'), 'octopus');
    expect(await screen.findByTestId('faq-no-results')).toHaveTextContent('No question matches “octopus”');
    expect(screen.queryByTestId('faq-tabs')).not.toBeInTheDocument();
  });

  it('starts from the search in the URL', async () => {
    setViewportWidth(1280);
    renderWithProviders(<FaqPage />, { path: '/pages/faq?q=order' });
    expect(await screen.findByTestId('faq-search')).toHaveValue('order');
    await waitFor(() => expect(within(screen.getByTestId('faq-tabs')).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Payment', 'Cancellation & Return', 'My Orders']));
  });
});
