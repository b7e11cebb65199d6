/**
 * The knowledge base screens against the real demo handlers (`msw/node`): the six cards and
 * their search, a category page with its six sections and question search, a question page
 * with related questions, and "not found" for an unknown category.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { createKnowledgeBaseDb } from './data.ts';
import { createKnowledgeBaseHandlers } from './handlers.ts';
import KnowledgeBaseApp from './knowledge-base-app.tsx';

setupDemoServer(() => createKnowledgeBaseHandlers(createKnowledgeBaseDb()));

beforeAll(() => i18n.loadNamespaces(['demo-knowledge-base']));

const cardTitles = () => within(screen.getByTestId('kb-items')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('knowledge base', () => {
  it('searches the cards, opens a category, searches its questions and opens one', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<KnowledgeBaseApp />, { path: '/pages/knowledge-base' });
    await screen.findByTestId('kb-items');
    expect(cardTitles()).toEqual(['Sales Automation', 'Marketing Automation', 'API Questions', 'Personalization', 'Email Marketing', 'Demand Generation']);

    await user.type(screen.getByTestId('kb-search'), 'automation');
    expect(location.current?.search).toBe('?q=automation');
    expect(cardTitles()).toEqual(['Sales Automation', 'Marketing Automation']);
    await user.type(screen.getByTestId('kb-search'), ' octopus');
    expect(screen.getByTestId('kb-no-results')).toBeInTheDocument();
    await user.clear(screen.getByTestId('kb-search'));

    await user.click(within(screen.getByTestId('kb-items')).getByRole('link', { name: /Email Marketing/ }));
    expect(location.current?.pathname).toBe('/pages/knowledge-base/email-marketing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Marketing' })).toBeInTheDocument();
    const sections = screen.getAllByTestId('kb-section');
    expect(sections.map((section) => within(section).getByRole('heading', { level: 2 }).textContent?.replace(/\s*\(\d+\)$/, ''))).toEqual([
      'Account Settings',
      'API Questions',
      'Billing',
      'Copyright & Legal',
      'Mobile Apps',
      'Using KnowHow',
    ]);

    await user.type(screen.getByTestId('kb-category-search'), 'password');
    await waitFor(() => expect(screen.getAllByTestId('kb-section')).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: 'How secure is my password?' }));
    expect(location.current?.pathname).toBe('/pages/knowledge-base/email-marketing/how-secure-is-my-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'How secure is my password?' })).toBeInTheDocument();
    expect(screen.getByTestId('kb-question-updated')).toHaveTextContent(/^Last updated on \w+ \d+, \d{4}$/);
    expect(screen.getByTestId('kb-question-content').querySelector('ol li')).not.toBeNull();
    const related = within(screen.getByTestId('kb-related')).getAllByRole('link');
    expect(related.map((link) => link.textContent)).toEqual(['Can I change my username?', 'Where can I upload my avatar?', 'How do I add a manager to my outlet?', 'How do I delete my account?']);

    await user.click(related[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Can I change my username?' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Email Marketing' }));
    expect(location.current?.pathname).toBe('/pages/knowledge-base/email-marketing');
  });

  it('says "not found" for an unknown category or question', async () => {
    renderWithProviders(<KnowledgeBaseApp />, { path: '/pages/knowledge-base/cooking' });
    expect(await screen.findByTestId('kb-problem')).toHaveTextContent('This page of the knowledge base does not exist.');
  });

  it('says "not found" for an unknown question', async () => {
    renderWithProviders(<KnowledgeBaseApp />, { path: '/pages/knowledge-base/api-questions/no-such-question' });
    expect(await screen.findByTestId('kb-problem')).toHaveTextContent('This page of the knowledge base does not exist.');
    expect(screen.getByRole('link', { name: 'Back to the knowledge base' })).toHaveAttribute('href', '/pages/knowledge-base');
  });
});
