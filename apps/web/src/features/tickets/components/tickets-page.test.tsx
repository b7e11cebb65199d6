import { API, type TAbilityRule, type TListTicketsRequest } from '@dinedesk/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import { mockApi } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { AGENT, atBawarchi, BAWARCHI_OUTLET, hoursFromNow, ME, PARADISE_OUTLET, ticketFixture, ticketsBackend, VIEWER, type TicketsBackendData } from '../testing/tickets-backend.ts';
import { TicketsPage } from './tickets-page.tsx';

// The shared socket is a tiny fake the tests drive as the server (tickets:changed).
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

const VIEWER_RULES: TAbilityRule[] = ['Review', 'Conversation', 'Complaint', 'Ticket'].map((subject) => ({ action: 'read', subject }));
const AGENT_RULES: TAbilityRule[] = [
  ...VIEWER_RULES,
  ...['Complaint', 'Ticket'].flatMap((subject) => [
    { action: 'create', subject },
    { action: 'update', subject },
  ]),
];

/** On time: due in two days. */
const onTime = ticketFixture({ id: '9005', title: 'Cold biryani at Gachibowli', assignee: ME, dueAt: hoursFromNow(49) });
/** Marked by the breach job. */
const breached = ticketFixture({ id: '9004', title: 'Missing raita', priority: 'urgent', dueAt: hoursFromNow(-3), breachedAt: hoursFromNow(-3), assignee: AGENT });
/** Past its due time, not yet reached by the job: shown as breached at once. */
const pastDue = ticketFixture({ id: '9003', title: 'Rude delivery rider', priority: 'high', ...atBawarchi, dueAt: hoursFromNow(-1), status: 'in_progress' });
/** Closed late, without a breach mark: no longer highlighted. */
const closedLate = ticketFixture({ id: '9002', title: 'Wrong order', status: 'closed', closedAt: hoursFromNow(-1), dueAt: hoursFromNow(-5) });

function setup(data: Partial<TicketsBackendData> = {}, { search = '', rules = OWNER_RULES }: { search?: string; rules?: TAbilityRule[] } = {}) {
  setViewportWidth(1440);
  signInAs({ id: ME.id, fullName: ME.fullName, ability: rules, role: rules === VIEWER_RULES ? 'viewer' : rules === AGENT_RULES ? 'agent' : 'client_owner' });
  const backend = ticketsBackend({ tickets: [onTime, breached, pastDue, closedLate], ...data });
  const view = renderWithProviders(<TicketsPage />, { path: `${PATHS.tickets}${search}`, rules });
  return { backend, ...view, user: userEvent.setup() };
}

const listBodies = (backend: ReturnType<typeof ticketsBackend>) => backend.callsTo(API.ticketsList, 'POST').map((c) => c.body as TListTicketsRequest);
const params = (location: { current: { search: string } | null }) => Object.fromEntries(new URLSearchParams(location.current?.search));
const listedIds = () => screen.queryAllByTestId('ticket-item').map((row) => row.getAttribute('data-ticket-id'));
const row = (id: string) => screen.getAllByTestId('ticket-item').find((r) => r.getAttribute('data-ticket-id') === id)!;

async function openDetail() {
  const detail = await screen.findByTestId('ticket-detail');
  await within(detail).findByTestId('ticket-activity');
  return detail;
}

