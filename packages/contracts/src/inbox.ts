import { z } from 'zod';
import { ZCursor, ZIsoTime, ZPaging, ZRowId } from './common.ts';

/**
 * Social inbox: Messenger and Instagram conversations of the client's connected pages
 * (docs/requirements/calls.md#product-calls and "{channel}" calls;
 * docs/requirements/platform-apis.md#messenger-and-instagram-messaging and
 * platform-apis.md#webhooks).
 */
export const CHANNELS = ['messenger', 'instagram'] as const;
export const ZChannel = z.enum(CHANNELS);
export type TChannel = z.infer<typeof ZChannel>;

/** Send API text limit (docs/requirements/platform-apis.md#messenger-and-instagram-messaging). */
export const MESSAGE_TEXT_MAX = 2000;

/** A page (Messenger: Facebook Page; Instagram: the Page-linked professional account). */
/**
 * The page's link to Facebook as the inbox shows it: `token_invalid` Facebook refused
 * the page's token (error 190) and DineDesk stopped calling Facebook for it until it is
 * reconnected; `rate_limited` Facebook is throttling the page (4/17/32/613) and DineDesk resumes
 * by itself; `ok` otherwise. `message` says so in plain words (null when `ok`).
 */
export const ZPageHealth = z.object({
  status: z.enum(['ok', 'rate_limited', 'token_invalid']),
  message: z.string().nullable(),
});
export type TPageHealth = z.infer<typeof ZPageHealth>;

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
  health: ZPageHealth,
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
  /** The guest's app received the page's messages up to this time (Messenger `delivery` webhook). */
  guestDeliveredAt: ZIsoTime.nullable().default(null),
  /** The guest read the page's messages up to this time (`read` / Instagram `messaging_seen`). */
  guestReadAt: ZIsoTime.nullable().default(null),
});
export type TConversation = z.infer<typeof ZConversation>;
export const ZConversationsQuery = z.object({ cursor: ZCursor.optional(), limit: z.coerce.number().int().min(1).max(100).default(25) });
export const ZConversationsResponse = z.object({ data: z.array(ZConversation), paging: ZPaging });
export type TConversationsResponse = z.infer<typeof ZConversationsResponse>;

/**
 * Attachments of a message, one variant per kind Meta sends (Messenger Platform webhook
 * reference "messages" and "message_echoes", Instagram Messaging webhook reference; the table
 * is in docs/decisions/0013-meta-payloads.md). Each variant carries what the web needs to show
 * it. A kind DineDesk does not know (Meta adds some from time to time), Meta's own
 * `unsupported_type`, or a stored attachment that no longer parses is `unsupported`, with the
 * type Meta used in `originalType`: it is stored and shown, never refused.
 */
export const MEDIA_ATTACHMENT_TYPES = ['image', 'video', 'audio', 'file'] as const;
/** Photo, video, voice message or file: `url` is Meta's CDN link (expires after a while). */
export const ZMediaAttachment = z.object({
  type: z.enum(MEDIA_ATTACHMENT_TYPES),
  url: z.string(),
  /** Messenger stickers arrive as images with a `sticker_id`. */
  stickerId: z.string().nullish(),
});
/**
 * Links to something outside the thread: `fallback` (a link the guest shared, with the page
 * title Meta scraped), Instagram `share` (a post), `story_mention` (the guest's story naming
 * the account), `reel` / `ig_reel` (a reel). `url` may be null: Meta sends a bare fallback for
 * unsupported shares.
 */
export const LINK_ATTACHMENT_TYPES = ['fallback', 'share', 'story_mention', 'reel', 'ig_reel'] as const;
export const ZLinkAttachment = z.object({ type: z.enum(LINK_ATTACHMENT_TYPES), url: z.string().nullable(), title: z.string().nullish() });
/**
 * A structured message (generic, button, media, receipt… template), typically the echo of a
 * page's automated send: `title` is the template's text or its first element's title, so it
 * never shows as an empty bubble; `buttons` are the button titles.
 */
export const ZTemplateAttachment = z.object({
  type: z.literal('template'),
  templateType: z.string().nullish(),
  title: z.string(),
  subtitle: z.string().nullish(),
  url: z.string().nullish(),
  imageUrl: z.string().nullish(),
  buttons: z.array(z.string()).default([]),
});
/** A shared location: WGS 84 degrees (`payload.coordinates.lat/long`). */
export const ZLocationAttachment = z.object({ type: z.literal('location'), lat: z.number(), long: z.number(), title: z.string().nullish(), url: z.string().nullish() });
/** Anything else: shown as "unsupported attachment". */
export const ZUnsupportedAttachment = z.object({ type: z.literal('unsupported'), originalType: z.string(), url: z.string().nullish() });
export const ZAttachment = z.discriminatedUnion('type', [ZMediaAttachment, ZLinkAttachment, ZTemplateAttachment, ZLocationAttachment, ZUnsupportedAttachment]);
export type TAttachment = z.infer<typeof ZAttachment>;
export type TAttachmentType = TAttachment['type'];

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
  /** A postback: the guest tapped a button titled `title` (`text` holds the same title). */
  postback: z.object({ title: z.string() }).nullable().default(null),
  /** The guest unsent it (Instagram `message.is_deleted`): text and attachments are gone. */
  deleted: z.boolean().default(false),
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

/** `POST …/conversations/{conversationId}/read` (no body): the conversation with `unreadCount` 0
 * (read state). */
export const ZMarkReadResponse = z.object({ conversation: ZConversation });
export type TMarkReadResponse = z.infer<typeof ZMarkReadResponse>;

export const ZInboxParams = z.object({
  channel: z.string(),
  pageId: z.string().regex(/^\d{1,32}$/, 'pageId must be digits'),
});
export const ZConversationParams = ZInboxParams.extend({ conversationId: ZRowId('conversationId') });
export const ZMessageParams = ZInboxParams.extend({ messageId: ZRowId('messageId') });
export const ZConversationMessageParams = ZConversationParams.extend({ messageId: ZRowId('messageId') });

/** Socket events (server → client), each with a monotonically increasing `eventId` for replay. */
const base = { eventId: z.number().int(), pageId: z.string(), channel: ZChannel, conversationId: z.string() };
export const ZInboxMessageEvent = z.object({ ...base, type: z.literal('message'), message: ZInboxMessage });
export const ZInboxReactionEvent = z.object({ ...base, type: z.literal('reaction'), message: ZInboxMessage });
export const ZInboxConversationEvent = z.object({ ...base, type: z.literal('conversation'), conversation: ZConversation });
export const ZInboxReadEvent = z.object({ ...base, type: z.literal('read'), by: z.enum(['guest', 'page']), watermark: ZIsoTime });
/** The guest's app received the page's messages up to `watermark` (Messenger `delivery`). */
export const ZInboxDeliveryEvent = z.object({ ...base, type: z.literal('delivery'), watermark: ZIsoTime });
export const ZInboxEvent = z.discriminatedUnion('type', [ZInboxMessageEvent, ZInboxReactionEvent, ZInboxConversationEvent, ZInboxReadEvent, ZInboxDeliveryEvent]);
export type TInboxEvent = z.infer<typeof ZInboxEvent>;

// Socket event names, payloads, the replay call, rooms and client settings: realtime.ts.
