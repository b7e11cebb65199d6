/**
 * Turns inbox changes into Meta messaging webhook events and decides which are delivered
 * (docs/requirements/platform-apis.md#messaging-envelope, behaviour 6).
 *
 * Gating: nothing is sent for a Page without `subscribed_apps`. Messenger events need the
 * Page field that carries them: guest messages `messages`, echoes of Page sends
 * `message_echoes`, reactions `message_reactions`, reads `message_reads`, deliveries
 * `message_deliveries`, postbacks `messaging_postbacks`. Instagram events need the Page
 * subscribed (any field) and the field on the app's `instagram` webhook object
 * (`WebhookConfig.instagramFields`): messages, echoes and unsends `messages` (Instagram has no
 * separate echo field), reactions `message_reactions`, reads `messaging_seen`, postbacks
 * `messaging_postbacks`; Instagram has no delivery event.
 *
 * Shapes: `{sender:{id}, recipient:{id}, timestamp:ms, message|postback|reaction|read|delivery}`;
 * ids are the PSID and Page id on Messenger, the IGSID and Instagram account id on Instagram.
 * Attachments are `{type, payload}` with the payload each type has (`{url}` for media,
 * `{url,title}` for fallback, `{coordinates:{lat,long}}` for location, the template for
 * template echoes, none for `unsupported_type`). An unsend is `message:{mid, is_deleted:true}`.
 */
import type { Conversation, Inbox, InboxEvent, Message } from './inbox.ts';
import type { WebhookDispatcher, WebhookEvent } from './webhooks.ts';

/** The webhook field that carries an event, per channel (see the file comment). */
export function webhookFieldFor(e: InboxEvent): { messenger: string; instagram: string | null } {
  if (e.type === 'message') {
    if (e.message.postback) return { messenger: 'messaging_postbacks', instagram: 'messaging_postbacks' };
    return e.message.from === 'page' ? { messenger: 'message_echoes', instagram: 'messages' } : { messenger: 'messages', instagram: 'messages' };
  }
  if (e.type === 'unsend') return { messenger: 'messages', instagram: 'messages' };
  if (e.type === 'reaction') return { messenger: 'message_reactions', instagram: 'message_reactions' };
  if (e.type === 'delivery') return { messenger: 'message_deliveries', instagram: null };
  return { messenger: 'message_reads', instagram: 'messaging_seen' };
}

function businessId(conv: Conversation): string {
  return conv.channel === 'messenger' ? conv.page.id : conv.page.instagramUserId;
}

function messageBody(m: Message, appId: string): Record<string, unknown> {
  const echo = m.from === 'page';
  const body: Record<string, unknown> = {};
  if (echo) {
    body.is_echo = true;
    // Messenger echoes name the app that sent them (a number in Meta's payload).
    if (m.conversation.channel === 'messenger') body.app_id = Number(appId);
  }
  body.mid = m.id;
  if (m.text) body.text = m.text;
  if (m.attachments.length) {
    body.attachments = m.attachments.map((a) => (a.payload === null ? { type: a.type, payload: null } : { type: a.type, payload: a.payload ?? { url: a.url } }));
  }
  return body;
}

/**
 * The webhook event for an inbox change, or null when the Page's (or app's) subscription does
 * not cover it.
 * @param instagramFields the app's `instagram` object fields (`WebhookConfig.instagramFields`)
 */
export function toWebhookEvent(e: InboxEvent, inbox: Inbox, instagramFields: readonly string[], appId: string): WebhookEvent | null {
  const conv = e.type === 'read' || e.type === 'delivery' ? e.conversation : e.message.conversation;
  const subscribed = inbox.subscription(conv.page.id);
  if (!subscribed) return null;
  const field = webhookFieldFor(e)[conv.channel];
  if (field === null) return null;
  if (conv.channel === 'messenger' ? !subscribed.includes(field) : !instagramFields.includes(field)) return null;

  const biz = businessId(conv);
  const guest = conv.guest.id;
  const object = conv.channel === 'messenger' ? 'page' : 'instagram';
  const between = (fromBusiness: boolean) => (fromBusiness ? { sender: { id: biz }, recipient: { id: guest } } : { sender: { id: guest }, recipient: { id: biz } });

  if (e.type === 'message' && e.message.postback) {
    const m = e.message;
    return { object, entryId: biz, kind: 'postback', mid: m.id, item: { ...between(false), timestamp: m.createdAt, postback: { mid: m.id, title: m.postback!.title, payload: m.postback!.payload } } };
  }
  if (e.type === 'unsend') {
    const m = e.message;
    return { object, entryId: biz, kind: 'unsend', mid: m.id, item: { ...between(m.from === 'page'), timestamp: e.at, message: { mid: m.id, is_deleted: true } } };
  }
  if (e.type === 'delivery') {
    return { object, entryId: biz, kind: 'delivery', item: { ...between(false), timestamp: e.at, delivery: { mids: e.mids, watermark: e.watermark } } };
  }
  if (e.type === 'message') {
    const m = e.message;
    return {
      object,
      entryId: biz,
      kind: m.from === 'page' ? 'echo' : 'message',
      mid: m.id,
      item: { ...between(m.from === 'page'), timestamp: m.createdAt, message: messageBody(m, appId) },
    };
  }
  if (e.type === 'reaction') {
    return {
      object,
      entryId: biz,
      kind: 'reaction',
      mid: e.message.id,
      item: {
        ...between(e.by === 'page'),
        timestamp: e.at,
        reaction: { mid: e.message.id, action: e.action, reaction: e.reaction.reaction, emoji: e.reaction.emoji },
      },
    };
  }
  // Messenger reports a watermark (everything before it was read); Instagram the last message seen.
  const last = conv.messages[conv.messages.length - 1];
  const read = conv.channel === 'messenger' ? { watermark: e.watermark } : { mid: last?.id };
  return { object, entryId: biz, kind: 'read', ...(last ? { mid: last.id } : {}), item: { ...between(false), timestamp: e.at, read } };
}

/** Connects the inbox to the dispatcher: every covered change becomes a queued event. */
export function wireWebhooks(inbox: Inbox, dispatcher: WebhookDispatcher, appId: string): void {
  inbox.onEvent = (e) => {
    const event = toWebhookEvent(e, inbox, dispatcher.settings().instagramFields, appId);
    if (event) dispatcher.publish(event);
  };
}
