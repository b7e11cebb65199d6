/**
 * Messenger and Page-linked Instagram messaging on graph.facebook.com
 * (docs/requirements/platform-apis.md#messenger-and-instagram-messaging and
 * platform-apis.md#webhooks; Graph reference "Conversations API", "Send API",
 * "Page/subscribed_apps").
 *
 *   GET    /{page-id}/conversations?platform=messenger|instagram&user_id=&fields=&limit=&after=
 *   GET    /{conversation-id}[?fields=messages{...}]     UnifiedThread
 *   GET    /{conversation-id}/messages?fields=&limit=&after=   newest first
 *   GET    /{message-id}?fields=id,created_time,from,to{data},message,attachments,reactions,...
 *   POST   /{page-id}/messages, /{ig-user-id}/messages   Send API: messages and sender actions
 *   GET|POST|DELETE /{page-id}/subscribed_apps           webhook subscription of the Page
 *   GET    /{ig-user-id}                                  the linked Instagram account
 *   Page field instagram_business_account{id,username}
 *
 * Access (behaviour 2): every call needs the page token of that very Page (else 210; a thread
 * or message of another Page is 100/33, as for an invisible object). Reading needs the
 * MESSAGING or MODERATE task, sending MESSAGING (else 10). Messenger needs `pages_messaging`,
 * `pages_read_engagement` and `pages_manage_metadata` (else 200); Instagram needs
 * `instagram_basic` and `instagram_manage_messages` (else 10) and `pages_manage_metadata`
 * (else 200). The conversations list is limited to 2 calls per second per Page / IG account
 * (613, with a `messenger`/`instagram` entry in `X-Business-Use-Case-Usage`).
 */
import {
  conversationsRateLimit,
  emptyMessage,
  instagramPermissionDenied,
  invalidParameter,
  messageNoLongerAvailable,
  messageTooLong,
  missingPageTask,
  noMatchingUser,
  outsideWindow,
  pageTokenRequired,
  personUnavailable,
  requiresMessagingPermission,
  unsupportedRequest,
} from '../errors.ts';
import { type FieldSpec, fieldsParam, formatFields, specLimit } from '../fields.ts';
import {
  type Attachment,
  type AttachmentType,
  type Channel,
  type Conversation,
  HUMAN_AGENT_WINDOW_MS,
  type Message,
  STANDARD_WINDOW_MS,
  normaliseReaction,
} from '../inbox.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, paginate, parseLimit } from '../paging.ts';
import type { SimPage } from '../seed.ts';
import { type GraphContext, type GraphModule, graphTime, hasScope, isPageToken, listEdge, managesPage, pageTasksOf, pageUrl } from './core.ts';

/** Send API limit on `message.text`, characters. */
export const MAX_TEXT_LENGTH = 2000;

/** Webhook fields a Page can subscribe an app to (Graph "Webhooks for Pages" field list). */
export const PAGE_WEBHOOK_FIELDS = [
  'feed',
  'messages',
  'messaging_postbacks',
  'messaging_optins',
  'messaging_optouts',
  'messaging_referrals',
  'messaging_handovers',
  'messaging_policy_enforcement',
  'messaging_account_linking',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'message_reactions',
  'message_edits',
  'standby',
  'ratings',
  'mention',
  'name',
  'picture',
  'conversations',
  'inbox_labels',
] as const;

/** Message tags and whether Instagram accepts them (Instagram only has HUMAN_AGENT). */
const MESSAGE_TAGS = ['HUMAN_AGENT', 'CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE'] as const;

const ATTACHMENT_TYPES: readonly AttachmentType[] = ['image', 'video', 'audio', 'file'];

/** A thread participant as Graph shows it: Messenger `{name,email,id}`, Instagram `{username,id}`. */
interface Participant {
  id: string;
  name?: string;
  email?: string;
  username?: string;
}

function guestParticipant(conv: Conversation): Participant {
  const g = conv.guest;
  return conv.channel === 'messenger' ? { name: g.name, email: `${g.id}@facebook.com`, id: g.id } : { username: g.username, id: g.id };
}

