/**
 * An in-memory stand-in for the tickets API (and the calls the screen makes beside it: client
 * details, client users, mentionable teammates) for the screen's tests. Views, filters and counts
 * follow the server (tickets.service.ts `listTickets`), a new priority moves the due time like
 * it, each change is logged, and every request and answer goes through the contract handlers
 * (testing/contract-handlers.ts).
 */
import {
  DEFAULT_SLA_HOURS,
  ZClientUser,
  ZTicketDetail,
  type TClientUser,
  type TSlaHours,
  type TTicket,
  type TTicketActivity,
  type TTicketDetail,
  type TTicketView,
} from '@dinedesk/contracts';
import { mockApi, type ApiMock } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { userDataFixture } from '../../../testing/fixtures.ts';

export const ME = { id: '6f1d0c1e-0000-4000-8000-000000000001', fullName: 'Asha Rao' };
export const AGENT = { id: '6f1d0c1e-0000-4000-8000-000000000002', fullName: 'Vikram Shah' };
export const VIEWER = { id: '6f1d0c1e-0000-4000-8000-000000000003', fullName: 'Lata Menon' };

export const PARADISE_BRAND = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b1';
export const BAWARCHI_BRAND = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b2';
export const PARADISE_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000001';
export const BAWARCHI_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000002';
export const atParadise = { outletId: PARADISE_OUTLET, outletName: 'Paradise, Gachibowli', brandId: PARADISE_BRAND, brandName: 'Paradise' };
export const atBawarchi = { outletId: BAWARCHI_OUTLET, outletName: 'Bawarchi, RTC X Roads', brandId: BAWARCHI_BRAND, brandName: 'Bawarchi' };

const HOUR = 3_600_000;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const member = (person: { id: string; fullName: string }, role: TClientUser['role']): TClientUser =>
  ZClientUser.parse({ ...person, email: `${person.fullName.split(' ')[0]!.toLowerCase()}@spiceroute.example`, role, active: true, access: { brandIds: [], outletIds: [], modules: ['reviews_and_complaints'] } });
export const CLIENT_USERS: TClientUser[] = [member(ME, 'client_owner'), member(AGENT, 'agent'), member(VIEWER, 'viewer')];

/** A ticket with its activity; `overrides` set any field. */
export function ticketFixture(overrides: Partial<TTicketDetail> = {}): TTicketDetail {
  return ZTicketDetail.parse({
    id: '9001',
    title: 'Complaint of Meena Iyer',
    status: 'open',
    priority: 'normal',
    ...atParadise,
    assignee: null,
    watchers: [],
    createdBy: ME,
    createdAt: hoursFromNow(-2),
    updatedAt: hoursFromNow(-2),
    closedAt: null,
    dueAt: hoursFromNow(70),
    breachedAt: null,
    reviewId: null,
    conversationId: null,
    complaintId: '41',
    activity: [{ at: hoursFromNow(-2), actorName: ME.fullName, kind: 'created', value: 'normal' }],
    ...overrides,
  });
}

export interface TicketsBackendData {
  tickets: TTicketDetail[];
  hours?: TSlaHours;
  users?: TClientUser[];
}

export interface TicketsBackend extends ApiMock {
  data: Required<TicketsBackendData> & { isDefault: boolean };
}

const summary = ({ activity: _activity, ...ticket }: TTicketDetail): TTicket => ticket;
const overdue = (t: TTicket) => t.breachedAt !== null || (t.status !== 'closed' && Date.parse(t.dueAt) <= Date.now());

