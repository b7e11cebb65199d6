import { API, type TAbilityRule } from '@dinedesk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import { mockApi } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { complaintFixture, complaintsBackend } from '../testing/complaints-backend.ts';
import { OpenComplaintButton } from './open-complaint-button.tsx';

const VIEWER_RULES: TAbilityRule[] = ['Review', 'Complaint'].map((subject) => ({ action: 'read', subject }));

function setup(reviewId: string, rules: TAbilityRule[] = OWNER_RULES) {
  signInAs({ ability: rules });
  const backend = complaintsBackend({ complaints: [complaintFixture()] });
  const view = renderWithProviders(<OpenComplaintButton reviewId={reviewId} />, { path: `${PATHS.reviews}?review=${reviewId}`, rules });
  return { backend, ...view, user: userEvent.setup() };
}

const params = (location: { current: { search: string } | null }) => Object.fromEntries(new URLSearchParams(location.current?.search));

describe('OpenComplaintButton', () => {
  it('turns a review into a complaint and goes to it', async () => {
    const { backend, location, user } = setup('500009');
    await user.click(screen.getByRole('button', { name: 'Open complaint' }));
    await waitFor(() => expect(location.current?.pathname).toBe(PATHS.complaints));
    expect(backend.callsTo(API.complaintFromReview, 'POST')[0]?.body).toEqual({ reviewId: '500009' });
    expect(params(location)).toEqual({ complaint: '101' });
    expect(backend.data.complaints.map((c) => c.id)).toEqual(['101', '41']);
  });

  it('goes to the complaint the review already belongs to (created: false)', async () => {
    const { backend, location, user } = setup('700002');
    await user.click(screen.getByRole('button', { name: 'Open complaint' }));
    await waitFor(() => expect(params(location)).toEqual({ complaint: '41' }));
    expect(backend.data.complaints).toHaveLength(1);
  });

  it('stays and says why when the server refuses', async () => {
    const { location, user } = setup('500009');
    mockApi(handle.complaintFromReview(() => reply.error(404, { message: 'Review 500009 not found', field: 'body.reviewId' })));
    await user.click(screen.getByRole('button', { name: 'Open complaint' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Review 500009 not found');
    expect(location.current?.pathname).toBe(PATHS.reviews);
  });

  it('is not there for users who may not open complaints (viewers)', () => {
    setup('500009', VIEWER_RULES);
    expect(screen.queryByTestId('open-complaint')).not.toBeInTheDocument();
  });
});
