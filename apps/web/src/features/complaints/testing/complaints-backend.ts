/**
 * An in-memory stand-in for the complaints API (and the calls the screen makes beside it: client
 * details, client users, mentionable teammates, "create ticket") for the screen's tests. Lists
 * filter and count like the server (complaints.service.ts `listComplaints`), updates check the
 * assignee and root cause like it and log activity entries, and every request and answer goes
 * through the contract handlers (testing/contract-handlers.ts).
 */
import {
  DEFAULT_ROOT_CAUSES,
  ZClientUser,
  ZComplaintDetail,
  type TClientUser,
  type TComplaint,
  type TComplaintDetail,
  type TComplaintStatus,
  type TTimelineItem,
} from '@dinedesk/contracts';
import { mockApi, type ApiMock } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { userDataFixture } from '../../../testing/fixtures.ts';

export const ME = { id: '6f1d0c1e-0000-4000-8000-000000000001', fullName: 'Asha Rao' };
export const AGENT = { id: '6f1d0c1e-0000-4000-8000-000000000002', fullName: 'Vikram Shah' };
export const VIEWER = { id: '6f1d0c1e-0000-4000-8000-000000000003', fullName: 'Lata Menon' };
/** A manager of the other brand only: the server refuses them as an assignee at Paradise. */
export const OTHER_MANAGER = { id: '6f1d0c1e-0000-4000-8000-000000000004', fullName: 'Kiran Das' };

export const PARADISE_BRAND = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b1';
export const BAWARCHI_BRAND = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b2';
export const PARADISE_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000001';
export const BAWARCHI_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000002';
export const atParadise = { outletId: PARADISE_OUTLET, outletName: 'Paradise, Gachibowli', brandId: PARADISE_BRAND, brandName: 'Paradise' };
export const atBawarchi = { outletId: BAWARCHI_OUTLET, outletName: 'Bawarchi, RTC X Roads', brandId: BAWARCHI_BRAND, brandName: 'Bawarchi' };

const user = (person: { id: string; fullName: string }, role: TClientUser['role'], access: Partial<TClientUser['access']> = {}): TClientUser =>
  ZClientUser.parse({
    ...person,
    email: `${person.fullName.split(' ')[0]!.toLowerCase()}@spiceroute.example`,
    role,
    active: true,
    access: { brandIds: [], outletIds: [], modules: ['reviews_and_complaints'], ...access },
  });

/** The client's members as `GET /api/client-users` lists them. */
export const CLIENT_USERS: TClientUser[] = [
  user(ME, 'client_owner'),
  user(AGENT, 'agent'),
  user(VIEWER, 'viewer'),
  user(OTHER_MANAGER, 'brand_manager', { brandIds: [BAWARCHI_BRAND] }),
];

/** A complaint with its timeline; the summary fields follow `overrides`. */
export function complaintFixture(overrides: Partial<TComplaintDetail> = {}): TComplaintDetail {
  return ZComplaintDetail.parse({
    id: '41',
    status: 'open',
    ...atParadise,
    guestName: 'Meena Iyer',
    assignee: null,
    rootCause: null,
    openedAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-01-10T09:00:00.000Z',
    resolvedAt: null,
    openedByName: null,
    sources: [
      { kind: 'review', id: '700002', channel: 'google', accountId: 'locations/9001', guestName: 'Meena Iyer', rating: 1, excerpt: 'Cold biryani and a 40 minute wait.', at: '2025-01-10T08:55:00.000Z', linkedByName: null },
    ],
    ticketId: null,
    timeline: [],
    ...overrides,
  });
}

export interface ComplaintsBackendData {
  complaints: TComplaintDetail[];
  custom?: string[];
  users?: TClientUser[];
}

export interface ComplaintsBackend extends ApiMock {
  data: Required<ComplaintsBackendData>;
}

/** When the fake server says something changed. */
export const CHANGED_AT = '2025-01-11T10:00:00.000Z';

const summary = ({ timeline: _timeline, ...complaint }: TComplaintDetail): TComplaint => complaint;

