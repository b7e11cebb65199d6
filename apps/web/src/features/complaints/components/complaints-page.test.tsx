import { API, type TAbilityRule, type TListComplaintsRequest } from '@dinedesk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { AGENT, atBawarchi, complaintFixture, complaintsBackend, ME, OTHER_MANAGER, PARADISE_OUTLET, VIEWER, type ComplaintsBackendData } from '../testing/complaints-backend.ts';
import { ComplaintsPage } from './complaints-page.tsx';

// The shared socket is a tiny fake the tests drive as the server (complaints:changed).
const socketRef = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, fn: (payload: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
      return socket;
    },
    off(event: string, fn: (payload: unknown) => void) {
      listeners.get(event)?.delete(fn);
      return socket;
    },
    serverEmit(event: string, payload?: unknown) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
    listening(event: string) {
      return (listeners.get(event)?.size ?? 0) > 0;
    },
  };
  return { socket };
});
vi.mock('../../../lib/socket.ts', () => ({
  getSocket: () => Promise.resolve(socketRef.socket),
  closeSocket: () => {},
}));

/** An agent: reads the module, opens and works complaints and tickets, changes no root causes. */
const AGENT_RULES: TAbilityRule[] = [
  ...['Review', 'Conversation', 'Complaint', 'Ticket'].map((subject) => ({ action: 'read', subject })),
  ...['Complaint', 'Ticket'].flatMap((subject) => [
    { action: 'create', subject },
    { action: 'update', subject },
  ]),
];
const VIEWER_RULES: TAbilityRule[] = ['Review', 'Conversation', 'Complaint', 'Ticket'].map((subject) => ({ action: 'read', subject }));

const meena = complaintFixture({
  timeline: [
    { at: '2025-01-10T08:55:00.000Z', kind: 'review', sourceId: '700002', channel: 'google', author: 'Meena Iyer', text: 'Cold biryani and a 40 minute wait.', rating: 1, activity: null },
    { at: '2025-01-10T09:00:00.000Z', kind: 'activity', sourceId: null, channel: null, author: 'DineDesk', text: '', rating: null, activity: { kind: 'opened', value: 'review:700002' } },
    { at: '2025-01-10T09:30:00.000Z', kind: 'guest_message', sourceId: '7002', channel: 'messenger', author: 'Meena Iyer', text: 'Nobody answered the phone either.', rating: null, activity: null },
    { at: '2025-01-10T09:40:00.000Z', kind: 'page_message', sourceId: '7002', channel: 'messenger', author: 'Asha Rao', text: 'We are so sorry, Meena.', rating: null, activity: null },
    { at: '2025-01-10T10:00:00.000Z', kind: 'activity', sourceId: null, channel: null, author: 'Vikram Shah', text: '', rating: null, activity: { kind: 'linked', value: 'conversation:7002' } },
    { at: '2025-01-10T10:05:00.000Z', kind: 'activity', sourceId: null, channel: null, author: 'Vikram Shah', text: '', rating: null, activity: { kind: 'root_cause', value: 'food' } },
  ],
  sources: [
    { kind: 'review', id: '700002', channel: 'google', accountId: 'locations/9001', guestName: 'Meena Iyer', rating: 1, excerpt: 'Cold biryani and a 40 minute wait.', at: '2025-01-10T08:55:00.000Z', linkedByName: null },
    { kind: 'conversation', id: '7002', channel: 'messenger', accountId: '1001', guestName: 'Meena Iyer', rating: null, excerpt: 'Nobody answered the phone either.', at: '2025-01-10T09:30:00.000Z', linkedByName: 'Vikram Shah' },
  ],
  rootCause: 'food',
});
const ravi = complaintFixture({
  id: '40',
  guestName: 'Ravi Kumar',
  openedAt: '2025-01-09T12:00:00.000Z',
  assignee: { id: ME.id, fullName: ME.fullName },
  sources: [{ kind: 'review', id: '500001', channel: 'facebook', accountId: '1001', guestName: 'Ravi Kumar', rating: 2, excerpt: 'Salty.', at: '2025-01-09T11:00:00.000Z', linkedByName: null }],
});
const arjun = complaintFixture({
  id: '39',
  ...atBawarchi,
  guestName: 'Arjun Rao',
  status: 'in_progress',
  assignee: { id: AGENT.id, fullName: AGENT.fullName },
  sources: [{ kind: 'conversation', id: '7101', channel: 'instagram', accountId: '17841400000000001', guestName: 'Arjun Rao', rating: null, excerpt: 'Wrong order again.', at: '2025-01-08T19:00:00.000Z', linkedByName: 'Asha Rao' }],
});
const resolved = complaintFixture({ id: '38', guestName: 'Old Timer', status: 'resolved', resolvedAt: '2025-01-05T10:00:00.000Z' });