function businessParticipant(conv: Conversation): Participant {
  const p = conv.page;
  return conv.channel === 'messenger' ? { name: p.name, email: `${p.id}@facebook.com`, id: p.id } : { username: p.instagramUsername, id: p.instagramUserId };
}

function fromOf(m: Message): Participant {
  return m.from === 'guest' ? guestParticipant(m.conversation) : businessParticipant(m.conversation);
}

function toOf(m: Message): Participant {
  return m.from === 'guest' ? businessParticipant(m.conversation) : guestParticipant(m.conversation);
}

function parsePlatform(raw: string | undefined): Channel {
  const v = (raw ?? '').toLowerCase();
  if (v === '' || v === 'messenger') return 'messenger';
  if (v === 'instagram') return 'instagram';
  throw invalidParameter('Param platform must be one of {MESSENGER, INSTAGRAM}');
}

/**
 * Permission checks shared by every messaging call (see the file comment).
 * @param send true for the Send API (MESSAGING task only); reads also accept MODERATE
 * @throws GraphError 210, 10 or 200
 */
function assertMessagingAccess(ctx: GraphContext, page: SimPage, channel: Channel, send: boolean): void {
  const p = ctx.principal;
  if (p.type !== 'PAGE' || !isPageToken(p, page.id)) throw pageTokenRequired();
  const tasks = pageTasksOf(ctx.sim, p.user.id);
  if (!(tasks.includes('MESSAGING') || (!send && tasks.includes('MODERATE')))) throw missingPageTask('MESSAGING');
  const pageScopes = channel === 'messenger' ? ['pages_messaging', 'pages_read_engagement', 'pages_manage_metadata'] : ['pages_manage_metadata'];
  for (const scope of pageScopes) if (!hasScope(p, scope)) throw requiresMessagingPermission(scope);
  if (channel === 'instagram') {
    for (const scope of ['instagram_basic', 'instagram_manage_messages']) if (!hasScope(p, scope)) throw instagramPermissionDenied(scope);
  }
}

/** Threads and messages are visible only to their Page's token (others: 100/33). */
function assertCanReadThread(ctx: GraphContext, conv: Conversation, objectId: string): void {
  if (!isPageToken(ctx.principal, conv.page.id)) throw unsupportedRequest(ctx.method, objectId);
  assertMessagingAccess(ctx, conv.page, conv.channel, false);
}

/**
 * The thread's messages newest first, one page of them projected. Messages outside the 20
 * most recent keep only `id` and `created_time`: Meta lists every message but gives details
 * for the 20 most recent only (docs/requirements/platform-apis.md#messages); the simulator's
 * reading of that rule for lists.
 */
function messagesList(
  ctx: GraphContext,
  conv: Conversation,
  specs: FieldSpec[] | undefined,
  limit: number,
  query: Record<string, string>,
  cursors: { after?: string | undefined; before?: string | undefined },
): { data: Record<string, unknown>[]; paging?: object } {
  const { nodes, inbox } = ctx.sim;
  const selection = nodes.select('Message', specs);
  const bare = selection.filter((s) => s.name === 'id' || s.name === 'created_time');
  const items = [...conv.messages].reverse();
  const page = paginate(items, (m) => m.id, {
    limit,
    ...cursors,
    urlFor: (param, cursor) => pageUrl(ctx, `${conv.id}/messages`, query, param, cursor),
  });
  return {
    data: page.items.map((m) => nodes.project('Message', m, inbox.hasDetails(m) ? selection : bare, ctx)),
    ...(page.paging ? { paging: page.paging } : {}),
  };
}

function snippetOf(m: Message | undefined): string {
  if (!m) return '';
  if (m.text) return m.text.length > 100 ? `${m.text.slice(0, 100)}…` : m.text;
  const who = m.from === 'page' ? 'You' : (m.conversation.guest.name.split(' ')[0] ?? 'They');
  const what = m.attachments[0]?.type === 'image' ? 'a photo' : 'an attachment';
  return `${who} sent ${what}.`;
}

const isMedia = (a: Attachment): boolean => (ATTACHMENT_TYPES as readonly string[]).includes(a.type);

