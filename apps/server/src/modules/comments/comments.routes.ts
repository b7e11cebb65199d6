import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  ZErrorResponse,
  ZInternalCommentAddResponse,
  ZInternalCommentsListResponse,
  ZInternalCommentsRequest,
  ZMentionNotificationsRequest,
  ZMentionNotificationsResponse,
  ZMentionStatusRequest,
  ZMentionStatusResponse,
  ZMentionsUsersRequest,
  ZMentionsUsersResponse,
  ZTicketCommentsRequest,
  ZTicketMentionsUsersRequest,
} from '@dinedesk/contracts';
import { addComment, listComments, listNotifications, mentionableFor, setNotificationStatus } from './comments.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];

/**
 * Internal comments and mentions (docs/requirements/calls.md: review/comments,
 * review/mentions-users, review/mention-notifications, review/mentions/status). Every call needs
 * `read Review` in the session's client; adding a comment also needs `create InternalComment`
 * (checked by the service, since listing does not).
 */
export async function commentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API.reviewComments,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      schema: {
        tags: ['comments'],
        summary: 'List (request: list) or add (request: add) the internal comments of a review',
        description:
          'Internal comments are the team’s own thread beside the public replies and are never published. `add` names teammates as `@Full Name` in `text` and lists their ids in `mentionUserIds`; each must be able to see the review’s outlet, or the comment is refused (400, nothing written). Viewers may list, not add (403).',
        security,
        body: ZInternalCommentsRequest,
        response: { 200: z.union([ZInternalCommentsListResponse, ZInternalCommentAddResponse]), ...errors },
      },
    },
    async (req) => {
      const { reviewId, ...body } = req.body;
      if (body.request === 'list') return listComments(app.ctx, req.auth, { reviewId }, body);
      return { comment: await addComment(app.ctx, req.auth, { reviewId }, body) };
    },
  );

  r.post(
    API.mentionsUsers,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      schema: {
        tags: ['comments'],
        summary: 'Teammates who may be mentioned on a review: members who can see its outlet (the caller excluded)',
        security,
        body: ZMentionsUsersRequest,
        response: { 200: ZMentionsUsersResponse, ...errors },
      },
    },
    async (req) => ({ data: await mentionableFor(app.ctx, req.auth, { reviewId: req.body.reviewId }, req.body.q) }),
  );

  r.post(
    API.ticketComments,
    {
      config: { need: { action: 'read', subject: 'Ticket', scope: 'outlet' } },
      schema: {
        tags: ['comments'],
        summary: 'List (request: list) or add (request: add) the internal comments of a ticket',
        description: 'The same thread as on reviews, on a ticket: mentions must be teammates who can see the ticket’s outlet. Viewers may list, not add (403).',
        security,
        body: ZTicketCommentsRequest,
        response: { 200: z.union([ZInternalCommentsListResponse, ZInternalCommentAddResponse]), ...errors },
      },
    },
    async (req) => {
      const { ticketId, ...body } = req.body;
      if (body.request === 'list') return listComments(app.ctx, req.auth, { ticketId }, body);
      return { comment: await addComment(app.ctx, req.auth, { ticketId }, body) };
    },
  );

  r.post(
    API.ticketMentionsUsers,
    {
      config: { need: { action: 'read', subject: 'Ticket', scope: 'outlet' } },
      schema: {
        tags: ['comments'],
        summary: 'Teammates who may be mentioned on a ticket: members who can see its outlet (the caller excluded)',
        security,
        body: ZTicketMentionsUsersRequest,
        response: { 200: ZMentionsUsersResponse, ...errors },
      },
    },
    async (req) => ({ data: await mentionableFor(app.ctx, req.auth, { ticketId: req.body.ticketId }, req.body.q) }),
  );

  r.post(
    API.mentionNotifications,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'client' } },
      schema: {
        tags: ['comments'],
        summary: 'The signed-in user’s mention notifications in this client, newest first, with the unread count',
        security,
        body: ZMentionNotificationsRequest,
        response: { 200: ZMentionNotificationsResponse, ...errors },
      },
    },
    async (req) => listNotifications(app.ctx, req.auth, req.body),
  );

  r.post(
    API.mentionStatus,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'client' } },
      schema: {
        tags: ['comments'],
        summary: 'Mark some of the signed-in user’s mentions (ids) or all unread ones (allUnread) read, unread or archived',
        description: 'Ids that are not the caller’s are left alone and not counted.',
        security,
        body: ZMentionStatusRequest,
        response: { 200: ZMentionStatusResponse, ...errors },
      },
    },
    async (req) => setNotificationStatus(app.ctx, req.auth, req.body),
  );
}