describe('TicketsPage: views, counts and filters', () => {
  it('shows the Open view by default with the count of every view', async () => {
    const { backend } = setup();
    await waitFor(() => expect(listedIds()).toEqual(['9005', '9004', '9003']));
    expect(listBodies(backend)[0]).toEqual({ view: 'open', limit: 25 });
    expect(screen.getByRole('tab', { name: 'Open 3' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('tickets-count-mine')).toHaveTextContent('1');
    expect(screen.getByTestId('tickets-count-closed')).toHaveTextContent('1');
    expect(screen.getByTestId('tickets-count-all')).toHaveTextContent('4');

    expect(row('9005')).toHaveTextContent('Cold biryani at Gachibowli');
    expect(row('9005')).toHaveTextContent('Normal priority');
    expect(row('9005')).toHaveTextContent('#9005 · Paradise, Gachibowli · Assigned to Asha Rao');
    expect(within(row('9005')).getByTestId('ticket-due')).toHaveTextContent('Due in 2 days');
    expect(row('9003')).toHaveTextContent('Unassigned');
  });

  it('switches views through the URL: Mine, Closed, All', async () => {
    const { backend, location, user } = setup();
    await waitFor(() => expect(listedIds()).toHaveLength(3));
    await user.click(screen.getByRole('tab', { name: /Mine/ }));
    await waitFor(() => expect(listedIds()).toEqual(['9005']));
    expect(params(location)).toEqual({ view: 'mine' });
    expect(listBodies(backend).at(-1)).toEqual({ view: 'mine', limit: 25 });
    await user.click(screen.getByRole('tab', { name: /Closed/ }));
    await waitFor(() => expect(listedIds()).toEqual(['9002']));
    await user.click(screen.getByRole('tab', { name: /All/ }));
    await waitFor(() => expect(listedIds()).toEqual(['9005', '9004', '9003', '9002']));
    expect(params(location)).toEqual({ view: 'all' });
  });

  it('puts priority, outlet and "past their SLA" in the URL and the request', async () => {
    const { backend, location, user } = setup({}, { search: '?view=all' });
    await waitFor(() => expect(listedIds()).toHaveLength(4));
    await user.click(screen.getByRole('switch', { name: 'Past their SLA only' }));
    await waitFor(() => expect(listedIds()).toEqual(['9004', '9003']));
    expect(listBodies(backend).at(-1)).toEqual({ view: 'all', breached: true, limit: 25 });
    await user.selectOptions(screen.getByTestId('ticket-filter-outlet'), BAWARCHI_OUTLET);
    await waitFor(() => expect(listedIds()).toEqual(['9003']));
    await user.selectOptions(screen.getByTestId('ticket-filter-priority'), 'urgent');
    await waitFor(() => expect(listBodies(backend).at(-1)).toEqual({ view: 'all', priority: 'urgent', outletId: BAWARCHI_OUTLET, breached: true, limit: 25 }));
    expect(params(location)).toEqual({ view: 'all', breached: 'true', outletId: BAWARCHI_OUTLET, priority: 'urgent' });
    expect(await screen.findByTestId('tickets-empty')).toHaveTextContent('No tickets in “All”');
    await user.click(screen.getByTestId('ticket-filters-clear'));
    await waitFor(() => expect(params(location)).toEqual({ view: 'all' }));
  });
});

describe('TicketsPage: SLA breaches', () => {
  it('draws breached tickets in red with words, including ones past due that the job has not marked yet', async () => {
    setup({}, { search: '?view=all' });
    await waitFor(() => expect(listedIds()).toHaveLength(4));
    const flags = Object.fromEntries(screen.getAllByTestId('ticket-item').map((r) => [r.getAttribute('data-ticket-id'), r.getAttribute('data-breached')]));
    expect(flags).toEqual({ '9005': 'false', '9004': 'true', '9003': 'true', '9002': 'false' });
    expect(within(row('9004')).getByTestId('ticket-breached')).toHaveTextContent('SLA breached');
    expect(within(row('9004')).getByTestId('ticket-due')).toHaveTextContent('Overdue by 3 hours');
    expect(within(row('9003')).getByTestId('ticket-due')).toHaveTextContent('Overdue by 1 hour');
    expect(within(row('9005')).queryByTestId('ticket-breached')).not.toBeInTheDocument();
    expect(within(row('9002')).getByTestId('ticket-due')).toHaveTextContent(/^Closed on /);
    // Red: the theme's error colour on the row's border.
    expect(getComputedStyle(row('9004')).borderColor).not.toBe(getComputedStyle(row('9005')).borderColor);
  });

  it('turns a ticket red in place when its due time passes while the screen is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const soon = ticketFixture({ id: '9010', title: 'Due in a minute', dueAt: new Date(Date.now() + 45_000).toISOString() });
    setup({ tickets: [soon] });
    await waitFor(() => expect(listedIds()).toEqual(['9010']));
    expect(row('9010')).toHaveAttribute('data-breached', 'false');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(row('9010')).toHaveAttribute('data-breached', 'true'));
  });
});

