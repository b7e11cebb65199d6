import { describe, expect, it } from 'vitest';
import { ZReplyWindow } from './inbox.ts';
import { ZOverview, ZOverviewReplyWindow, ZOverviewReviewSource, ZOverviewTicketPriority } from './overview.ts';
import { REVIEW_SOURCES, ZReviewsEnded } from './reviews.ts';
import { TICKET_PRIORITIES } from './tickets.ts';

describe('the Overview contract restates shared shapes faithfully', () => {
  it('review sources, ticket priorities and the reply window match their originals', () => {
    expect(ZOverviewReviewSource.options).toEqual([...REVIEW_SOURCES]);
    expect(ZOverviewTicketPriority.options).toEqual([...TICKET_PRIORITIES]);
    const ended = ZOverview.shape.facebookReviewsEnded.unwrap();
    expect(Object.keys(ended.shape)).toEqual([...Object.keys(ZReviewsEnded.shape), 'pages']);
    expect(Object.keys(ZOverviewReplyWindow.shape)).toEqual(Object.keys(ZReplyWindow.shape));
    expect(ZOverviewReplyWindow.shape.state.options).toEqual(ZReplyWindow.shape.state.options);
    for (const sample of [
      { state: 'standard', endsAt: '2026-11-27T13:30:00.000Z', lastGuestMessageAt: '2026-11-26T13:30:00.000Z' },
      { state: 'closed', endsAt: null, lastGuestMessageAt: null },
      { state: 'open', endsAt: null, lastGuestMessageAt: null },
    ]) {
      expect(ZOverviewReplyWindow.safeParse(sample).success).toBe(ZReplyWindow.safeParse(sample).success);
    }
  });
});
