import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PASSWORD, signIn, useSyncedStack, waitForInbox } from './support/stack.ts';

/**
 * Complaints and tickets (docs/decisions/0026 and 0027), through the real stack and
 * the simulator:
 * (a) a one-star Google review becomes a complaint by itself; the owner turns it into a ticket,
 *     assigns the ticket to a teammate, closes it, and resolves the complaint;
 * (b) a guest writes on Messenger, the owner flags the conversation from the inbox, then the same
 *     guest name leaves a one-star Facebook rating (a `feed` webhook): the complaint holds both.
 */
const stack = useSyncedStack();

/** The Spice Route agent (apps/server/src/db/seed.ts `agent@<client>`): works every outlet. */
const AGENT = 'agent@spice-route.demo';

async function ownerToken(): Promise<string> {
  const res = await fetch(`${stack().baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_OWNER, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stack().baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${await ownerToken()}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok, `${path} answered ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

async function sim<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack().simUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.ok, `${path} answered ${res.status}: ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

interface Complaint {
  id: string;
  guestName: string;
  status: string;
  sources: { kind: string; channel: string }[];
  ticketId: string | null;
}

/** The complaint of `guestName`, once DineDesk has opened it (detection runs as a job). */
async function complaintOf(guestName: string, check: (c: Complaint) => boolean = () => true): Promise<Complaint> {
  let found: Complaint | undefined;
  await expect
    .poll(
      async () => {
        for (const status of ['open', 'in_progress', 'resolved']) {
          const { data } = await api<{ data: Complaint[] }>('/api/complaints/list', { status, limit: 100 });
          found = data.find((c) => c.guestName === guestName);
          if (found) return check(found);
        }
        return false;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe(true);
  return found!;
}

const complaintsUrl = (query = '') => `${stack().baseUrl}/apps/reviews_and_complaints/complaints${query}`;

async function openComplaint(page: Page, guestName: string) {
  await page.goto(complaintsUrl());
  const row = page.getByTestId('complaint-item').filter({ hasText: guestName });
  await expect(row).toBeVisible();
  await row.getByRole('button').click();
  const detail = page.getByTestId('complaint-detail');
  await expect(detail.getByTestId('complaint-timeline')).toBeVisible();
  return { row, detail };
}

test('a one-star Google review becomes a complaint, then a ticket that is assigned and closed, and the complaint is resolved', async ({ page }) => {
  // The demo owner's Google locations, once synced.
  let location: { id: string; outletId: string } | undefined;
  await expect
    .poll(
      async () => {
        const { data } = await api<{ data: { id: string; outletId: string; sync: { status: string } }[] }>('/api/review_testing/get_locations/get-locations', {});
        location = data[0];
        return data.length > 0 && data.every((l) => l.sync.status === 'ok');
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  const reviewer = `Unhappy Guest ${Date.now()}`;
  const comment = 'The biryani was cold, the raita was missing and we waited fifty minutes.';
  const added = await fetch(`${stack().simUrl}/__sim/google/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ location: location!.id, reviewer, starRating: 'ONE', comment }),
  });
  expect(added.status).toBe(201);
  // Google has no push: the next sync stores the review and queues complaint detection.
  await api('/api/review_testing/google/sync', { locationId: location!.id });
  await complaintOf(reviewer);

  await signIn(page, stack().baseUrl);
  const { row, detail } = await openComplaint(page, reviewer);
  await expect(row.getByTestId('complaint-source')).toHaveAttribute('data-channel', 'google');
  await expect(row.getByTestId('complaint-source')).toContainText('Google review, 1 star');
  await expect(detail.getByTestId('timeline-item').filter({ hasText: comment })).toBeVisible();
  await expect(detail.getByTestId('timeline-item').filter({ hasText: 'DineDesk opened the complaint from a review' })).toBeVisible();

  // One click: the ticket, shown on the tickets screen.
  await detail.getByTestId('complaint-create-ticket').click();
  await expect(page).toHaveURL(/\/apps\/reviews_and_complaints\/tickets\?ticket=\d+/);
  const ticketId = new URL(page.url()).searchParams.get('ticket')!;
  const ticket = page.getByTestId('ticket-detail');
  await expect(ticket.getByRole('heading', { level: 2 })).toHaveText(`Complaint of ${reviewer}`);
  await expect(ticket.getByTestId('ticket-link-complaint')).toBeVisible();

  // Assign it to the agent, then close it.
  const { data: users } = await api<{ data: { email: string; fullName: string }[] }>('/api/client-users');
  const agentName = users.find((u) => u.email === AGENT)!.fullName;
  await ticket.getByTestId('ticket-assignee').selectOption({ label: agentName });
  await expect(ticket.getByTestId('ticket-activity-item').filter({ hasText: `assigned the ticket to ${agentName}` })).toBeVisible();
  await ticket.getByTestId('ticket-status').selectOption('closed');
  await expect(ticket.getByTestId('ticket-activity-item').filter({ hasText: 'set the status to Closed' })).toBeVisible();
  await expect(ticket.getByTestId('ticket-detail-due')).toContainText('Closed on');
  const stored = await api<{ status: string; assignee: { fullName: string } | null }>('/api/tickets/get', { ticketId });
  expect(stored).toMatchObject({ status: 'closed', assignee: { fullName: agentName } });

  // Back on the complaint (the ticket links to it): resolved.
  await ticket.getByTestId('ticket-link-complaint').click();
  await expect(page).toHaveURL(/\/apps\/reviews_and_complaints\/complaints\?complaint=\d+/);
  const complaint = page.getByTestId('complaint-detail');
  await expect(complaint.getByTestId('complaint-open-ticket')).toHaveText(`Open ticket #${ticketId}`);
  await complaint.getByTestId('complaint-status').selectOption('resolved');
  await expect(complaint.getByTestId('timeline-item').filter({ hasText: 'set the status to Resolved' })).toBeVisible();
  await complaintOf(reviewer, (c) => c.status === 'resolved' && c.ticketId === ticketId);
});

