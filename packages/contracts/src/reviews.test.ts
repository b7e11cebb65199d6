import { describe, expect, it } from 'vitest';
import { fillTemplate, ZGetFbReviewsQuery, ZLoginRequest, ZReplyFbReviewRequest, ZSaveReplyTemplateRequest } from './index.ts';

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

describe('reply templates', () => {
  it('fills the variables, dropping the first name of guests DineDesk cannot name', () => {
    const body = 'Dear {reviewer_first_name}, thank you for visiting {outlet} by {brand}!';
    expect(fillTemplate(body, { reviewerName: 'Anjali Rao', outlet: 'Paradise, Gachibowli', brand: 'Paradise' })).toBe('Dear Anjali, thank you for visiting Paradise, Gachibowli by Paradise!');
    expect(fillTemplate(body, { reviewerName: 'A Google user', outlet: 'O', brand: 'B' })).toBe('Dear, thank you for visiting O by B!');
    expect(fillTemplate('Thank you, {reviewer_first_name}! See you at {outlet} !', { reviewerName: null, outlet: 'O', brand: 'B' })).toBe('Thank you! See you at O !');
    expect(fillTemplate('Hi {unknown}', { reviewerName: 'X', outlet: 'O', brand: 'B' })).toBe('Hi {unknown}');
  });

  it('accepts only the known variables, with the field named', () => {
    expect(ZSaveReplyTemplateRequest.safeParse({ name: 'Thanks', body: 'Thank you {reviewer_first_name} from {outlet}' }).success).toBe(true);
    const bad = ZSaveReplyTemplateRequest.safeParse({ name: 'Thanks', body: 'Hello {firstname}' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['body']);
    expect(ZSaveReplyTemplateRequest.safeParse({ name: ' ', body: 'x' }).success).toBe(false);
    expect(ZSaveReplyTemplateRequest.safeParse({ name: 'x', body: 'y'.repeat(4001) }).success).toBe(false);
  });
});
