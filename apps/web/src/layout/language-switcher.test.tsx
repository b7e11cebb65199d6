/**
 * Languages (docs/requirements/data.md: en, de, fr, pt; fallback en): the navbar switcher and the
 * sign-in page's select switch every string, store the choice, set `<html lang>`, and make dates
 * and numbers follow; other languages' strings are fetched only when chosen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n, { applyPreferredLanguage, preferredLanguage } from '../lib/i18n.ts';
import { mockApi } from '../testing/api-server.ts';
import { handle } from '../testing/contract-handlers.ts';
import { pageFixture, reviewFixture, signInAs } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render.tsx';

const reviewsApi = () => [
  handle.fbPages(() => ({ data: [pageFixture({ overallStarRating: 4.2, ratingCount: 1234 })] })),
  handle.getReviews(() => ({ data: [reviewFixture({ createdTime: '2025-01-09T12:30:00.000Z' })], paging: { nextCursor: null } })),
  handle.reviewKpis(() => ({ reviewCount: 1234, averageRating: 4.2, responseRate: 0.5, medianResponseSeconds: 7200, needsReplyCount: 3, trend: { bucket: 'month', points: [] }, outlets: [] })),
];

describe('language switcher', () => {
  it('switches the shell and the screen to German, with German dates and numbers, and stores it', async () => {
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    signInAs();
    mockApi(...reviewsApi());
    renderApp('/apps/reviews_and_complaints/reviews');
    const user = userEvent.setup();
    expect(await screen.findByTestId('review-list')).toBeInTheDocument();
    expect(screen.getByText('Jan 9, 2025')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bewertungen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suchen' })).toBeInTheDocument();
    expect(screen.getByText('09.01.2025')).toBeInTheDocument();
    expect(screen.getByText('1.234')).toBeInTheDocument();
    expect(within(screen.getByTestId('footer')).getByText(/Bewertungen, Posteingang und Berichte/)).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(document.title).toBe('Bewertungen · DineDesk'));
  });

  it('marks each language with its own name and `lang`', async () => {
    signInAs();
    mockApi(...reviewsApi());
    renderApp('/apps/reviews_and_complaints/reviews');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('language-switcher'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Deutsch', 'de'],
      ['Français', 'fr'],
      ['Português', 'pt'],
    ]);
  });

  it('the sign-in page switches with a native select', async () => {
    mockApi();
    renderApp('/login');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Language' });

    await user.selectOptions(select, 'fr');

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    expect(localStorage.getItem('language')).toBe('fr');
  });

  it('starts in the stored language, else the browser’s, else English', async () => {
    localStorage.setItem('language', 'pt');
    expect(preferredLanguage()).toBe('pt');
    await applyPreferredLanguage();
    expect(i18n.language).toBe('pt');
    expect(i18n.t('nav.reviews')).toBe('Avaliações');

    localStorage.setItem('language', 'xx');
    expect(preferredLanguage()).toBe('en');
  });
});
