import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import i18n from '../../lib/i18n.ts';
import { platformError } from './platform-errors.ts';

const refusal = (status: number, code: string, message = 'Request contains an invalid argument.') => new ApiError({ message, status, body: { message, code }, code });

describe('platformError', () => {
  it('words known refusals of Google and Facebook in the user’s language', async () => {
    await i18n.loadLanguages('de');
    await i18n.loadNamespaces('reviews');
    const en = [i18n.getFixedT('en'), i18n.getFixedT('en', 'reviews')] as const;
    const de = [i18n.getFixedT('de'), i18n.getFixedT('de', 'reviews')] as const;
    expect(platformError(refusal(429, 'google_429'), ...en)).toMatch(/^Google’s quota for DineDesk is used up/);
    expect(platformError(refusal(429, 'google_429'), ...de)).toMatch(/^Das Google-Kontingent/);
    expect(platformError(refusal(409, 'google_grant_dead'), ...en)).toMatch(/Reconnect Google/);
    expect(platformError(refusal(409, 'graph_190'), ...de)).toMatch(/Zugriffstoken dieser Seite abgelehnt/);
    expect(platformError(refusal(503, 'graph_613'), ...en)).toMatch(/limiting calls for this page/);
    expect(platformError(refusal(504, 'google_unreachable'), ...en)).toBe('Google is not answering right now, so nothing was sent. Try again in a moment.');
    // A plain refusal keeps the platform's own words as the detail.
    expect(platformError(refusal(502, 'google_400'), ...de)).toBe('Google hat dies abgelehnt (Request contains an invalid argument.).');
  });

  it('leaves other errors to describeError', () => {
    const en = [i18n.getFixedT('en'), i18n.getFixedT('en', 'reviews')] as const;
    expect(platformError(refusal(422, 'reply_check', 'Check this reply'), ...en)).toBe('Check this reply');
    expect(platformError(new Error('x'), ...en)).toBe('Something went wrong. Please try again.');
  });
});