/** The file name Graph shows: the URL's last path segment. */
function attachmentName(a: Attachment): string {
  try {
    return decodeURIComponent(new URL(a.url).pathname.split('/').pop() || `attachment-${a.id}`);
  } catch {
    return `attachment-${a.id}`;
  }
}

function mimeOf(a: Attachment): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(a.url)?.[1]?.toLowerCase();
  if (a.type === 'image') return ext === 'png' ? 'image/png' : ext === 'gif' ? 'image/gif' : 'image/jpeg';
  if (a.type === 'video') return 'video/mp4';
  if (a.type === 'audio') return 'audio/mpeg';
  return ext === 'pdf' ? 'application/pdf' : 'application/octet-stream';
}

function parseJsonParam(ctx: GraphContext, name: string): Record<string, unknown> | undefined {
  const raw = ctx.params[name];
  if (raw === undefined || raw === '') return undefined;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw invalidParameter(`param ${name} must be a JSON object`);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw invalidParameter(`param ${name} must be a JSON object`);
  return v as Record<string, unknown>;
}

/** The message content of a Send API call. @throws GraphError 100 for every malformed part */
function parseOutgoing(ctx: GraphContext): { text: string; attachments: { type: AttachmentType; url: string }[]; reusable: boolean } {
  const message = parseJsonParam(ctx, 'message');
  if (!message) throw emptyMessage();
  const text = typeof message.text === 'string' ? message.text : '';
  if (message.text !== undefined && typeof message.text !== 'string') throw invalidParameter('param message[text] must be a string');
  const attachments: { type: AttachmentType; url: string }[] = [];
  let reusable = false;
  if (message.attachment !== undefined) {
    const a = message.attachment as Record<string, unknown> | null;
    if (!a || typeof a !== 'object') throw invalidParameter('param message[attachment] must be an object');
    if (!ATTACHMENT_TYPES.includes(a.type as AttachmentType)) throw invalidParameter('param message[attachment][type] must be one of {image, video, audio, file}');
    const payload = (a.payload ?? {}) as Record<string, unknown>;
    const url = payload.url;
    if (typeof url !== 'string' || !/^https?:\/\/\S+$/i.test(url)) throw invalidParameter('param message[attachment][payload][url] must be a valid http(s) URL');
    reusable = payload.is_reusable === true || payload.is_reusable === 'true';
    attachments.push({ type: a.type as AttachmentType, url });
  }
  if (text.trim() === '' && attachments.length === 0) throw emptyMessage();
  if (text && attachments.length) throw invalidParameter('param message must contain either text or attachment, not both');
  if ([...text].length > MAX_TEXT_LENGTH) throw messageTooLong(MAX_TEXT_LENGTH);
  return { text, attachments, reusable };
}

/**
 * Window rule (docs/requirements/platform-apis.md#window, behaviour 3): RESPONSE/UPDATE within
 * 24 h of the guest's last message; MESSAGE_TAG + HUMAN_AGENT within 7 days; Messenger's other
 * tags have no window; Instagram accepts only HUMAN_AGENT.
 * @throws GraphError 100 for bad messaging_type/tag, 10/2018278 outside the window
 */
function assertWindow(ctx: GraphContext, conv: Conversation): void {
  const type = (ctx.params.messaging_type ?? 'RESPONSE').toUpperCase();
  if (!['RESPONSE', 'UPDATE', 'MESSAGE_TAG'].includes(type)) throw invalidParameter('param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}');
  const tag = ctx.params.tag?.toUpperCase();
  let window = STANDARD_WINDOW_MS;
  if (type === 'MESSAGE_TAG') {
    if (!tag) throw invalidParameter('param tag is required when messaging_type is MESSAGE_TAG');
    if (!(MESSAGE_TAGS as readonly string[]).includes(tag)) throw invalidParameter(`param tag must be one of {${MESSAGE_TAGS.join(', ')}}`);
    if (conv.channel === 'instagram' && tag !== 'HUMAN_AGENT') throw invalidParameter('Instagram messaging only supports the HUMAN_AGENT tag');
    if (tag !== 'HUMAN_AGENT') return;
    window = HUMAN_AGENT_WINDOW_MS;
  }
  const last = ctx.sim.inbox.lastGuestMessageAt(conv);
  if (last === null || ctx.sim.now().getTime() - last > window) throw outsideWindow();
}

