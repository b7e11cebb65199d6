import { describe, expect, it } from 'vitest';
import { ZGetFbReviewsQuery, ZLoginRequest, ZReplyFbReviewRequest } from './index.ts';

describe('contracts', () => {
  it('trims a reply and bounds it to the Graph limit of 8000 characters', () => {
    expect(ZReplyFbReviewRequest.parse({ pageId: '1', reviewId: '2', message: '  hi ' }).message).toBe('hi');
    expect(ZReplyFbReviewRequest.safeParse({ pageId: '1', reviewId: '2', message: '   ' }).success).toBe(false);
    expect(ZReplyFbReviewRequest.safeParse({ pageId: '1', reviewId: '2', message: 'x'.repeat(8001) }).success).toBe(false);
    expect(ZReplyFbReviewRequest.safeParse({ pageId: 'abc', reviewId: '2', message: 'ok' }).success).toBe(false);
  });
  it('coerces list query numbers and defaults the page size', () => {
    expect(ZGetFbReviewsQuery.parse({ rating: '4' })).toEqual({ rating: 4, limit: 20 });
    expect(ZGetFbReviewsQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ZGetFbReviewsQuery.safeParse({ cursor: 'a b' }).success).toBe(false);
  });
  it('requires a valid email and a password to sign in', () => {
    expect(ZLoginRequest.safeParse({ email: 'x', password: 'y' }).success).toBe(false);
    expect(ZLoginRequest.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
  });
});
