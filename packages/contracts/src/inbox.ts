import { z } from 'zod';
import { ZCursor, ZIsoTime, ZPaging } from './common.ts';

/**
 * Social inbox: Messenger and Instagram conversations of the client's connected pages
 * (spec §7 "messenger" and "{channel}" calls; external-apis.md §3–4; issue #3).
 */
export const CHANNELS = ['messenger', 'instagram'] as const;
export const ZChannel = z.enum(CHANNELS);
export type TChannel = z.infer<typeof ZChannel>;

/** Send API text limit (external-apis.md §3). */
export const MESSAGE_TEXT_MAX = 2000;

/** A page (Messenger: Facebook Page; Instagram: the Page-linked professional account). */
export const ZInboxPage = z.object({
  /** Facebook Page id (messenger) or Instagram account id (instagram): the `{pageId}` of the calls. */
  id: z.string(),
  channel: ZChannel,
  name: z.string(),
  /** Instagram username, null for Messenger. */
  username: z.string().nullable(),
  facebookPageId: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  brandName: z.string(),
  unreadCount: z.number().int(),
  conversationCount: z.number().int(),
  connected: z.boolean(),
});
export type TInboxPage = z.infer<typeof ZInboxPage>;
export const ZInboxPagesResponse = z.object({ data: z.array(ZInboxPage) });
export type TInboxPagesResponse = z.infer<typeof ZInboxPagesResponse>;

/**
 * The messaging window of a conversation: `standard` within 24 h of the guest's last message,
 * `human_agent` up to 7 days (replies go out with the HUMAN_AGENT tag), `closed` after that.
 */
export const ZReplyWindow = z.object({
  state: z.enum(['standard', 'human_agent', 'closed']),
  /** When the current state ends (null when closed). */
  endsAt: ZIsoTime.nullable(),
  lastGuestMessageAt: ZIsoTime.nullable(),
});
export type TReplyWindow = z.infer<typeof ZReplyWindow>;

export const ZGuest = z.object({
  /** PSID (Messenger) or IGSID (Instagram). */
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
});

export const ZConversation = z.object({
  id: z.string(),
  channel: ZChannel,
  pageId: z.string(),
  guest: ZGuest,
  snippet: z.string(),
  updatedTime: ZIsoTime,
  unreadCount: z.number().int(),
  messageCount: z.number().int(),
  window: ZReplyWindow,
});
export type TConversation = z.infer<typeof ZConversation>;
export const ZConversationsQuery = z.object({ cursor: ZCursor.optional(), limit: z.coerce.number().int().min(1).max(100).default(25) });
export const ZConversationsResponse = z.object({ data: z.array(ZConversation), paging: ZPaging });
export type TConversationsResponse = z.infer<typeof ZConversationsResponse>;

export const ZAttachment = z.object({ type: z.enum(['image', 'video', 'audio', 'file']), url: z.string() });
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZInboxMessage = z.object({
  id: z.string(),
  /** Meta message id (`mid`). */
  mid: z.string(),
  conversationId: z.string(),
  pageId: z.string(),
  channel: ZChannel,
  /** `guest` for inbound, `page` for the page's own sends (from DineDesk or elsewhere). */
  direction: z.enum(['guest', 'page']),
  text: z.string().nullable(),
  attachments: z.array(ZAttachment),
  createdTime: ZIsoTime,
  /** Reactions on this message: the page's and the guest's, each one emoji/reaction or null. */
  reactions: z.object({ page: z.string().nullable(), guest: z.string().nullable() }),
  /** The DineDesk user who sent it, when sent through DineDesk. */
  sentBy: z.string().nullable(),
  /** Sent with the HUMAN_AGENT tag (24 h – 7 d window). */
  humanAgentTag: z.boolean(),
});
export type TInboxMessage = z.infer<typeof ZInboxMessage>;
export const ZMessagesQuery = ZConversationsQuery;
export const ZMessagesResponse = z.object({ data: z.array(ZInboxMessage), paging: ZPaging, conversation: ZConversation });
export type TMessagesResponse = z.infer<typeof ZMessagesResponse>;
export const ZMessageResponse = z.object({ message: ZInboxMessage });

export const ZSendMessageRequest = z
  .object({
    text: z.string().trim().max(MESSAGE_TEXT_MAX, `text must be at most ${MESSAGE_TEXT_MAX} characters`).optional(),
    imageUrl: z.url({ protocol: /^https?$/, error: 'imageUrl must be an http(s) URL' }).max(2048).optional(),
  })
  .refine((b) => Boolean(b.text) || Boolean(b.imageUrl), { message: 'text must not be empty (or send an imageUrl)', path: ['text'] });
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;
export const ZSendMessageResponse = z.object({ message: ZInboxMessage, conversation: ZConversation });
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;

/** A reaction, or null to remove the page's reaction (Send API `sender_action: react|unreact`). */
export const ZReactRequest = z.object({ reaction: z.string().trim().min(1).max(32).nullable() });
export type TReactRequest = z.infer<typeof ZReactRequest>;
export const ZReactResponse = z.object({ message: ZInboxMessage });

export const ZInboxParams = z.object({
  channel: z.string(),
  pageId: z.string().regex(/^\d{1,32}$/, 'pageId must be digits'),
});
export const ZConversationParams = ZInboxParams.extend({ conversationId: z.string().regex(/^\d{1,18}$/, 'conversationId must be digits') });
export const ZMessageParams = ZInboxParams.extend({ messageId: z.string().regex(/^\d{1,18}$/, 'messageId must be digits') });
export const ZConversationMessageParams = ZConversationParams.extend({ messageId: z.string().regex(/^\d{1,18}$/, 'messageId must be digits') });

/** Socket events (server → client), each with a monotonically increasing `eventId` for replay. */
const base = { eventId: z.number().int(), pageId: z.string(), channel: ZChannel, conversationId: z.string() };
export const ZInboxMessageEvent = z.object({ ...base, type: z.literal('message'), message: ZInboxMessage });
export const ZInboxReactionEvent = z.object({ ...base, type: z.literal('reaction'), message: ZInboxMessage });
export const ZInboxConversationEvent = z.object({ ...base, type: z.literal('conversation'), conversation: ZConversation });
export const ZInboxReadEvent = z.object({ ...base, type: z.literal('read'), by: z.enum(['guest', 'page']), watermark: ZIsoTime });
export const ZInboxEvent = z.discriminatedUnion('type', [ZInboxMessageEvent, ZInboxReactionEvent, ZInboxConversationEvent, ZInboxReadEvent]);
export type TInboxEvent = z.infer<typeof ZInboxEvent>;

/** Socket event names and payloads (socket.io at /api/socket.io, spec §7). */
export const SOCKET_EVENTS = {
  /** server → client: one inbox event (`TInboxEvent`). */
  inboxEvent: 'inbox:event',
  /** client → server: replay events after `afterEventId` (ack: `{events, complete}`). */
  inboxReplay: 'inbox:replay',
  /** server → client: the rooms were recomputed (access changed). */
  accessChanged: 'access:changed',
} as const;
export const ZReplayRequest = z.object({ afterEventId: z.number().int().min(0) });
export const ZReplayAck = z.object({ events: z.array(ZInboxEvent), complete: z.boolean() });
export type TReplayAck = z.infer<typeof ZReplayAck>;

/** Socket client settings of spec §9. */
export const SOCKET_CLIENT_OPTIONS = {
  path: '/api/socket.io',
  transports: ['websocket', 'polling'],
  withCredentials: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: 10,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
} as const;
