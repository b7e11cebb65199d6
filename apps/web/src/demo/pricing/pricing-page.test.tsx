/**
 * The pricing page against the real demo handler (`msw/node`): monthly prices, the switch to
 * yearly (in the URL) with the monthly equivalents and the year's bills, the popular plan, the
 * current plan's button, the FAQ, and an honest note when a paid plan is chosen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { createPricingDb } from './data.ts';
import { createPricingHandlers } from './handlers.ts';
import PricingPage from './pricing-page.tsx';

setupDemoServer(() => createPricingHandlers(createPricingDb()));

beforeAll(() => i18n.loadNamespaces(['demo-pricing']));

describe('pricing page', () => {
  it('shows monthly prices, then the yearly ones after the switch', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<PricingPage />, { path: '/pages/pricing' });
    await screen.findByTestId('pricing-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeInTheDocument();
    expect(screen.getByTestId('pricing-price-basicPlan')).toHaveTextContent('$0');
    expect(screen.getByTestId('pricing-price-standardPlan')).toHaveTextContent('$49');
    expect(screen.getByTestId('pricing-price-enterprisePlan')).toHaveTextContent('$99');
    expect(screen.getByTestId('pricing-annual-standardPlan')).toHaveTextContent('');
    expect(within(screen.getByTestId('pricing-plan-standardPlan')).getByTestId('pricing-popular')).toHaveTextContent('Popular');
    expect(screen.getAllByTestId('pricing-popular')).toHaveLength(1);
    expect(screen.getByText('Save up to 19%')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Bill yearly' }));
    expect(location.current?.search).toBe('?billing=yearly');
    expect(screen.getByTestId('pricing-price-standardPlan')).toHaveTextContent('$40');
    expect(screen.getByTestId('pricing-price-enterprisePlan')).toHaveTextContent('$80');
    expect(screen.getByTestId('pricing-annual-standardPlan')).toHaveTextContent('$480 billed yearly');
    expect(screen.getByTestId('pricing-annual-enterprisePlan')).toHaveTextContent('$960 billed yearly');
    expect(screen.getByTestId('pricing-annual-basicPlan')).toHaveTextContent('');
  });

  it('lists the benefits, keeps Basic as the current plan, and explains that buying is not part of the demo', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PricingPage />, { path: '/pages/pricing?billing=yearly' });
    await screen.findByTestId('pricing-page');
    expect(screen.getByTestId('pricing-price-standardPlan')).toHaveTextContent('$40');
    expect(within(screen.getByRole('list', { name: 'What Basic includes' })).getByText('Up to 2 subdomains')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'What Enterprise includes' })).getByText('File upload with 5GB storage')).toBeInTheDocument();
    expect(screen.getByTestId('pricing-choose-basicPlan')).toBeDisabled();
    await user.click(screen.getByTestId('pricing-choose-enterprisePlan'));
    await waitFor(() => expect(screen.getByTestId('pricing-toast')).toHaveTextContent('This is a demo: the Enterprise plan cannot be bought here.'));

    const question = screen.getByRole('button', { name: 'Does my subscription automatically renew?' });
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
  });
});
