import { API, ZComplaint, type TAbilityRule, type TComplaint } from '@dinedesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import type { AppSocket } from '../../../lib/socket.ts';
import { mockApi } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { FakeSocket } from '../testing/fake-socket.ts';
import { renderInbox } from '../testing/setup.tsx';

// The shared socket is replaced by a fake (the inbox binds to it when it mounts).
const socketRef = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../../lib/socket.ts', () => ({
  getSocket: () => Promise.resolve(socketRef.current as AppSocket),
  currentSocket: () => socketRef.current as AppSocket,
  closeSocket: () => {},
}));
beforeEach(() => {
  socketRef.current = new FakeSocket();
});

const AGENT_RULES: TAbilityRule[] = [
  ...['Review', 'Conversation', 'Complaint'].map((subject) => ({ action: 'read', subject })),
  { action: 'create', subject: 'Message' },
  { action: 'create', subject: 'Complaint' },
];
const VIEWER_RULES: TAbilityRule[] = ['Review', 'Conversation', 'Complaint'].map((subject) => ({ action: 'read', subject }));

function complaint(id: string): TComplaint {
  return ZComplaint.parse({
    id,
    status: 'open',
    outletId: 'o-1',
    outletName: 'Paradise, Gachibowli',
    brandId: 'b-1',
    brandName: 'Paradise',
    guestName: 'Ravi Kumar',
    assignee: null,
    rootCause: null,
    openedAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-01-10T09:00:00.000Z',
    resolvedAt: null,
    openedByName: 'Asha Rao',
    sources: [],
    ticketId: null,
  });
}

async function openRavi(rules: TAbilityRule[]) {
  const view = renderInbox({ search: '?channel=messenger&page=1001&conversation=7001', rules });
  await screen.findByText('Welcome to Paradise!');
  return view;
}

describe('Inbox: flag a conversation as a complaint', () => {
  it('flags the open conversation and links to the complaint it opened', async () => {
    const flags = mockApi(handle.complaintFlagConversation(() => ({ complaint: complaint('52'), created: true })));
    const { location, user } = await openRavi(AGENT_RULES);
    const thread = screen.getByTestId('thread');
    await user.click(within(thread).getByRole('button', { name: 'Flag as complaint' }));

    const result = await within(thread).findByTestId('flag-complaint-result');
    expect(result).toHaveAttribute('role', 'status');
    const link = within(result).getByRole('link', { name: 'Complaint #52 opened' });
    expect(link).toHaveAttribute('href', `${PATHS.complaints}?complaint=52`);
    expect(flags.callsTo(API.complaintFlagConversation, 'POST')[0]?.body).toEqual({ channel: 'messenger', pageId: '1001', conversationId: '7001' });

    await user.click(link);
    await waitFor(() => expect(location.current?.pathname).toBe(PATHS.complaints));
    // (The test mounts the inbox on every path, so it adds its own params after the link's.)
    expect(new URLSearchParams(location.current?.search).get('complaint')).toBe('52');
  });

  it('says when the conversation joined an existing complaint (the guest’s review, or flagged before)', async () => {
    mockApi(handle.complaintFlagConversation(() => ({ complaint: complaint('41'), created: false })));
    const { user } = await openRavi(AGENT_RULES);
    await user.click(screen.getByTestId('flag-complaint'));
    expect(await screen.findByRole('link', { name: 'Added to complaint #41' })).toHaveAttribute('href', `${PATHS.complaints}?complaint=41`);
  });

  it('shows the server’s refusal', async () => {
    mockApi(handle.complaintFlagConversation(() => reply.error(404, { message: 'Conversation 7001 not found on messenger page 1001', field: 'body.conversationId' })));
    const { user } = await openRavi(AGENT_RULES);
    await user.click(screen.getByTestId('flag-complaint'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Conversation 7001 not found on messenger page 1001');
  });

  it('is not offered to users who may not open complaints', async () => {
    await openRavi(VIEWER_RULES);
    expect(screen.queryByTestId('flag-complaint')).not.toBeInTheDocument();
  });
});