/**
 * `POST /{page-id}/messages` and `POST /{ig-user-id}/messages` (Send API).
 * @param only restricts recipients to one channel (`/{ig-user-id}/messages`: Instagram)
 * @returns `{recipient_id, message_id}` (plus `attachment_id` for reusable attachments), or
 *   `{recipient_id}` for sender actions
 */
function send(ctx: GraphContext, page: SimPage, only?: Channel): Record<string, string> {
  const p = ctx.principal;
  if (p.type !== 'PAGE' || !isPageToken(p, page.id)) throw pageTokenRequired();
  const recipient = parseJsonParam(ctx, 'recipient');
  const recipientId = recipient?.id;
  if (typeof recipientId !== 'string' && typeof recipientId !== 'number') throw invalidParameter('param recipient[id] must be non-empty');
  const guest = ctx.sim.inbox.guest(String(recipientId));
  if (!guest || guest.pageId !== page.id || (only && guest.channel !== only)) throw noMatchingUser();
  const conv = ctx.sim.inbox.conversationWith(page.id, guest.channel, guest.id);
  if (!conv) throw noMatchingUser();
  assertMessagingAccess(ctx, page, conv.channel, true);
  const now = ctx.sim.now().getTime();

  const action = ctx.params.sender_action;
  if (action !== undefined) {
    if (ctx.params.message !== undefined) throw invalidParameter('Only one of message or sender_action may be set');
    if (ctx.sim.inbox.isBlocked(guest)) throw personUnavailable();
    senderAction(ctx, conv, action, now);
    return { recipient_id: guest.id };
  }

  const content = parseOutgoing(ctx);
  if (ctx.sim.inbox.isBlocked(guest)) throw personUnavailable();
  assertWindow(ctx, conv);
  const m = ctx.sim.inbox.addMessage(conv, 'page', { text: content.text, attachments: content.attachments }, now);
  return { recipient_id: guest.id, message_id: m.id, ...(content.reusable && m.attachments[0] ? { attachment_id: m.attachments[0].id } : {}) };
}

/** `sender_action`: react/unreact (stored on the message), mark_seen, typing_on/off. */
function senderAction(ctx: GraphContext, conv: Conversation, action: string, now: number): void {
  const { inbox } = ctx.sim;
  if (action === 'mark_seen') return inbox.markPageRead(conv, now);
  if (action === 'typing_on' || action === 'typing_off') return;
  if (action !== 'react' && action !== 'unreact') throw invalidParameter('param sender_action must be one of {typing_on, typing_off, mark_seen, react, unreact}');
  const payload = parseJsonParam(ctx, 'payload');
  const mid = payload?.message_id;
  if (typeof mid !== 'string') throw invalidParameter('param payload[message_id] is required');
  const message = inbox.message(mid);
  if (!message || message.conversation !== conv) throw invalidParameter('param payload[message_id] is not a message of this conversation');
  if (action === 'unreact') {
    inbox.react(message, 'page', null, now);
    return;
  }
  const reaction = typeof payload?.reaction === 'string' ? normaliseReaction(payload.reaction) : null;
  if (!reaction) throw invalidParameter('param payload[reaction] is required');
  // Third-party sources say Instagram accepts only "love"
  // (docs/requirements/platform-apis.md#messenger-and-instagram-messaging, unverified).
  if (conv.channel === 'instagram' && reaction.reaction !== 'love') throw invalidParameter('Instagram messaging only supports the love reaction');
  inbox.react(message, 'page', reaction, now);
}

/** `subscribed_fields` as a comma list or a JSON array. @throws GraphError 100 */
function parseSubscribedFields(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') throw invalidParameter('The parameter subscribed_fields is required.');
  let list: unknown = raw.split(',').map((s) => s.trim());
  if (raw.trim().startsWith('[')) {
    try {
      list = JSON.parse(raw);
    } catch {
      throw invalidParameter('Param subscribed_fields must be a list of strings');
    }
  }
  if (!Array.isArray(list) || !list.every((f) => typeof f === 'string')) throw invalidParameter('Param subscribed_fields must be a list of strings');
  const fields = [...new Set((list as string[]).filter((f) => f !== ''))];
  fields.forEach((f, i) => {
    if (!(PAGE_WEBHOOK_FIELDS as readonly string[]).includes(f)) {
      throw invalidParameter(`Param subscribed_fields[${i}] must be one of {${PAGE_WEBHOOK_FIELDS.join(', ')}} - got "${f}"`);
    }
  });
  if (!fields.length) throw invalidParameter('The parameter subscribed_fields is required.');
  return fields;
}