test('a guest’s Messenger conversation, flagged from the inbox, and their one-star Facebook rating are one complaint', async ({ page }) => {
  await waitForInbox(stack().baseUrl, DEMO_OWNER, DEMO_PASSWORD);
  const { data: pages } = await api<{ data: { id: string }[] }>('/api/messenger/pages');
  const pageId = pages[0]!.id;

  // A new guest writes to the page (the simulator's guest driver sends the `messages` webhook).
  const text = `The paneer was raw and nobody picked up the phone (e2e ${Date.now()})`;
  const sent = await sim<{ guestId: string; conversationId: string }>('/__sim/guest-message', { pageId, channel: 'messenger', text });
  // The simulator made up a guest; Facebook (the simulator) knows their name.
  const simConversations = (await (await fetch(`${stack().simUrl}/__sim/conversations?pageId=${pageId}&channel=messenger`)).json()) as { conversationId: string; guestName: string }[];
  const guestName = simConversations.find((c) => c.conversationId === sent.conversationId)!.guestName;
  // DineDesk stores the conversation at once and names the guest a moment later (a job asks
  // Graph; until then the inbox shows a stand-in such as "Guest 2539"). Flagging before that
  // would open a complaint of a nameless guest, which a review cannot join by name.
  let conversation: { id: string; guest: { id: string; name: string } } | undefined;
  await expect
    .poll(
      async () => {
        const { data } = await api<{ data: { id: string; guest: { id: string; name: string } }[] }>(`/api/messenger/pages/${pageId}/conversations?limit=100`);
        conversation = data.find((c) => c.guest.id === sent.guestId);
        return conversation?.guest.name;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe(guestName);

  // The owner flags it from the inbox.
  await signIn(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/inbox?channel=messenger&page=${pageId}&conversation=${conversation!.id}`);
  const thread = page.getByTestId('thread');
  await expect(thread.getByTestId('message-item').filter({ hasText: text })).toBeVisible();
  await thread.getByTestId('flag-complaint').click();
  const link = thread.getByTestId('flag-complaint-link');
  await expect(link).toHaveText(/^Complaint #\d+ opened$/);
  const complaintId = /#(\d+)/.exec((await link.textContent()) ?? '')![1]!;

  // The same guest name leaves a one-star rating on the page (the `feed` webhook): it joins.
  await sim('/__sim/guest-rating', { pageId, name: guestName, rating: 1, text: 'Raw paneer, and no answer on the phone either.' });
  await complaintOf(guestName, (c) => c.id === complaintId && c.sources.some((s) => s.channel === 'facebook'));

  await link.click();
  await expect(page).toHaveURL(new RegExp(`complaint=${complaintId}`));
  const detail = page.getByTestId('complaint-detail');
  await expect(detail.getByTestId('complaint-sources').getByTestId('complaint-source')).toHaveCount(2);
  const channels = await detail.getByTestId('complaint-sources').getByTestId('complaint-source').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-channel')).sort());
  expect(channels).toEqual(['facebook', 'messenger']);
  await expect(detail.getByTestId('timeline-item').filter({ hasText: 'added a review to the complaint' })).toBeVisible();
  await expect(detail.getByTestId('timeline-item').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('complaint-item').filter({ hasText: guestName }).getByTestId('complaint-source')).toHaveCount(2);
});