describe('TicketsPage: the detail', () => {
  it('opens a ticket from the list and shows its links and its activity in words', async () => {
    const withActivity = ticketFixture({
      ...breached,
      reviewId: '700002',
      activity: [
        { at: hoursFromNow(-30), actorName: 'Asha Rao', kind: 'created', value: 'urgent' },
        { at: hoursFromNow(-29), actorName: 'Asha Rao', kind: 'assignee', value: 'Vikram Shah' },
        { at: hoursFromNow(-28), actorName: 'Asha Rao', kind: 'watcher_added', value: 'Lata Menon' },
        { at: hoursFromNow(-3), actorName: null, kind: 'sla_breached', value: hoursFromNow(-3) },
      ],
    });
    const { location, user } = setup({ tickets: [onTime, withActivity] });
    await waitFor(() => expect(listedIds()).toEqual(['9005', '9004']));
    await user.click(within(row('9004')).getByRole('button'));
    await waitFor(() => expect(params(location)).toEqual({ ticket: '9004' }));
    const detail = await openDetail();
    expect(detail).toHaveAttribute('data-breached', 'true');
    expect(within(detail).getByTestId('ticket-breach-alert')).toHaveTextContent(/This ticket breached its SLA on /);
    expect(within(detail).getByRole('link', { name: 'Complaint #41' })).toHaveAttribute('href', `${PATHS.complaints}?complaint=41`);
    expect(within(detail).getByRole('link', { name: 'The review' })).toHaveAttribute('href', `${PATHS.reviews}?review=700002`);
    const entries = within(detail).getAllByTestId('ticket-activity-item').map((e) => e.textContent);
    expect(entries[0]).toMatch(/^Asha Rao opened the ticket with Urgent priority/);
    expect(entries[1]).toMatch(/^Asha Rao assigned the ticket to Vikram Shah/);
    expect(entries[2]).toMatch(/^Asha Rao added Lata Menon as a watcher/);
    expect(entries[3]).toMatch(/^The SLA was breached \(due /);
  });

  it('assigns a teammate, then closes the ticket: the requests, the log and the queue follow', async () => {
    const { backend, user } = setup({}, { search: '?ticket=9003' });
    const detail = await openDetail();
    const assignee = within(detail).getByTestId('ticket-assignee') as HTMLSelectElement;
    await waitFor(() => expect([...assignee.options].map((o) => o.textContent)).toEqual(['Unassigned', 'Asha Rao', 'Vikram Shah']));
    await user.selectOptions(assignee, AGENT.id);
    await waitFor(() => expect(backend.callsTo(API.ticketUpdate, 'POST')[0]?.body).toEqual({ ticketId: '9003', assigneeUserId: AGENT.id }));
    await waitFor(() => expect(within(detail).getAllByTestId('ticket-activity-item').at(-1)).toHaveTextContent('Asha Rao assigned the ticket to Vikram Shah'));
    await waitFor(() => expect(within(detail).getByTestId('ticket-status')).not.toBeDisabled());

    await user.selectOptions(within(detail).getByTestId('ticket-status'), 'closed');
    await waitFor(() => expect(backend.callsTo(API.ticketUpdate, 'POST')[1]?.body).toEqual({ ticketId: '9003', status: 'closed' }));
    await waitFor(() => expect(within(detail).getAllByTestId('ticket-activity-item').at(-1)).toHaveTextContent('Asha Rao set the status to Closed'));
    // Closed: no longer highlighted, and gone from the Open view.
    await waitFor(() => expect(detail).toHaveAttribute('data-breached', 'false'));
    await waitFor(() => expect(listedIds()).toEqual(['9005', '9004']));
    expect(screen.getByTestId('tickets-count-closed')).toHaveTextContent('2');
  });

  it('warns that the priority moves the due time, and moves it', async () => {
    const { backend, user } = setup({}, { search: '?ticket=9005' });
    const detail = await openDetail();
    const priority = within(detail).getByRole('combobox', { name: 'Priority' });
    expect(priority).toHaveAccessibleDescription('Changing the priority moves the due time: it becomes the opening time plus the SLA hours of the new priority.');
    // The options say the policy's hours.
    await waitFor(() => expect([...(priority as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Low (168 h)', 'Normal (72 h)', 'High (24 h)', 'Urgent (4 h)']));
    expect(within(detail).getByTestId('ticket-detail-due')).toHaveTextContent('Due in 2 days');
    await user.selectOptions(priority, 'urgent');
    await waitFor(() => expect(backend.callsTo(API.ticketUpdate, 'POST')[0]?.body).toEqual({ ticketId: '9005', priority: 'urgent' }));
    // Opened 2 hours ago + 4 hours: due in about 2 hours.
    await waitFor(() => expect(within(detail).getByTestId('ticket-detail-due')).toHaveTextContent(/Due in (1 hour|2 hours)/));
  });

  it('adds and removes watchers, and renames the ticket', async () => {
    const { backend, user } = setup({}, { search: '?ticket=9005' });
    const detail = await openDetail();
    expect(within(detail).getByTestId('ticket-watchers')).toHaveTextContent('No watchers');
    // Watchers may be viewers.
    const select = await within(detail).findByTestId('ticket-watcher-select');
    await waitFor(() => expect(within(select).getByRole('option', { name: VIEWER.fullName })).toBeInTheDocument());
    await user.selectOptions(select, VIEWER.id);
    await user.click(within(detail).getByTestId('ticket-watcher-add'));
    await waitFor(() => expect(within(detail).getAllByTestId('ticket-watcher').map((w) => w.textContent)).toEqual(['Lata Menon']));
    expect(backend.callsTo(API.ticketUpdate, 'POST')[0]?.body).toEqual({ ticketId: '9005', addWatcherIds: [VIEWER.id] });

    await user.click(within(detail).getByRole('button', { name: 'Remove Lata Menon as a watcher' }));
    await waitFor(() => expect(within(detail).queryAllByTestId('ticket-watcher')).toHaveLength(0));
    expect(backend.callsTo(API.ticketUpdate, 'POST')[1]?.body).toEqual({ ticketId: '9005', removeWatcherIds: [VIEWER.id] });

    await user.click(within(detail).getByTestId('ticket-title-edit'));
    const input = within(detail).getByTestId('ticket-title-input');
    await user.clear(input);
    await user.type(input, 'ab');
    expect(within(detail).getByTestId('ticket-title-save')).toBeDisabled();
    expect(within(detail).getByText('The title must be 3 to 200 characters.')).toBeInTheDocument();
    await user.type(input, 'c: cold biryani refund');
    await user.click(within(detail).getByTestId('ticket-title-save'));
    await waitFor(() => expect(within(detail).getByRole('heading', { level: 2 })).toHaveTextContent('abc: cold biryani refund'));
    expect(backend.callsTo(API.ticketUpdate, 'POST')[2]?.body).toEqual({ ticketId: '9005', title: 'abc: cold biryani refund' });
    expect(within(detail).getAllByTestId('ticket-activity-item').at(-1)).toHaveTextContent('Asha Rao renamed the ticket to “abc: cold biryani refund”');
  });

  it('shows a viewer the ticket read-only, with no New ticket or SLA policy', async () => {
    setup({}, { search: '?ticket=9004', rules: VIEWER_RULES });
    const detail = await openDetail();
    expect(within(detail).getByTestId('ticket-value-assignee')).toHaveTextContent('Vikram Shah');
    expect(within(detail).getByTestId('ticket-value-priority')).toHaveTextContent('Urgent');
    expect(within(detail).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('ticket-title-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('new-ticket-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sla-policy-button')).not.toBeInTheDocument();
  });
});

describe('TicketsPage: New ticket', () => {
  it('checks the form like the server, then opens the ticket for the outlet and shows it', async () => {
    const { backend, location, user } = setup();
    await waitFor(() => expect(listedIds()).toHaveLength(3));
    await user.click(screen.getByTestId('new-ticket-button'));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket' });

    await user.type(within(dialog).getByTestId('new-ticket-title'), 'ab');
    await user.click(within(dialog).getByTestId('new-ticket-submit'));
    expect(within(dialog).getByText('The title must be 3 to 200 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the outlet.')).toBeInTheDocument();
    expect(backend.callsTo(API.ticketCreate)).toHaveLength(0);

    await user.type(within(dialog).getByTestId('new-ticket-title'), 'ndon the freezer check');
    await user.selectOptions(within(dialog).getByTestId('new-ticket-outlet'), PARADISE_OUTLET);
    await user.selectOptions(within(dialog).getByTestId('new-ticket-priority'), 'high');
    const assignee = within(dialog).getByTestId('new-ticket-assignee');
    await waitFor(() => expect(within(assignee).getByRole('option', { name: AGENT.fullName })).toBeInTheDocument());
    expect(within(assignee).queryByRole('option', { name: VIEWER.fullName })).not.toBeInTheDocument();
    await user.selectOptions(assignee, AGENT.id);
    await user.click(within(dialog).getByTestId('new-ticket-submit'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.callsTo(API.ticketCreate, 'POST')[0]?.body).toEqual({ title: 'abndon the freezer check', outletId: PARADISE_OUTLET, priority: 'high', assigneeUserId: AGENT.id, watcherUserIds: [] });
    await waitFor(() => expect(params(location)).toEqual({ ticket: '9100' }));
    const detail = await openDetail();
    expect(within(detail).getByTestId('ticket-detail-due')).toHaveTextContent(/Due in (23|24) hours/);
    await waitFor(() => expect(listedIds()).toEqual(['9100', '9005', '9004', '9003']));
  });

  it('shows the server’s refusal under the field it names', async () => {
    const { user } = setup({}, { rules: AGENT_RULES });
    await waitFor(() => expect(listedIds()).toHaveLength(3));
    mockApi(handle.ticketCreate(() => reply.error(404, { message: 'Outlet not found', field: 'body.outletId' })));
    await user.click(screen.getByTestId('new-ticket-button'));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket' });
    await user.type(within(dialog).getByTestId('new-ticket-title'), 'Freezer check');
    await user.selectOptions(within(dialog).getByTestId('new-ticket-outlet'), PARADISE_OUTLET);
    // An agent cannot list the client's users: they are offered themselves.
    expect([...(within(dialog).getByTestId('new-ticket-assignee') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Unassigned', 'Asha Rao']);
    await user.click(within(dialog).getByTestId('new-ticket-submit'));
    expect(await within(dialog).findByText('Outlet not found')).toHaveAttribute('id', 'new-ticket-outlet-error');
    expect(screen.queryByTestId('sla-policy-button')).not.toBeInTheDocument();
  });
});

describe('TicketsPage: SLA policy', () => {
  async function openPolicy(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByTestId('sla-policy-button'));
    const dialog = await screen.findByRole('dialog', { name: 'SLA policy' });
    await within(dialog).findByTestId('sla-urgent');
    return dialog;
  }
  const setField = (dialog: HTMLElement, priority: string, value: string) => fireEvent.change(within(dialog).getByTestId(`sla-${priority}`), { target: { value } });

  it('refuses what the server refuses: no whole hours, out of range, a higher priority taking longer', async () => {
    const { backend, user } = setup();
    const dialog = await openPolicy(user);
    expect(within(dialog).getByTestId('sla-urgent')).toHaveValue(4);
    expect(within(dialog).getByTestId('sla-low')).toHaveValue(168);

    setField(dialog, 'urgent', '2.5');
    setField(dialog, 'normal', '0');
    setField(dialog, 'low', '');
    await user.click(within(dialog).getByTestId('sla-save'));
    expect(within(dialog).getByText('Use whole hours.')).toBeInTheDocument();
    expect(within(dialog).getByText('Between 1 and 2160 hours.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a number of hours.')).toBeInTheDocument();

    setField(dialog, 'urgent', '30');
    setField(dialog, 'normal', '72');
    setField(dialog, 'low', '168');
    expect(within(dialog).getByText('Urgent may not take longer than High.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('sla-urgent')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByTestId('sla-save'));
    expect(backend.callsTo(API.ticketSlaPolicy, 'POST').filter((c) => (c.body as { request: string }).request === 'update')).toHaveLength(0);

    setField(dialog, 'urgent', '2');
    setField(dialog, 'high', '12');
    await user.click(within(dialog).getByTestId('sla-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.callsTo(API.ticketSlaPolicy, 'POST').at(-1)?.body).toEqual({ request: 'update', hours: { urgent: 2, high: 12, normal: 72, low: 168 } });
  });

  it('shows the server’s refusal', async () => {
    const { user } = setup();
    const dialog = await openPolicy(user);
    mockApi(handle.ticketSlaPolicy(({ body }) => (body.request === 'get' ? { hours: { urgent: 4, high: 24, normal: 72, low: 168 }, isDefault: true } : reply.error(403, { message: 'Only the client’s owners set the SLA policy' }))));
    await user.click(within(dialog).getByTestId('sla-save'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the client’s owners set the SLA policy');
  });
});

describe('TicketsPage: live', () => {
  it('refetches the queue and the open ticket on tickets:changed, and after a reconnect', async () => {
    const { backend } = setup({}, { search: '?ticket=9005' });
    await openDetail();
    await waitFor(() => expect(listedIds()).toHaveLength(3));
    await waitFor(() => expect(socketRef.socket.listening('tickets:changed')).toBe(true));
    const gets = () => backend.callsTo(API.ticketGet).length;

    // The breach job marked 9005 elsewhere: the row and the panel turn red without a reload.
    backend.data.tickets = backend.data.tickets.map((t) => (t.id === '9005' ? { ...t, breachedAt: new Date().toISOString() } : t));
    const before = gets();
    act(() => socketRef.socket.serverEmit('tickets:changed', { ticketId: '9005', outletId: PARADISE_OUTLET, verb: 'breached' }));
    await waitFor(() => expect(row('9005')).toHaveAttribute('data-breached', 'true'));
    await waitFor(() => expect(gets()).toBe(before + 1));
    expect(await screen.findByTestId('ticket-breach-alert')).toBeInTheDocument();

    const lists = backend.callsTo(API.ticketsList).length;
    act(() => socketRef.socket.serverEmit('tickets:changed', { ticketId: 9005 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.callsTo(API.ticketsList)).toHaveLength(lists);

    act(() => socketRef.socket.serverEmit('connect'));
    await waitFor(() => expect(backend.callsTo(API.ticketsList).length).toBeGreaterThan(lists));
  });
});