function assertCanManageSubscription(ctx: GraphContext, page: SimPage): void {
  if (!isPageToken(ctx.principal, page.id)) throw pageTokenRequired();
  if (!hasScope(ctx.principal, 'pages_manage_metadata')) throw requiresMessagingPermission('pages_manage_metadata');
}

/** Module: InstagramUser, UnifiedThread, Message and their participants/attachments. */
export const messagingModule: GraphModule = {
  registerNodes(nodes) {
    nodes.define<SimPage>('InstagramUser', {
      name: 'IGUser',
      hasId: true,
      defaultFields: 'id',
      fields: {
        id: { get: (p) => p.instagramUserId },
        username: { get: (p) => p.instagramUsername },
        name: { get: (p) => p.name },
      },
    });
    nodes.extend<SimPage>('Page', {
      // The linked Instagram professional account; shown to tokens acting for the Page.
      instagram_business_account: { node: 'InstagramUser', get: (p, _s, ctx) => (managesPage(ctx.principal, p.id) ? p : undefined) },
    });
    nodes.define<Participant>('Participant', {
      name: 'User',
      hasId: true,
      // Unset members are left out: Messenger answers {name,email,id}, Instagram {username,id}.
      defaultFields: 'name,email,username,id',
      fields: {
        id: { get: (x) => x.id },
        name: { get: (x) => x.name },
        email: { get: (x) => x.email },
        username: { get: (x) => x.username },
      },
    });
    nodes.define<Participant[]>('ParticipantList', {
      name: 'ParticipantList',
      hasId: false,
      defaultFields: 'data',
      fields: {
        data: {
          edgeOf: 'Participant',
          get: (list, spec, ctx) => {
            const sel = ctx.sim.nodes.select('Participant', spec.fields);
            return list.map((x) => ctx.sim.nodes.project('Participant', x, sel, ctx));
          },
        },
      },
    });
    nodes.define<Attachment>('MessageAttachment', {
      name: 'MessageAttachment',
      hasId: true,
      defaultFields: 'id,mime_type,name,size,image_data,video_data,file_url',
      fields: {
        id: { get: (a) => a.id },
        mime_type: { get: (a) => mimeOf(a) },
        name: { get: (a) => attachmentName(a) },
        // Byte size is unknown for a URL the simulator never fetched; Graph omits unknown values.
        size: { get: () => undefined },
        image_data: {
          get: (a) =>
            a.type === 'image'
              ? { width: 1080, height: 1080, max_width: 1080, max_height: 1080, url: a.url, preview_url: a.url, image_type: 1, render_as_sticker: false }
              : undefined,
        },
        video_data: { get: (a) => (a.type === 'video' ? { width: 1280, height: 720, length: 0, url: a.url, preview_url: a.url } : undefined) },
        file_url: { get: (a) => (a.type === 'file' || a.type === 'audio' ? a.url : undefined) },
      },
    });
    nodes.define<Message>('Message', {
      name: 'Message',
      hasId: true,
      defaultFields: 'id,created_time',
      fields: {
        id: { get: (m) => m.id },
        created_time: { get: (m) => graphTime(new Date(m.createdAt)) },
        from: { node: 'Participant', get: (m) => fromOf(m) },
        to: { node: 'ParticipantList', get: (m) => [toOf(m)] },
        // An unsent message keeps its place in the thread without its content.
        message: { get: (m) => (m.deletedAt !== undefined ? '' : m.text) },
        attachments: {
          edgeOf: 'MessageAttachment',
          get: (m, spec, ctx) => {
            // Graph details only media as MessageAttachment; shares, stories and the rest are
            // other fields of the message (or not readable at all: `is_unsupported`).
            const media = m.deletedAt !== undefined ? [] : m.attachments.filter(isMedia);
            if (!media.length) return undefined;
            const sel = ctx.sim.nodes.select('MessageAttachment', spec.fields);
            return { data: media.map((a) => ctx.sim.nodes.project('MessageAttachment', a, sel, ctx)) };
          },
        },
        // One reaction per person: grouped by emoji with who reacted.
        reactions: {
          get: (m) => {
            const groups = new Map<string, Participant[]>();
            for (const side of ['guest', 'page'] as const) {
              const r = m.reactions[side];
              if (!r) continue;
              const who = side === 'guest' ? guestParticipant(m.conversation) : businessParticipant(m.conversation);
              groups.set(r.emoji, [...(groups.get(r.emoji) ?? []), who]);
            }
            return { data: [...groups.entries()].map(([reaction, users]) => ({ reaction, users })) };
          },
        },
        is_unsupported: { get: (m) => m.deletedAt === undefined && !m.text && m.attachments.length > 0 && !m.attachments.some(isMedia) },
        // Not produced by the simulator (no shares, stories, stickers or replies); Graph omits them.
        shares: { get: () => undefined },
        story: { get: () => undefined },
        sticker: { get: () => undefined },
        reply_to: { get: () => undefined },
        tags: { get: () => undefined },
      },
    });
    nodes.define<Conversation>('Conversation', {
      name: 'UnifiedThread',
      hasId: true,
      defaultFields: 'id,updated_time',
      fields: {
        id: { get: (c) => c.id },
        updated_time: { get: (c) => graphTime(new Date(c.messages[c.messages.length - 1]?.createdAt ?? c.createdAt)) },
        participants: { node: 'ParticipantList', get: (c) => [guestParticipant(c), businessParticipant(c)] },
        senders: { node: 'ParticipantList', get: (c) => [guestParticipant(c), businessParticipant(c)] },
        messages: {
          edgeOf: 'Message',
          get: (c, spec, ctx) => {
            const limit = Math.min(specLimit(spec) ?? DEFAULT_LIMIT, MAX_LIMIT);
            const query: Record<string, string> = { limit: String(limit) };
            if (spec.fields) query.fields = formatFields(spec.fields);
            return messagesList(ctx, c, spec.fields, limit, query, {});
          },
        },
        unread_count: { get: (c, _s, ctx) => ctx.sim.inbox.unreadCount(c) },
        message_count: { get: (c) => c.messages.length },
        snippet: { get: (c) => snippetOf(c.messages[c.messages.length - 1]) },
        // Whether the Page can still answer at all: not blocked and within the 7-day HUMAN_AGENT window.
        can_reply: {
          get: (c, _s, ctx) => {
            const last = ctx.sim.inbox.lastGuestMessageAt(c);
            return !ctx.sim.inbox.isBlocked(c.guest) && last !== null && ctx.sim.now().getTime() - last <= HUMAN_AGENT_WINDOW_MS;
          },
        },
        link: { get: (c) => (c.channel === 'messenger' ? `/${c.page.id}/inbox/${c.id.slice(2)}/` : undefined) },
      },
    });
  },

  resolve(id, sim) {
    const pageId = sim.seed.pageByIgUser.get(id);
    if (pageId) {
      const page = sim.seed.pages.get(pageId);
      if (page) return { kind: 'InstagramUser', id, page };
    }
    const conversation = sim.inbox.conversation(id);
    if (conversation) return { kind: 'Conversation', id, conversation };
    const message = sim.inbox.message(id);
    if (message) return { kind: 'Message', id, message };
    return undefined;
  },

  routes: [
    {
      kind: 'Page',
      method: 'GET',
      edge: 'conversations',
      handle(ctx, node) {
        const channel = parsePlatform(ctx.params.platform);
        // Throttling happens before anything else, as at Meta's edge; it is per Page / IG account.
        const bucketId = channel === 'messenger' ? node.page.id : node.page.instagramUserId;
        const rate = ctx.sim.conversationsLimiter.hit(`${channel}:${bucketId}`);
        if (ctx.sim.conversationsLimiter.perSecond !== null) {
          ctx.addBusinessUsage(bucketId, {
            type: channel,
            call_count: rate.percent,
            total_cputime: rate.percent,
            total_time: rate.percent,
            estimated_time_to_regain_access: rate.throttled ? 1 : 0,
          });
        }
        if (rate.throttled) throw conversationsRateLimit();
        assertMessagingAccess(ctx, node.page, channel, false);
        let items = ctx.sim.inbox.conversationsOf(node.page.id, channel);
        const userId = ctx.params.user_id;
        if (userId) items = items.filter((c) => c.guest.id === userId);
        return listEdge(ctx, {
          kind: 'Conversation',
          items,
          keyOf: (c) => c.id,
          specs: fieldsParam(ctx.params.fields),
          limit: parseLimit(ctx.params.limit),
          after: ctx.params.after,
          before: ctx.params.before,
          path: `${node.page.id}/conversations`,
          query: ctx.params,
        });
      },
    },
    {
      kind: 'Conversation',
      method: 'GET',
      edge: '',
      handle(ctx, node) {
        assertCanReadThread(ctx, node.conversation, node.id);
        return ctx.sim.nodes.project('Conversation', node.conversation, ctx.sim.nodes.select('Conversation', fieldsParam(ctx.params.fields)), ctx);
      },
    },
    {
      kind: 'Conversation',
      method: 'GET',
      edge: 'messages',
      handle(ctx, node) {
        assertCanReadThread(ctx, node.conversation, node.id);
        return messagesList(ctx, node.conversation, fieldsParam(ctx.params.fields), parseLimit(ctx.params.limit), ctx.params, {
          after: ctx.params.after,
          before: ctx.params.before,
        });
      },
    },
    {
      kind: 'Message',
      method: 'GET',
      edge: '',
      handle(ctx, node) {
        assertCanReadThread(ctx, node.message.conversation, node.id);
        if (!ctx.sim.inbox.hasDetails(node.message)) throw messageNoLongerAvailable();
        return ctx.sim.nodes.project('Message', node.message, ctx.sim.nodes.select('Message', fieldsParam(ctx.params.fields)), ctx);
      },
    },
    { kind: 'Page', method: 'POST', edge: 'messages', handle: (ctx, node) => send(ctx, node.page) },
    { kind: 'InstagramUser', method: 'POST', edge: 'messages', handle: (ctx, node) => send(ctx, node.page, 'instagram') },
    {
      kind: 'InstagramUser',
      method: 'GET',
      edge: '',
      handle(ctx, node) {
        if (!managesPage(ctx.principal, node.page.id)) throw unsupportedRequest(ctx.method, node.id);
        return ctx.sim.nodes.project('InstagramUser', node.page, ctx.sim.nodes.select('InstagramUser', fieldsParam(ctx.params.fields)), ctx);
      },
    },
    {
      kind: 'Page',
      method: 'GET',
      edge: 'subscribed_apps',
      handle(ctx, node) {
        if (!isPageToken(ctx.principal, node.page.id)) throw pageTokenRequired();
        const fields = ctx.sim.inbox.subscription(node.page.id);
        const { app } = ctx.sim;
        return { data: fields ? [{ category: 'Business', link: `https://www.facebook.com/games/?app_id=${app.id}`, name: app.name, id: app.id, subscribed_fields: [...fields] }] : [] };
      },
    },
    {
      kind: 'Page',
      method: 'POST',
      edge: 'subscribed_apps',
      handle(ctx, node) {
        assertCanManageSubscription(ctx, node.page);
        const fields = parseSubscribedFields(ctx.params.subscribed_fields);
        ctx.sim.inbox.subscribe(node.page.id, fields);
        // Meta verifies the callback when subscriptions are set up; the simulator does so lazily.
        ctx.sim.webhooks.ensureVerified();
        return { success: true };
      },
    },
    {
      kind: 'Page',
      method: 'DELETE',
      edge: 'subscribed_apps',
      handle(ctx, node) {
        assertCanManageSubscription(ctx, node.page);
        ctx.sim.inbox.unsubscribe(node.page.id);
        return { success: true };
      },
    },
  ],
};