/** Installs the fake API over `initial` for the running test. */
export function ticketsBackend(initial: TicketsBackendData): TicketsBackend {
  const data: TicketsBackend['data'] = { hours: DEFAULT_SLA_HOURS, users: CLIENT_USERS, isDefault: true, ...initial };
  let nextId = 9100;
  const find = (id: string) => data.tickets.find((t) => t.id === id);
  const notFound = (id: string) => reply.error(404, { message: `Ticket ${id} not found`, field: 'body.ticketId' });
  const person = (id: string) => data.users.find((u) => u.id === id);
  const inView = (t: TTicket, view: TTicketView) =>
    view === 'all' || (view === 'closed' ? t.status === 'closed' : view === 'open' ? t.status !== 'closed' : t.status !== 'closed' && t.assignee?.id === ME.id);

  const mock = mockApi(
    handle.clientDetails(() => ({
      message: 'OK',
      client: {
        id: 'c-1',
        key: 'spice-route',
        name: 'Spice Route Hospitality',
        brands: [
          { id: PARADISE_BRAND, name: 'Paradise', outlets: [{ id: PARADISE_OUTLET, name: 'Paradise, Gachibowli', city: 'Hyderabad' }] },
          { id: BAWARCHI_BRAND, name: 'Bawarchi', outlets: [{ id: BAWARCHI_OUTLET, name: 'Bawarchi, RTC X Roads', city: 'Hyderabad' }] },
        ],
      },
      userData: userDataFixture({ id: ME.id, fullName: ME.fullName }),
    })),
    handle.clientUsers(() => ({ data: data.users })),
    handle.mentionsUsers(() => ({ data: data.users.filter((u) => u.id !== ME.id).map((u) => ({ id: u.id, fullName: u.fullName, email: u.email, role: u.role })) })),
    handle.ticketsList(({ body }) => {
      const matching = data.tickets.filter(
        (t) => (!body.priority || t.priority === body.priority) && (!body.outletId || t.outletId === body.outletId) && (!body.brandId || t.brandId === body.brandId) && (!body.breached || overdue(t)),
      );
      const all = matching.filter((t) => inView(t, body.view));
      const offset = Number(body.cursor ?? 0);
      const count = (view: TTicketView) => matching.filter((t) => inView(t, view)).length;
      return {
        data: all.slice(offset, offset + body.limit).map(summary),
        paging: { nextCursor: offset + body.limit < all.length ? String(offset + body.limit) : null },
        counts: { mine: count('mine'), open: count('open'), closed: count('closed'), all: count('all') },
      };
    }),
    handle.ticketGet(({ body }) => find(body.ticketId) ?? notFound(body.ticketId)),
    handle.ticketUpdate(({ body }) => {
      const current = find(body.ticketId);
      if (!current) return notFound(body.ticketId);
      const at = new Date().toISOString();
      let next: TTicketDetail = { ...current, updatedAt: at };
      const log: Omit<TTicketActivity, 'at' | 'actorName'>[] = [];
      if (body.title !== undefined && body.title !== current.title) {
        next = { ...next, title: body.title };
        log.push({ kind: 'title', value: body.title });
      }
      if (body.status !== undefined && body.status !== current.status) {
        next = { ...next, status: body.status, closedAt: body.status === 'closed' ? at : null };
        log.push({ kind: 'status', value: body.status });
      }
      if (body.priority !== undefined && body.priority !== current.priority) {
        const dueAt = new Date(Date.parse(current.createdAt) + data.hours[body.priority] * HOUR).toISOString();
        next = { ...next, priority: body.priority, dueAt, breachedAt: Date.parse(dueAt) > Date.now() ? null : current.breachedAt };
        log.push({ kind: 'priority', value: body.priority });
      }
      if (body.assigneeUserId !== undefined) {
        const who = body.assigneeUserId === null ? null : person(body.assigneeUserId);
        if (who && who.role === 'viewer') return reply.error(400, { message: `assigneeUserId: ${who.id} cannot be assigned a ticket of this outlet (only teammates who see it, not viewers)`, field: 'body.assigneeUserId' });
        next = { ...next, assignee: who ? { id: who.id, fullName: who.fullName } : null };
        log.push({ kind: 'assignee', value: who?.fullName ?? null });
      }
      for (const id of body.addWatcherIds ?? []) {
        const who = person(id);
        if (!who || next.watchers.some((w) => w.id === id)) continue;
        next = { ...next, watchers: [...next.watchers, { id: who.id, fullName: who.fullName }] };
        log.push({ kind: 'watcher_added', value: who.fullName });
      }
      for (const id of body.removeWatcherIds ?? []) {
        const was = next.watchers.find((w) => w.id === id);
        if (!was) continue;
        next = { ...next, watchers: next.watchers.filter((w) => w.id !== id) };
        log.push({ kind: 'watcher_removed', value: was.fullName });
      }
      next = { ...next, activity: [...next.activity, ...log.map((l) => ({ ...l, at, actorName: ME.fullName }))] };
      data.tickets = data.tickets.map((t) => (t.id === next.id ? next : t));
      return summary(next);
    }),
    handle.ticketCreate(({ body }) => {
      const outlet = [atParadise, atBawarchi].find((o) => o.outletId === body.outletId);
      if (!outlet) return reply.error(404, { message: `Outlet ${body.outletId ?? ''} not found`, field: 'body.outletId' });
      const who = body.assigneeUserId ? person(body.assigneeUserId) : undefined;
      const at = new Date().toISOString();
      const ticket = ticketFixture({
        id: String(nextId++),
        title: body.title ?? '',
        priority: body.priority,
        ...outlet,
        assignee: who ? { id: who.id, fullName: who.fullName } : null,
        createdAt: at,
        updatedAt: at,
        dueAt: new Date(Date.now() + data.hours[body.priority] * HOUR).toISOString(),
        complaintId: null,
        activity: [{ at, actorName: ME.fullName, kind: 'created', value: body.priority }],
      });
      data.tickets = [ticket, ...data.tickets];
      return { ticket: summary(ticket), created: true };
    }),
    handle.ticketSlaPolicy(({ body }) => {
      if (body.request === 'update') {
        data.hours = body.hours;
        data.isDefault = false;
      }
      return { hours: data.hours, isDefault: data.isDefault };
    }),
  );
  return Object.assign(mock, { data });
}