/** Installs the fake API over `initial` for the running test. */
export function complaintsBackend(initial: ComplaintsBackendData): ComplaintsBackend {
  const data: Required<ComplaintsBackendData> = { custom: [], users: CLIENT_USERS, ...initial };
  let nextTicket = 9001;
  const find = (id: string) => data.complaints.find((c) => c.id === id);
  const notFound = (id: string) => reply.error(404, { message: `Complaint ${id} not found`, field: 'body.complaintId' });
  const activity = (kind: NonNullable<TTimelineItem['activity']>['kind'], value: string | null): TTimelineItem => ({
    at: CHANGED_AT,
    kind: 'activity',
    sourceId: null,
    channel: null,
    author: ME.fullName,
    text: '',
    rating: null,
    activity: { kind, value },
  });
  const replace = (next: TComplaintDetail) => {
    data.complaints = data.complaints.map((c) => (c.id === next.id ? next : c));
  };

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
    handle.complaintsList(({ body }) => {
      const assignee = body.assignee === 'me' ? ME.id : body.assignee === 'none' ? null : body.assignee;
      const matching = data.complaints.filter(
        (c) =>
          (!body.brandId || c.brandId === body.brandId) &&
          (!body.outletId || c.outletId === body.outletId) &&
          (body.assignee === undefined || (c.assignee?.id ?? null) === assignee) &&
          (!body.rootCause || c.rootCause === body.rootCause),
      );
      const count = (status: TComplaintStatus) => matching.filter((c) => c.status === status).length;
      const all = matching.filter((c) => !body.status || c.status === body.status);
      // The cursor is the offset, as digits (a valid ZCursor).
      const offset = Number(body.cursor ?? 0);
      const page = all.slice(offset, offset + body.limit).map(summary);
      return {
        data: page,
        paging: { nextCursor: offset + body.limit < all.length ? String(offset + body.limit) : null },
        counts: { open: count('open'), in_progress: count('in_progress'), resolved: count('resolved') },
      };
    }),
    handle.complaintGet(({ body }) => find(body.complaintId) ?? notFound(body.complaintId)),
    handle.complaintUpdate(({ body }) => {
      const current = find(body.complaintId);
      if (!current) return notFound(body.complaintId);
      let next: TComplaintDetail = { ...current, updatedAt: CHANGED_AT };
      const log: TTimelineItem[] = [];
      if (body.status !== undefined && body.status !== current.status) {
        next = { ...next, status: body.status, resolvedAt: body.status === 'resolved' ? CHANGED_AT : null };
        log.push(activity('status', body.status));
      }
      if (body.assigneeUserId !== undefined) {
        if (body.assigneeUserId === null) {
          next = { ...next, assignee: null };
          log.push(activity('assignee', null));
        } else {
          const person = data.users.find((u) => u.id === body.assigneeUserId);
          const works = person && person.role !== 'viewer' && (person.role !== 'brand_manager' || person.access.brandIds.includes(current.brandId));
          if (!works) return reply.error(400, { message: 'assigneeUserId: only a teammate who works this outlet’s complaints (not a viewer) can be assigned', field: 'body.assigneeUserId' });
          next = { ...next, assignee: { id: person.id, fullName: person.fullName } };
          log.push(activity('assignee', person.fullName));
        }
      }
      if (body.rootCause !== undefined) {
        if (body.rootCause !== null && ![...DEFAULT_ROOT_CAUSES, ...data.custom].includes(body.rootCause)) {
          return reply.error(400, { message: `rootCause: “${body.rootCause}” is not one of this client’s root causes`, field: 'body.rootCause' });
        }
        next = { ...next, rootCause: body.rootCause };
        log.push(activity('root_cause', body.rootCause));
      }
      next = { ...next, timeline: [...next.timeline, ...log] };
      replace(next);
      return summary(next);
    }),
    handle.complaintRootCauses(({ body }) => {
      if (body.request === 'add') {
        if ((DEFAULT_ROOT_CAUSES as readonly string[]).includes(body.rootCause)) return reply.error(400, { message: `rootCause: “${body.rootCause}” is a default root cause and cannot be added`, field: 'body.rootCause' });
        if (!data.custom.includes(body.rootCause)) data.custom = [...data.custom, body.rootCause].sort();
      } else if (body.request === 'remove') {
        if (!data.custom.includes(body.rootCause)) return reply.error(404, { message: `rootCause “${body.rootCause}” not found`, field: 'body.rootCause' });
        data.custom = data.custom.filter((c) => c !== body.rootCause);
      }
      return { defaults: [...DEFAULT_ROOT_CAUSES], custom: data.custom };
    }),
    handle.ticketCreate(({ body }) => {
      const complaint = body.complaintId ? find(body.complaintId) : undefined;
      if (!complaint) return reply.error(404, { message: `Complaint ${body.complaintId ?? ''} not found`, field: 'body.complaintId' });
      const created = complaint.ticketId === null;
      const ticketId = complaint.ticketId ?? String(nextTicket++);
      replace({ ...complaint, ticketId });
      return {
        created,
        ticket: {
          id: ticketId,
          title: `Complaint of ${complaint.guestName}`,
          status: 'open',
          priority: body.priority,
          outletId: complaint.outletId,
          outletName: complaint.outletName,
          brandId: complaint.brandId,
          brandName: complaint.brandName,
          assignee: null,
          watchers: [],
          createdBy: ME,
          createdAt: CHANGED_AT,
          updatedAt: CHANGED_AT,
          closedAt: null,
          dueAt: '2025-01-14T10:00:00.000Z',
          breachedAt: null,
          reviewId: null,
          conversationId: null,
          complaintId: complaint.id,
        },
      };
    }),
    handle.complaintFromReview(({ body }) => {
      const holder = data.complaints.find((c) => c.sources.some((s) => s.kind === 'review' && s.id === body.reviewId));
      if (holder) return { complaint: summary(holder), created: false };
      const complaint = complaintFixture({ id: String(100 + data.complaints.length), sources: [{ ...complaintFixture().sources[0]!, id: body.reviewId }], openedByName: ME.fullName });
      data.complaints = [complaint, ...data.complaints];
      return { complaint: summary(complaint), created: true };
    }),
  );
  return Object.assign(mock, { data });
}