function setup(data: Partial<ComplaintsBackendData> = {}, { search = '', rules = OWNER_RULES, wide = true }: { search?: string; rules?: TAbilityRule[]; wide?: boolean } = {}) {
  if (wide) setViewportWidth(1440);
  signInAs({ id: ME.id, fullName: ME.fullName, ability: rules, role: rules === VIEWER_RULES ? 'viewer' : rules === AGENT_RULES ? 'agent' : 'client_owner' });
  const backend = complaintsBackend({ complaints: [meena, ravi, arjun, resolved], ...data });
  const view = renderWithProviders(<ComplaintsPage />, { path: `${PATHS.complaints}${search}`, rules });
  return { backend, ...view, user: userEvent.setup() };
}

const listBodies = (backend: ReturnType<typeof complaintsBackend>) => backend.callsTo(API.complaintsList, 'POST').map((c) => c.body as TListComplaintsRequest);
const params = (location: { current: { search: string } | null }) => Object.fromEntries(new URLSearchParams(location.current?.search));
const listedIds = () => screen.queryAllByTestId('complaint-item').map((row) => row.getAttribute('data-complaint-id'));

async function openDetail() {
  const detail = await screen.findByTestId('complaint-detail');
  await within(detail).findByTestId('complaint-timeline');
  return detail;
}

