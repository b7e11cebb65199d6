import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INBOX,
  ZConversationMessageParams,
  ZConversationParams,
  ZConversationsQuery,
  ZConversationsResponse,
  ZErrorResponse,
  ZInboxPagesResponse,
  ZMessageParams,
  ZMessageResponse,
  ZMessagesQuery,
  ZMessagesResponse,
  ZReactRequest,
  ZReactResponse,
  ZInboxParams,
  ZSendMessageRequest,
  ZSendMessageResponse,
  ZConversation,
} from '@dinedesk/contracts';
import { requireAbility, requireClient } from '../../plugins/auth.ts';
import { listAccounts } from './inbox.repository.ts';
import { getMessage, listConversations, listMessages, markRead, parseChannel, react, sendMessage } from './inbox.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['inbox'];
const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().min(1).max(255).regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII').optional(),
});

/** Social inbox calls of spec §7 (`messenger` pages and `{channel}` conversations), issue #3. */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, before body validation: a caller without a valid token learns nothing, not even
  // which fields are wrong (401 before 400).
  r.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const emit = (events: Parameters<typeof ctx.realtime.emit>[0]) => ctx.realtime.emit(events);

  r.get(INBOX.messengerPages, { schema: { tags, security, summary: 'Facebook Pages of the client with Messenger unread counts', response: { 200: ZInboxPagesResponse, ...errors } } }, async (req) => {
    requireAbility(req, 'read', 'Conversation');
    return { data: await listAccounts(ctx.db, requireClient(req), req.auth.outletIds, 'messenger') };
  });
  r.get(INBOX.instagramPages, { schema: { tags, security, summary: 'Instagram accounts of the client’s pages with unread counts', response: { 200: ZInboxPagesResponse, ...errors } } }, async (req) => {
    requireAbility(req, 'read', 'Conversation');
    return { data: await listAccounts(ctx.db, requireClient(req), req.auth.outletIds, 'instagram') };
  });

  r.get(
    '/api/:channel/pages/:pageId/conversations',
    { schema: { tags, security, summary: 'Conversations of a page, most recent first (keyset paging)', params: ZInboxParams, querystring: ZConversationsQuery, response: { 200: ZConversationsResponse, ...errors } } },
    async (req) => {
      requireAbility(req, 'read', 'Conversation');
      requireClient(req);
      return listConversations(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.query, req.log);
    },
  );
  r.get(
    '/api/:channel/pages/:pageId/conversations/:conversationId/messages',
    { schema: { tags, security, summary: 'Messages of a conversation, newest first (keyset paging)', params: ZConversationParams, querystring: ZMessagesQuery, response: { 200: ZMessagesResponse, ...errors } } },
    async (req) => {
      requireAbility(req, 'read', 'Conversation');
      requireClient(req);
      return listMessages(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.conversationId, req.query, req.log);
    },
  );
  r.get(
    '/api/:channel/pages/:pageId/messages/:messageId',
    { schema: { tags, security, summary: 'One message', params: ZMessageParams, response: { 200: ZMessageResponse, ...errors } } },
    async (req) => {
      requireAbility(req, 'read', 'Conversation');
      requireClient(req);
      return { message: await getMessage(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.messageId, req.log) };
    },
  );
  r.post(
    '/api/:channel/pages/:pageId/conversations/:conversationId/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Send a text or an image as the page',
        description: 'Within 24 h of the guest’s last message: RESPONSE; up to 7 days: HUMAN_AGENT tag; later: 409. Send an Idempotency-Key header so a retry never posts twice.',
        params: ZConversationParams,
        headers: ZIdempotencyHeaders,
        body: ZSendMessageRequest,
        response: { 200: ZSendMessageResponse, ...errors, 409: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse, 504: ZErrorResponse },
      },
    },
    async (req) => {
      requireAbility(req, 'create', 'Message');
      requireClient(req);
      const { events, ...result } = await sendMessage(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.conversationId, req.body, req.headers['idempotency-key']);
      emit(events);
      return result;
    },
  );
  r.post(
    '/api/:channel/pages/:pageId/conversations/:conversationId/messages/:messageId/react',
    { schema: { tags, security, summary: 'React to a message as the page, or remove the reaction (reaction: null)', params: ZConversationMessageParams, body: ZReactRequest, response: { 200: ZReactResponse, ...errors, 409: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse } } },
    async (req) => {
      requireAbility(req, 'create', 'Message');
      requireClient(req);
      const { events, message } = await react(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.conversationId, req.params.messageId, req.body.reaction);
      emit(events);
      return { message };
    },
  );
  r.post(
    '/api/:channel/pages/:pageId/conversations/:conversationId/read',
    { schema: { tags, security, summary: 'Mark a conversation read by the staff', params: ZConversationParams, response: { 200: z.object({ conversation: ZConversation }), ...errors } } },
    async (req) => {
      requireAbility(req, 'read', 'Conversation');
      requireClient(req);
      const { events, conversation } = await markRead(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.conversationId);
      emit(events);
      return { conversation };
    },
  );
}
