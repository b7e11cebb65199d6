import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useReviewFilters } from './use-review-filters.ts';

/** The hook and the location it writes to, in one render. */
function setup(initial = '/apps/reviews_and_complaints/reviews') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>;
  return renderHook(() => ({ state: useReviewFilters(), location: useLocation() }), { wrapper });
}

describe('review filters in the URL', () => {
  it('keeps both of two changes made before the screen re-renders', () => {
    const { result } = setup();
    act(() => {
      result.current.state.setFilters({ source: 'google' });
      result.current.state.setFilters({ sentiment: 'negative' });
    });
    expect(new URLSearchParams(result.current.location.search).get('source')).toBe('google');
    expect(result.current.state.filters).toEqual({ source: 'google', sentiment: 'negative' });
  });

  it('closes the open review when a filter changes, and clears every filter at once', () => {
    const { result } = setup('/apps/reviews_and_complaints/reviews?rating=1,2&review=42&q=cold');
    expect(result.current.state.selectedReviewId).toBe('42');
    act(() => result.current.state.setFilters({ replied: 'false' }));
    expect(result.current.state.selectedReviewId).toBeNull();
    expect(result.current.state.filters).toEqual({ ratings: [1, 2], replied: false, q: 'cold' });
    act(() => result.current.state.selectReview('7'));
    act(() => result.current.state.clearFilters());
    expect(result.current.state.filters).toEqual({});
  });
});
