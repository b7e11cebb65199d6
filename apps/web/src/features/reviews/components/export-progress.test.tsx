import { API, type TReviewExport } from '@dinedesk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ExportProgress } from './export-progress.tsx';
import { formatDuration } from './feed-kpis.tsx';

const base: TReviewExport = {
  id: '0b9a1f6e-7c1d-4a55-9a53-3f7f2f6f1a01',
  format: 'csv',
  status: 'queued',
  total: null,
  written: 0,
  fileName: null,
  error: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-12-02T10:00:00.000Z',
};

afterEach(() => vi.restoreAllMocks());

describe('ExportProgress', () => {
  it('asks for the export once, shows its progress, then downloads the file', async () => {
    signInAs();
    const states: TReviewExport[] = [
      { ...base, status: 'running', total: 1200, written: 500 },
      { ...base, status: 'done', total: 1200, written: 1200, fileName: 'reviews-2026-11-25-10-00.csv' },
    ];
    const api = mockApi(
      handle.exportReviews(() => base),
      handle.reviewExport(() => (states.length > 1 ? states.shift()! : states[0]!)),
      http.get(`${API.reviewExport.replace(':exportId', base.id)}/file`, () => new HttpResponse('Review id\n1\n', { headers: { 'content-type': 'text/csv' } })),
    );
    const created = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const request = { filters: { source: 'google' as const, sentiment: 'negative' as const }, format: 'csv' as const };
    renderWithProviders(<ExportProgress request={request} onClose={() => {}} />, { rules: OWNER_RULES });

    expect(await screen.findByText('Exporting 500 of 1200 reviews…')).toBeInTheDocument();
    expect(Number(screen.getByRole('progressbar').getAttribute("aria-valuenow"))).toBeCloseTo((500 / 1200) * 100, 0);
    const done = await screen.findByTestId('export-done', {}, { timeout: 3000 });
    expect(done).toHaveTextContent('Export ready: 1200 reviews.');
    expect(api.callsTo(API.exportReviews, 'POST')).toHaveLength(1);
    expect(api.callsTo(API.exportReviews, 'POST')[0]!.body).toEqual({ source: 'google', sentiment: 'negative', format: 'csv' });

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.setup().click(screen.getByTestId('export-download'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(created).toHaveBeenCalledTimes(1);
    expect(await created.mock.calls[0]![0].text()).toBe('Review id\n1\n');
  });

  it('says why when the export cannot start or fails', async () => {
    signInAs();
    mockApi(handle.exportReviews(() => reply.error(404, { message: 'Outlet x not found', field: 'body.outletId' })));
    renderWithProviders(<ExportProgress request={{ filters: {}, format: 'xlsx' }} onClose={() => {}} />, { rules: OWNER_RULES });
    expect(await screen.findByRole('alert')).toHaveTextContent('Outlet x not found');
  });

  it('shows a failed export with its reason', async () => {
    signInAs();
    mockApi(
      handle.exportReviews(() => base),
      handle.reviewExport(() => ({ ...base, status: 'failed', error: 'the database went away' })),
    );
    renderWithProviders(<ExportProgress request={{ filters: {}, format: 'csv' }} onClose={() => {}} />, { rules: OWNER_RULES });
    expect(await screen.findByTestId('export-failed')).toHaveTextContent('The export failed: the database went away');
  });
});

describe('formatDuration', () => {
  it('uses the largest unit that fits', () => {
    expect(formatDuration(30, 'en')).toBe('1 min');
    expect(formatDuration(5400, 'en')).toBe('2 hr');
    expect(formatDuration(3 * 86_400, 'en')).toBe('3 days');
    expect(formatDuration(3 * 86_400, 'de')).toBe('3 Tg.');
  });
});
