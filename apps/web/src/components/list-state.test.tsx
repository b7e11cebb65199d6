/**
 * The one set of list states: loading placeholders sized like the rows, the error
 * with Retry, the empty state, and the choice between them and the rows.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { ListEmpty, ListError, ListSkeleton, ListState, type ListQueryState } from './list-state.tsx';

const networkError = new ApiError({ message: 'fetch failed', status: 0, body: null, code: 'network' });

describe('ListSkeleton', () => {
  it('is one busy region of `rows` placeholders, each the height of the row it stands for', () => {
    render(<ListSkeleton rows={4} rowHeight={56} label="Loading conversations" />);
    const region = screen.getByLabelText('Loading conversations');
    expect(region).toHaveAttribute('aria-busy', 'true');
    const placeholders = region.querySelectorAll('.MuiSkeleton-root');
    expect(placeholders).toHaveLength(4);
    for (const placeholder of placeholders) expect(placeholder).toHaveStyle({ height: '56px' });
  });

  it('names the region "Loading…" by default', () => {
    render(<ListSkeleton rowHeight={120} />);
    expect(screen.getByLabelText('Loading…').querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
  });

  it('draws chat bubbles on alternating sides, not full rows', () => {
    render(<ListSkeleton rows={3} rowHeight={44} shape="bubble" />);
    const [first, second] = screen.getByTestId('list-skeleton').querySelectorAll('.MuiSkeleton-root');
    expect(first).toHaveStyle({ width: '55%' });
    expect(second).toHaveStyle({ width: '45%' });
  });
});

describe('ListError', () => {
  it('says why in the UI language and retries', async () => {
    const onRetry = vi.fn();
    render(<ListError error={networkError} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the DineDesk server');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('ListEmpty', () => {
  it('shows title, explanation and action, with a decorative icon', () => {
    render(<ListEmpty testId="empty" title="No reviews yet" description="Sync a page." action={<button>Clear filters</button>} icon={<svg data-testid="icon" />} />);
    const empty = screen.getByTestId('empty');
    expect(empty).toHaveTextContent('No reviews yet');
    expect(empty).toHaveTextContent('Sync a page.');
    expect(within(empty).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('ListState', () => {
  const settled: ListQueryState = { isPending: false, isError: false, error: null, refetch: () => undefined };

  function renderState(query: ListQueryState, isEmpty: boolean) {
    return render(
      <ListState query={query} isEmpty={isEmpty} skeleton={{ rowHeight: 40 }} empty={<p>Nothing here</p>}>
        <ul aria-label="rows" />
      </ListState>,
    );
  }

  it('shows the placeholders while the first page loads', () => {
    renderState({ ...settled, isPending: true }, true);
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'rows' })).toBeNull();
  });

  it('shows the error with Retry when the query failed with nothing to show', async () => {
    const refetch = vi.fn();
    renderState({ ...settled, isError: true, error: networkError, refetch }, true);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Nothing here')).toBeNull();
  });

  it('keeps the rows on screen when a later request failed', () => {
    renderState({ ...settled, isError: true, error: networkError }, false);
    expect(screen.getByRole('list', { name: 'rows' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state for no rows, and the rows otherwise', () => {
    const { unmount } = renderState(settled, true);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    unmount();
    renderState(settled, false);
    expect(screen.getByRole('list', { name: 'rows' })).toBeInTheDocument();
  });
});
