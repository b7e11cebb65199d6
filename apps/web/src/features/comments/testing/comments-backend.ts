/**
 * An in-memory stand-in for the internal comments and mentions API, for the comments
 * tests: a review's thread (list oldest first, paged by cursor; add with the server's rules on
 * mentions), the teammates who may be mentioned (narrowed by `q`), and the signed-in user's
 * mention notifications (views, paging, unread count, status changes). Its handlers are the
 * contract handlers (testing/contract-handlers.ts), so every request and answer is checked
 * against the contracts' schemas. Fixtures are parsed with the contracts' schemas too.
 */
import {
  mentionSpans,
  ZInternalComment,
  ZMentionableUser,
  ZMentionNotification,
  type TInternalComment,
  type TMentionableUser,
  type TMentionNotification,
} from '@dinedesk/contracts';
import { mockApi, type ApiMock } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';

/** Teammates of the demo client (ids are UUIDs, as the contract wants). */
export const MEENA: TMentionableUser = ZMentionableUser.parse({
  id: '3f1c2b7a-0000-4000-8000-000000000001',
  fullName: 'Meena Iyer',
  email: 'meena@spiceroute.example',
  role: 'agent',
});
export const MEHUL: TMentionableUser = ZMentionableUser.parse({
  id: '3f1c2b7a-0000-4000-8000-000000000002',
  fullName: 'Mehul Shah',
  email: 'mehul@spiceroute.example',
  role: 'outlet_manager',
});
export const RAVI_MANAGER: TMentionableUser = ZMentionableUser.parse({
  id: '3f1c2b7a-0000-4000-8000-000000000003',
  fullName: 'Ravi Menon',
  email: 'ravi.menon@spiceroute.example',
  role: 'brand_manager',
});

/** When the test backend says a comment was added. */
export const ADDED_AT = '2025-02-01T10:00:00.000Z';

export function internalCommentFixture(overrides: Partial<TInternalComment> = {}): TInternalComment {
  return ZInternalComment.parse({
    id: '9001',
    reviewId: '500001',
    ticketId: null,
    authorUserId: 'u-2',
    authorName: 'Priya Nair',
    text: 'Called the guest; the refund went out this morning.',
    mentions: [],
    createdAt: '2025-01-09T14:00:00.000Z',
    ...overrides,
  });
}

export function mentionFixture(overrides: Partial<TMentionNotification> = {}): TMentionNotification {
  return ZMentionNotification.parse({
    id: '7001',
    status: 'unread',
    createdAt: '2025-01-09T14:00:00.000Z',
    author: { id: 'u-2', fullName: 'Priya Nair' },
    excerpt: '@Asha Rao can you call this guest back today?',
    commentId: '9001',
    review: {
      id: '500002',
      source: 'facebook',
      outletId: 'o-1',
      outletName: 'Paradise, Gachibowli',
      reviewerName: 'Meena Iyer',
      rating: 2,
    },
    ticket: null,
    ...overrides,
  });
}

export interface CommentsBackendData {
  /** Every review's comments, oldest first. */
  comments: TInternalComment[];
  /** Who may be mentioned (on every review). */
  teammates: TMentionableUser[];
  /** The signed-in user's mentions, newest first. */
  notifications: TMentionNotification[];
}

export interface CommentsBackend extends ApiMock {
  data: CommentsBackendData;
}

/** The signed-in user as the author of added comments (the fixtures' `signInAs` user). */
const SIGNED_IN = { id: 'u-1', fullName: 'Asha Rao' };

/** A page of `rows` from the offset in `cursor` (the test cursor is the offset, as digits). */
function page<T>(rows: T[], cursor: string | undefined, limit: number): { data: T[]; paging: { nextCursor: string | null } } {
  const offset = Number(cursor ?? 0);
  const next = offset + limit;
  return { data: rows.slice(offset, next), paging: { nextCursor: next < rows.length ? String(next) : null } };
}

/** Installs the fake comments API over `initial` for the running test. */
export function commentsBackend(initial: Partial<CommentsBackendData> = {}): CommentsBackend {
  const data: CommentsBackendData = { comments: [], teammates: [MEENA, MEHUL, RAVI_MANAGER], notifications: [], ...initial };
  let nextId = 9500;
  const unreadCount = () => data.notifications.filter((n) => n.status === 'unread').length;
  const mock = mockApi(
    handle.reviewComments(({ body }) => {
      if (body.request === 'list') {
        return page(
          data.comments.filter((c) => c.reviewId === body.reviewId),
          body.cursor,
          body.limit,
        );
      }
      // The server's rules (comments.service.ts addComment): teammates who see the outlet, named in the text.
      const mentions = body.mentionUserIds.map((id) => data.teammates.find((u) => u.id === id));
      const missing = body.mentionUserIds.filter((_, i) => !mentions[i]);
      if (missing.length) {
        return reply.error(400, { message: `mentionUserIds: ${missing.join(', ')} cannot be mentioned here`, field: 'body.mentionUserIds' });
      }
      const named = mentions.flatMap((u) => (u ? [{ id: u.id, fullName: u.fullName }] : []));
      const spans = new Set(mentionSpans(body.text, named).map((s) => s.userId));
      const unnamed = named.filter((m) => !spans.has(m.id));
      if (unnamed.length) {
        return reply.error(400, { message: `mentionUserIds: ${unnamed.map((m) => `@${m.fullName}`).join(', ')} must appear in the text to be mentioned`, field: 'body.mentionUserIds' });
      }
      const comment: TInternalComment = {
        id: String(nextId++),
        reviewId: body.reviewId,
        ticketId: null,
        authorUserId: SIGNED_IN.id,
        authorName: SIGNED_IN.fullName,
        text: body.text,
        mentions: named,
        createdAt: ADDED_AT,
      };
      data.comments = [...data.comments, comment];
      return { comment };
    }),
    handle.mentionsUsers(({ body }) => {
      const q = body.q?.toLowerCase();
      return { data: data.teammates.filter((u) => !q || u.fullName.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) };
    }),
    handle.mentionNotifications(({ body }) => {
      const rows = data.notifications.filter((n) => (body.view === 'inbox' ? n.status !== 'archived' : n.status === body.view));
      return { ...page(rows, body.cursor, body.limit), unreadCount: unreadCount() };
    }),
    handle.mentionStatus(({ body }) => {
      let updated = 0;
      data.notifications = data.notifications.map((n) => {
        const hit = body.ids ? body.ids.includes(n.id) : n.status === 'unread';
        if (!hit) return n;
        updated += 1;
        return { ...n, status: body.status };
      });
      return { updated, unreadCount: unreadCount() };
    }),
  );
  return Object.assign(mock, { data });
}
