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
  ZMarkReadResponse,
} from '@dinedesk/contracts';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.ts';
import { getMessage, listAccounts, listConversations, listMessages, markRead, parseChannel, react, sendMessage } from './inbox.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['inbox'];
const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().min(1).max(255).regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII').optional(),
});

/** Social inbox calls in docs/requirements/calls.md (`messenger` pages and `{channel}`
 * conversations). */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(INBOX.messengerPages, { config: { need: { action: 'read', subject: 'Conversation', scope: 'client' } }, schema: { tags, security, summary: 'Facebook Pages of the client with Messenger unread counts', response: { 200: ZInboxPagesResponse, ...errors } } }, async (req) => {
    return { data: await listAccounts(ctx, req.auth, 'messenger') };
  });
  r.get(INBOX.instagramPages, { config: { need: { action: 'read', subject: 'Conversation', scope: 'client' } }, schema: { tags, security, summary: 'Instagram accounts of the client’s pages with unread counts', response: { 200: ZInboxPagesResponse, ...errors } } }, async (req) => {
    return { data: await listAccounts(ctx, req.auth, 'instagram') };
  });

  r.get(
    INBOX.conversations(':channel', ':pageId'),
    { config: { need: { action: 'read', subject: 'Conversation', scope: 'outlet' } }, serializerCompiler: compiledSerializerCompiler, schema: { tags, security, summary: 'Conversations of a page, most recent first (keyset paging)', params: ZInboxParams, querystring: ZConversationsQuery, response: { 200: ZConversationsResponse, ...errors } } },
    async (req) => {
      return listConversations(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.query, req.log);
    },
  );
  r.get(
    INBOX.messages(':channel', ':pageId', ':conversationId'),
    { config: { need: { action: 'read', subject: 'Conversation', scope: 'outlet' } }, serializerCompiler: compiledSerializerCompiler, schema: { tags, security, summary: 'Messages of a conversation, newest first (keyset paging)', params: ZConversationParams, querystring: ZMessagesQuery, response: { 200: ZMessagesResponse, ...errors } } },
    async (req) => {
      return listMessages(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.conversationId, req.query, req.log);
    },
  );
  r.get(
    INBOX.message(':channel', ':pageId', ':messageId'),
    { config: { need: { action: 'read', subject: 'Conversation', scope: 'outlet' } }, schema: { tags, security, summary: 'One message', params: ZMessageParams, response: { 200: ZMessageResponse, ...errors } } },
    async (req) => {
      return { message: await getMessage(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.messageId, req.log) };
    },
  );
  r.post(
    INBOX.messages(':channel', ':pageId', ':conversationId'),
    {
      config: { need: { action: 'create', subject: 'Message', scope: 'outlet' } },
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
      return sendMessage(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.conversationId, req.body, req.headers['idempotency-key']);
    },
  );
  r.post(
    INBOX.react(':channel', ':pageId', ':conversationId', ':messageId'),
    { config: { need: { action: 'create', subject: 'Message', scope: 'outlet' } }, schema: { tags, security, summary: 'React to a message as the page, or remove the reaction (reaction: null)', params: ZConversationMessageParams, body: ZReactRequest, response: { 200: ZReactResponse, ...errors, 409: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse } } },
    async (req) => {
      return react(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.conversationId, req.params.messageId, req.body.reaction);
    },
  );
  r.post(
    INBOX.read(':channel', ':pageId', ':conversationId'),
    { config: { need: { action: 'read', subject: 'Conversation', scope: 'outlet' } }, schema: { tags, security, summary: 'Mark a conversation read by the staff', params: ZConversationParams, response: { 200: ZMarkReadResponse, ...errors } } },
    async (req) => {
      return markRead(ctx, req.auth, parseChannel(req.params.channel), req.params.pageId, req.params.conversationId);
    },
  );
}