describe('ComplaintsPage: list, tabs and filters', () => {
  it('lists the open complaints with their sources, assignee, root cause and age, and counts each status', async () => {
    const { backend } = setup();
    await waitFor(() => expect(listedIds()).toEqual(['41', '40']));
    expect(listBodies(backend)[0]).toEqual({ status: 'open', limit: 20 });

    const [first, second] = screen.getAllByTestId('complaint-item');
    expect(within(first!).getByRole('heading', { name: 'Meena Iyer' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Paradise, Gachibowli · Paradise');
    const chips = within(first!).getAllByTestId('complaint-source');
    expect(chips.map((chip) => chip.getAttribute('data-channel'))).toEqual(['google', 'messenger']);
    // Stars shown as "★ 1" are named in words for screen readers.
    expect(chips[0]).toHaveTextContent('Google review, 1 star');
    expect(chips[1]).toHaveTextContent('Messenger conversation');
    expect(first).toHaveTextContent('Unassigned · Food');
    expect(second).toHaveTextContent('Assigned to Asha Rao · No root cause');
    expect(within(second!).getByTestId('complaint-age')).toHaveTextContent(/^Opened /);

    expect(screen.getByTestId('complaints-count-open')).toHaveTextContent('2');
    expect(screen.getByTestId('complaints-count-in_progress')).toHaveTextContent('1');
    expect(screen.getByTestId('complaints-count-resolved')).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: 'Open 2' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches status tabs through the URL and asks for that status', async () => {
    const { backend, location, user } = setup();
    await waitFor(() => expect(listedIds()).toEqual(['41', '40']));

    await user.click(screen.getByRole('tab', { name: /In progress/ }));
    await waitFor(() => expect(params(location)).toEqual({ status: 'in_progress' }));
    await waitFor(() => expect(listedIds()).toEqual(['39']));
    expect(listBodies(backend).at(-1)).toEqual({ status: 'in_progress', limit: 20 });
    expect(screen.getAllByTestId('complaint-item')[0]).toHaveTextContent('Instagram conversation');

    await user.click(screen.getByRole('tab', { name: /Resolved/ }));
    await waitFor(() => expect(listedIds()).toEqual(['38']));
    expect(params(location)).toEqual({ status: 'resolved' });
  });

  it('puts brand, outlet, assignee and root cause in the URL and the request, and says when none match', async () => {
    const { backend, location, user } = setup({}, { search: '?status=in_progress' });
    await waitFor(() => expect(listedIds()).toEqual(['39']));

    await user.selectOptions(screen.getByTestId('complaint-filter-assignee'), 'me');
    await waitFor(() => expect(listBodies(backend).at(-1)).toEqual({ status: 'in_progress', assignee: 'me', limit: 20 }));
    expect(params(location)).toEqual({ status: 'in_progress', assignee: 'me' });
    expect(await screen.findByTestId('complaints-empty')).toHaveTextContent('No complaints in “In progress”None match these filters.');
    // The counts follow the filters: one open complaint is mine.
    await waitFor(() => expect(screen.getByTestId('complaints-count-open')).toHaveTextContent('1'));

    await user.click(within(screen.getByTestId('complaints-empty')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(params(location)).toEqual({ status: 'in_progress' }));

    await user.click(screen.getByRole('tab', { name: /Open/ }));
    await user.selectOptions(screen.getByTestId('complaint-filter-outlet'), PARADISE_OUTLET);
    await user.selectOptions(await screen.findByTestId('complaint-filter-root-cause'), 'food');
    await waitFor(() => expect(listBodies(backend).at(-1)).toEqual({ status: 'open', outletId: PARADISE_OUTLET, rootCause: 'food', limit: 20 }));
    await waitFor(() => expect(listedIds()).toEqual(['41']));
    expect(params(location)).toEqual({ status: 'open', outletId: PARADISE_OUTLET, rootCause: 'food' });
  });

  it('loads the next page with the cursor of the last one', async () => {
    const many = Array.from({ length: 25 }, (_, i) => complaintFixture({ id: String(100 + i), guestName: `Guest ${i}` }));
    const { backend, user } = setup({ complaints: many });
    await waitFor(() => expect(listedIds()).toHaveLength(20));
    await user.click(screen.getByTestId('complaints-load-more'));
    await waitFor(() => expect(listedIds()).toHaveLength(25));
    expect(listBodies(backend).at(-1)).toEqual({ status: 'open', cursor: '20', limit: 20 });
    expect(screen.getByText('No more complaints')).toBeInTheDocument();
  });
});

describe('ComplaintsPage: the detail', () => {
  it('opens a complaint from the list into the URL and shows its timeline in words', async () => {
    const { backend, location, user } = setup();
    await waitFor(() => expect(listedIds()).toEqual(['41', '40']));
    await user.click(within(screen.getAllByTestId('complaint-item')[0]!).getByRole('button'));
    await waitFor(() => expect(params(location)).toEqual({ complaint: '41' }));
    const detail = await openDetail();
    expect(backend.callsTo(API.complaintGet, 'POST')[0]?.body).toEqual({ complaintId: '41' });
    expect(within(detail).getByRole('heading', { level: 2 })).toHaveTextContent('Meena Iyer · complaint #41');

    const items = within(detail).getAllByTestId('timeline-item');
    expect(items.map((item) => item.dataset.kind)).toEqual(['review', 'activity', 'guest_message', 'page_message', 'activity', 'activity']);
    expect(items[0]).toHaveTextContent('Meena Iyer wrote a Google review');
    expect(within(items[0]!).getByRole('img', { name: '1 star' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Cold biryani and a 40 minute wait.');
    expect(items[1]).toHaveTextContent('DineDesk opened the complaint from a review');
    expect(items[2]).toHaveTextContent('Meena Iyer wrote on Messenger');
    expect(items[3]).toHaveTextContent('Asha Rao answered on Messenger');
    expect(items[4]).toHaveTextContent('Vikram Shah added a conversation to the complaint');
    expect(items[5]).toHaveTextContent('Vikram Shah set the root cause to Food');

    // Each source links to where it is read: the review in the feed, the conversation in the inbox.
    const links = within(detail).getAllByTestId('complaint-source-link');
    expect(links[0]).toHaveAttribute('href', `${PATHS.reviews}?review=700002`);
    expect(links[1]).toHaveAttribute('href', `${PATHS.inbox}?channel=messenger&page=1001&conversation=7002`);

    await user.click(within(detail).getByRole('button', { name: 'Close the complaint' }));
    await waitFor(() => expect(screen.queryByTestId('complaint-detail')).not.toBeInTheDocument());
    expect(params(location)).toEqual({});
    // Focus goes back to the row that was open.
    expect(within(screen.getAllByTestId('complaint-item')[0]!).getByRole('button')).toHaveFocus();
  });

  it('words the timeline in the user’s language', async () => {
    const { default: i18n } = await import('../../../lib/i18n.ts');
    await act(() => i18n.changeLanguage('de'));
    await i18n.loadNamespaces('complaints');
    setup({}, { search: '?complaint=41' });
    const detail = await openDetail();
    const items = within(detail).getAllByTestId('timeline-item');
    expect(items[1]).toHaveTextContent('DineDesk hat die Beschwerde aus einer Bewertung eröffnet');
    expect(items[5]).toHaveTextContent('Vikram Shah hat die Ursache auf Essen gesetzt');
  });

  it('changes the status: the request, the new activity entry, and the counts', async () => {
    const { backend, user } = setup({}, { search: '?complaint=41' });
    const detail = await openDetail();
    expect(within(detail).getByRole('combobox', { name: 'Status' })).toHaveValue('open');

    await user.selectOptions(within(detail).getByTestId('complaint-status'), 'resolved');
    await waitFor(() => expect(backend.callsTo(API.complaintUpdate, 'POST')[0]?.body).toEqual({ complaintId: '41', status: 'resolved' }));
    await waitFor(() => expect(within(detail).getAllByTestId('timeline-item').at(-1)).toHaveTextContent('Asha Rao set the status to Resolved'));
    expect(within(detail).getByTestId('complaint-status')).toHaveValue('resolved');
    // Lists and counts were read again: it left the open tab.
    await waitFor(() => expect(listedIds()).toEqual(['40']));
    expect(screen.getByTestId('complaints-count-resolved')).toHaveTextContent('2');
  });

  it('assigns a teammate who works the outlet, and shows the server’s refusal of one who does not', async () => {
    const { backend, user } = setup({}, { search: '?complaint=41' });
    const detail = await openDetail();
    const select = within(detail).getByTestId('complaint-assignee');
    // Owners see the client's members who see this outlet; viewers are never assignees.
    await waitFor(() => expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Unassigned', 'Asha Rao', 'Vikram Shah']));
    expect(within(select).queryByText(VIEWER.fullName)).not.toBeInTheDocument();
    expect(within(select).queryByText(OTHER_MANAGER.fullName)).not.toBeInTheDocument();

    await user.selectOptions(select, AGENT.id);
    await waitFor(() => expect(backend.callsTo(API.complaintUpdate, 'POST').at(-1)?.body).toEqual({ complaintId: '41', assigneeUserId: AGENT.id }));
    await waitFor(() => expect(within(detail).getAllByTestId('timeline-item').at(-1)).toHaveTextContent('Asha Rao assigned the complaint to Vikram Shah'));
    await waitFor(() => expect(within(detail).getByTestId('complaint-assignee')).toHaveValue(AGENT.id));

    // The server is the judge: Vikram became a viewer since the list was read, and its refusal
    // comes back as it words it.
    backend.data.users = backend.data.users.map((u) => (u.id === AGENT.id ? { ...u, role: 'viewer' } : u));
    await user.selectOptions(within(detail).getByTestId('complaint-assignee'), '');
    await waitFor(() => expect(within(detail).getByTestId('complaint-assignee')).toHaveValue(''));
    await waitFor(() => expect(within(detail).getByTestId('complaint-assignee')).not.toBeDisabled());
    await user.selectOptions(within(detail).getByTestId('complaint-assignee'), AGENT.id);
    expect(await within(detail).findByTestId('complaint-update-error')).toHaveTextContent('assigneeUserId: only a teammate who works this outlet’s complaints (not a viewer) can be assigned');
    expect(within(detail).getByTestId('complaint-assignee')).toHaveValue('');
  });

  it('turns the complaint into a ticket and goes to it; once it has one, the button opens it', async () => {
    const { backend, location, user } = setup({}, { search: '?complaint=41' });
    const detail = await openDetail();
    await user.click(within(detail).getByTestId('complaint-create-ticket'));
    await waitFor(() => expect(location.current?.pathname).toBe(PATHS.tickets));
    expect(params(location)).toEqual({ ticket: '9001' });
    expect(backend.callsTo(API.ticketCreate, 'POST')[0]?.body).toEqual({ complaintId: '41' });
  });

  it('offers "Open ticket" for a complaint that has one, without creating another', async () => {
    const { backend, location, user } = setup({ complaints: [complaintFixture({ ticketId: '77' })] }, { search: '?complaint=41' });
    const detail = await openDetail();
    expect(within(detail).queryByTestId('complaint-create-ticket')).not.toBeInTheDocument();
    const open = within(detail).getByRole('link', { name: 'Open ticket #77' });
    expect(open).toHaveAttribute('href', `${PATHS.tickets}?ticket=77`);
    await user.click(open);
    await waitFor(() => expect(location.current?.pathname).toBe(PATHS.tickets));
    expect(backend.callsTo(API.ticketCreate)).toHaveLength(0);
  });

  it('opens a complaint named by a link even when it is not in the tab shown', async () => {
    setup({}, { search: '?complaint=38' });
    const detail = await openDetail();
    expect(within(detail).getByRole('heading', { level: 2 })).toHaveTextContent('Old Timer · complaint #38');
    await waitFor(() => expect(listedIds()).toEqual(['41', '40']));
  });

  it('says so when the complaint cannot be shown', async () => {
    setup({}, { search: '?complaint=999' });
    expect(await screen.findByTestId('complaint-detail-error')).toHaveTextContent('Complaint 999 not found');
  });
});

describe('ComplaintsPage: roles', () => {
  it('shows a viewer everything read-only: no controls, no ticket button, no root causes', async () => {
    const { backend } = setup({}, { search: '?complaint=41', rules: VIEWER_RULES });
    const detail = await openDetail();
    expect(within(detail).getByTestId('complaint-read-only')).toBeInTheDocument();
    expect(within(detail).getByTestId('complaint-value-status')).toHaveTextContent('Open');
    expect(within(detail).getByTestId('complaint-value-assignee')).toHaveTextContent('Unassigned');
    expect(within(detail).getByTestId('complaint-value-root-cause')).toHaveTextContent('Food');
    expect(within(detail).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('complaint-create-ticket')).not.toBeInTheDocument();
    expect(screen.queryByTestId('root-causes-button')).not.toBeInTheDocument();
    // The timeline is theirs to read all the same.
    expect(within(detail).getAllByTestId('timeline-item')).toHaveLength(6);
    // Nothing asks for the client's members, which viewers may not list.
    expect(backend.callsTo(API.clientUsers)).toHaveLength(0);
  });

  it('offers an agent themselves and the teammates of the complaint’s review (they cannot list the client’s users)', async () => {
    const { backend } = setup({}, { search: '?complaint=41', rules: AGENT_RULES });
    const detail = await openDetail();
    const select = within(detail).getByTestId('complaint-assignee') as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toEqual(['Unassigned', 'Asha Rao', 'Kiran Das', 'Vikram Shah']));
    expect(backend.callsTo(API.mentionsUsers, 'POST')[0]?.body).toEqual({ reviewId: '700002' });
    expect(backend.callsTo(API.clientUsers)).toHaveLength(0);
    expect(screen.queryByTestId('root-causes-button')).not.toBeInTheDocument();
  });

  it('lets an owner add and remove the client’s own root causes, checking the key first', async () => {
    const { backend, user } = setup({ custom: ['cold_food'] });
    await user.click(await screen.findByTestId('root-causes-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Root causes' });
    expect(await within(dialog).findByTestId('root-causes-custom')).toHaveTextContent('cold food');

    await user.type(within(dialog).getByTestId('root-cause-input'), 'Wrong Order');
    await user.click(within(dialog).getByTestId('root-cause-add'));
    expect(await within(dialog).findByText(/rootCause must be lower-case letters/)).toBeInTheDocument();
    expect(backend.callsTo(API.complaintRootCauses, 'POST').filter((c) => (c.body as { request: string }).request === 'add')).toHaveLength(0);

    await user.clear(within(dialog).getByTestId('root-cause-input'));
    await user.type(within(dialog).getByTestId('root-cause-input'), 'wrong_order');
    await user.click(within(dialog).getByTestId('root-cause-add'));
    await waitFor(() => expect(within(dialog).getByTestId('root-causes-custom')).toHaveTextContent('wrong order'));
    expect(within(dialog).getByTestId('root-cause-input')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Remove cold food' }));
    await waitFor(() => expect(within(dialog).getByTestId('root-causes-custom')).not.toHaveTextContent('cold food'));
    expect(backend.data.custom).toEqual(['wrong_order']);
    // The filter offers the new one.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('complaint-filter-root-cause')).toHaveTextContent('wrong order'));
  });
});

describe('ComplaintsPage: live', () => {
  it('refetches the list and the open complaint on complaints:changed, ignores payloads off the contract, and refetches on reconnect', async () => {
    const { backend } = setup({}, { search: '?complaint=41' });
    await openDetail();
    await waitFor(() => expect(listedIds()).toEqual(['41', '40']));
    await waitFor(() => expect(socketRef.socket.listening('complaints:changed')).toBe(true));
    const lists = () => backend.callsTo(API.complaintsList).length;
    const gets = () => backend.callsTo(API.complaintGet).length;
    const before = { lists: lists(), gets: gets() };

    // A complaint opened elsewhere (an arriving review) appears without a reload.
    backend.data.complaints = [complaintFixture({ id: '42', guestName: 'New Guest' }), ...backend.data.complaints];
    act(() => socketRef.socket.serverEmit('complaints:changed', { complaintId: '42', outletId: PARADISE_OUTLET, verb: 'opened' }));
    await waitFor(() => expect(listedIds()).toEqual(['42', '41', '40']));
    expect(screen.getByTestId('complaints-count-open')).toHaveTextContent('3');
    // Another complaint's change leaves the open detail alone.
    expect(gets()).toBe(before.gets);

    act(() => socketRef.socket.serverEmit('complaints:changed', { complaintId: '41', outletId: PARADISE_OUTLET, verb: 'updated' }));
    await waitFor(() => expect(gets()).toBe(before.gets + 1));

    const now = { lists: lists(), gets: gets() };
    act(() => socketRef.socket.serverEmit('complaints:changed', { id: 41 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ lists: lists(), gets: gets() }).toEqual(now);

    act(() => socketRef.socket.serverEmit('connect'));
    await waitFor(() => expect(lists()).toBeGreaterThan(now.lists));
    await waitFor(() => expect(gets()).toBeGreaterThan(now.gets));
  });
});
