/**
 * The guest driver: plays the people on the other side of the Pages' inboxes, so a demo or a
 * test can watch a message arrive (control API `POST /__sim/guest-*`, `MetaSim.guest*`, the
 * `npm run guest` CLI) and, in live mode (`SIM_LIVE=1`), keeps sending customer lines from the
 * CamRest676 dialogues to random subscribed Pages every few seconds.
 *
 * Every driver action goes through the inbox, so it updates the messaging window and the
 * thread like a real guest message and is delivered as a webhook when the Page subscribed.
 */
import type { SimCore } from './graph/core.ts';
import { type Channel, type Conversation, normaliseReaction } from './inbox.ts';
import type { SimPage } from './seed.ts';

/** A driver request that cannot be carried out; `status` is the control API's HTTP status. */
export class DriverError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'DriverError';
  }
}

/** `POST /__sim/guest-message` body. */
export interface GuestMessageInput {
  /** The Page (Messenger, or Instagram through the Page with `channel: 'instagram'`). */
  pageId?: string;
  /** The Instagram account instead of the Page: implies `channel: 'instagram'`. */
  igUserId?: string;
  /** Default: the conversation's channel, else 'messenger'. */
  channel?: Channel;
  /** Continue this thread. */
  conversationId?: string;
  /** Continue this guest's thread (PSID or IGSID). */
  guestId?: string;
  /** Message text; with neither text nor imageUrl, the next customer line of the dataset. */
  text?: string;
  /** An image the guest sends (http(s) URL). */
  imageUrl?: string;
  /** An attachment of any webhook type the guest sends (see {@link GuestAttachmentInput}). */
  attachment?: GuestAttachmentInput;
  /** A postback instead of a message: the guest taps a button with this title (and payload). */
  postback?: { title: string; payload?: string };
}

/**
 * An attachment as a guest sends it; the webhook payload is built per type (Messenger Platform
 * and Instagram Messaging webhook references):
 * - `image|video|audio|file|share|story_mention`: `{url}`
 * - `fallback` (a shared link): `{url, title}`; `reel|ig_reel`: `{url, title, reel_video_id}`
 * - `location`: `{coordinates:{lat,long}}` (default: Hyderabad), plus `title` and `url`
 * - `template`: a generic template with one element titled `title`
 * - `unsupported_type`: no payload (`payload: null`)
 * - anything else (a type Meta may add): `{url}`
 * `url` defaults to a simulator CDN link of the type.
 */
export interface GuestAttachmentInput {
  type: string;
  url?: string;
  title?: string;
  lat?: number;
  long?: number;
}

/** The webhook attachment (`{type, url, payload}`) for a driver attachment. @throws DriverError 400 */
export function buildAttachment(input: GuestAttachmentInput): { type: string; url: string; payload?: Record<string, unknown> | null } {
  const type = typeof input.type === 'string' ? input.type.trim() : '';
  if (!/^[a-z0-9_]{1,40}$/.test(type)) throw new DriverError(400, 'attachment.type must be a lower-case webhook attachment type, e.g. image, fallback, location');
  if (input.url !== undefined && !/^https?:\/\/\S+$/i.test(input.url)) throw new DriverError(400, 'attachment.url must be an http(s) URL');
  const url = input.url ?? `https://lookaside.fbsbx.com/sim/${type}/${Date.now().toString(36)}`;
  const title = input.title;
  switch (type) {
    case 'fallback':
      return { type, url, payload: { url, title: title ?? 'A link the guest shared' } };
    case 'reel':
    case 'ig_reel':
      return { type, url, payload: { url, title: title ?? 'A reel', reel_video_id: String(Date.now()) } };
    case 'location': {
      const lat = input.lat ?? 17.385;
      const long = input.long ?? 78.4867;
      if (!(Number.isFinite(lat) && Math.abs(lat) <= 90 && Number.isFinite(long) && Math.abs(long) <= 180)) throw new DriverError(400, 'attachment.lat/long must be degrees');
      return { type, url: '', payload: { coordinates: { lat, long }, ...(title !== undefined ? { title } : {}), ...(input.url !== undefined ? { url } : {}) } };
    }
    case 'template':
      return { type, url: '', payload: { template_type: 'generic', elements: [{ title: title ?? 'Today’s specials', ...(input.url !== undefined ? { default_action: { type: 'web_url', url } } : {}) }] } };
    case 'unsupported_type':
      return { type, url: '', payload: null };
    default:
      return { type, url };
  }
}

/** What `guestMessage` did. */
export interface GuestMessageResult {
  conversationId: string;
  messageId: string;
  guestId: string;
  pageId: string;
  channel: Channel;
  text: string;
}

function pageFor(sim: SimCore, input: GuestMessageInput): { page: SimPage | undefined; viaIg: boolean } {
  if (input.igUserId !== undefined) {
    const pageId = sim.seed.pageByIgUser.get(input.igUserId);
    if (!pageId) throw new DriverError(404, `no Instagram account with id ${input.igUserId}`);
    return { page: sim.seed.pages.get(pageId), viaIg: true };
  }
  if (input.pageId !== undefined) {
    const page = sim.seed.pages.get(input.pageId);
    if (!page) throw new DriverError(404, `no Page with id ${input.pageId}`);
    return { page, viaIg: false };
  }
  return { page: undefined, viaIg: false };
}

/**
 * A guest writes to a Page: into the given thread, the given guest's thread, or (neither given)
 * a new thread of a new synthetic guest. Updates the window and sends the `messages` webhook.
 * @throws DriverError 400 (bad input), 404 (unknown page/thread/guest), 409 (guest blocked the Page)
 */
export function guestMessage(sim: SimCore, input: GuestMessageInput): GuestMessageResult {
  const { inbox } = sim;
  const found = pageFor(sim, input);
  let page = found.page;
  if (input.channel !== undefined && input.channel !== 'messenger' && input.channel !== 'instagram') {
    throw new DriverError(400, "channel must be 'messenger' or 'instagram'");
  }
  if (found.viaIg && input.channel === 'messenger') throw new DriverError(400, 'igUserId implies channel instagram');
  let conv: Conversation | undefined;
  if (input.conversationId !== undefined) {
    conv = inbox.conversation(input.conversationId);
    if (!conv) throw new DriverError(404, `no conversation with id ${input.conversationId}`);
  } else if (input.guestId !== undefined) {
    const guest = inbox.guest(input.guestId);
    if (!guest) throw new DriverError(404, `no guest with id ${input.guestId}`);
    conv = inbox.conversationWith(guest.pageId, guest.channel, guest.id);
    if (!conv) throw new DriverError(404, `guest ${input.guestId} has no conversation`);
  }
  if (conv) {
    if (page && conv.page.id !== page.id) throw new DriverError(400, `conversation ${conv.id} belongs to another Page`);
    const wanted = found.viaIg ? 'instagram' : input.channel;
    if (wanted && wanted !== conv.channel) throw new DriverError(400, `conversation ${conv.id} is on ${conv.channel}`);
    page = conv.page;
  }
  if (!page) throw new DriverError(400, 'pageId or igUserId is required');
  const channel: Channel = conv?.channel ?? (found.viaIg ? 'instagram' : (input.channel ?? 'messenger'));
  if (input.imageUrl !== undefined && !/^https?:\/\/\S+$/i.test(input.imageUrl)) throw new DriverError(400, 'imageUrl must be an http(s) URL');
  const extra = input.attachment !== undefined ? buildAttachment(input.attachment) : undefined;
  if (input.postback !== undefined && (typeof input.postback.title !== 'string' || !input.postback.title.trim())) throw new DriverError(400, 'postback.title must not be empty');
  if (conv && inbox.isBlocked(conv.guest)) throw new DriverError(409, `guest ${conv.guest.id} has blocked the Page`);
  const attachments = [...(input.imageUrl !== undefined ? [{ type: 'image' as const, url: input.imageUrl }] : []), ...(extra ? [extra] : [])];
  let text = input.text ?? '';
  if (input.postback) text = input.postback.title;
  else if (text.trim() === '' && attachments.length === 0) text = inbox.nextCustomerLine();
  const now = sim.now().getTime();
  conv ??= inbox.newConversation(page, channel, now);
  const postback = input.postback ? { title: input.postback.title, payload: input.postback.payload ?? input.postback.title.toUpperCase().replace(/\W+/g, '_') } : undefined;
  const m = inbox.addMessage(conv, 'guest', { text, attachments: postback ? [] : attachments, ...(postback ? { postback } : {}) }, now);
  return { conversationId: conv.id, messageId: m.id, guestId: conv.guest.id, pageId: page.id, channel, text };
}

/**
 * The guest of the message's thread reacts to it (a name like `love` or an emoji), or removes
 * their reaction (`reaction` null/empty). Sends the `message_reactions` webhook.
 * @throws DriverError 404 for an unknown message
 */
export function guestReaction(sim: SimCore, messageId: string, reaction: string | null): { messageId: string; conversationId: string; action: 'react' | 'unreact' } {
  const m = sim.inbox.message(messageId);
  if (!m) throw new DriverError(404, `no message with id ${messageId}`);
  const r = reaction === null ? null : normaliseReaction(reaction);
  sim.inbox.react(m, 'guest', r, sim.now().getTime());
  return { messageId, conversationId: m.conversation.id, action: r ? 'react' : 'unreact' };
}

/**
 * The guest reads the thread now (Messenger `read.watermark`, Instagram `read.mid`).
 * @returns the watermark, epoch ms
 * @throws DriverError 404 for an unknown thread
 */
export function guestRead(sim: SimCore, conversationId: string): { conversationId: string; watermark: number } {
  const conv = sim.inbox.conversation(conversationId);
  if (!conv) throw new DriverError(404, `no conversation with id ${conversationId}`);
  const watermark = sim.now().getTime();
  sim.inbox.markGuestRead(conv, watermark);
  return { conversationId, watermark };
}

/**
 * The guest unsends one of their messages (Instagram `message.is_deleted`; Messenger sends no
 * webhook for it, but the simulator sends the same event on both channels so tests can cover it).
 * @throws DriverError 404 for an unknown message, 400 for a Page's message
 */
export function guestUnsend(sim: SimCore, messageId: string): { messageId: string; conversationId: string; unsent: boolean } {
  const m = sim.inbox.message(messageId);
  if (!m) throw new DriverError(404, `no message with id ${messageId}`);
  if (m.from !== 'guest') throw new DriverError(400, 'only the guest’s own messages can be unsent');
  const unsent = sim.inbox.unsend(m, sim.now().getTime());
  return { messageId, conversationId: m.conversation.id, unsent };
}

/**
 * The guest's app receives the Page's messages now (Messenger `delivery` webhook with `mids`
 * and `watermark`; Instagram has no delivery event, so none is sent there).
 * @returns the watermark, epoch ms
 * @throws DriverError 404 for an unknown thread
 */
export function guestDelivery(sim: SimCore, conversationId: string): { conversationId: string; watermark: number } {
  const conv = sim.inbox.conversation(conversationId);
  if (!conv) throw new DriverError(404, `no conversation with id ${conversationId}`);
  const watermark = sim.now().getTime();
  sim.inbox.markDelivered(conv, watermark);
  return { conversationId, watermark };
}

/**
 * The Page sends a structured message from another tool (a chatbot, Meta Business Suite): a
 * button template with `text` and button titles, delivered to DineDesk only as its echo
 * (`is_echo`, `message_echoes` / Instagram `messages`).
 * @throws DriverError 404 for an unknown thread, 400 for an empty text
 */
export function pageTemplate(sim: SimCore, conversationId: string, input: { text: string; buttons?: string[] }): { conversationId: string; messageId: string } {
  const conv = sim.inbox.conversation(conversationId);
  if (!conv) throw new DriverError(404, `no conversation with id ${conversationId}`);
  if (typeof input.text !== 'string' || !input.text.trim()) throw new DriverError(400, 'text must not be empty');
  const buttons = (input.buttons ?? ['Book a table']).map((title) => ({ type: 'postback', title, payload: title.toUpperCase().replace(/\W+/g, '_') }));
  const m = sim.inbox.addMessage(conv, 'page', { text: '', attachments: [{ type: 'template', url: '', payload: { template_type: 'button', text: input.text, buttons } }] }, sim.now().getTime());
  return { conversationId, messageId: m.id };
}

/**
 * Blocks (the guest blocked the Page: sends answer 551) or unblocks a guest.
 * @throws DriverError 404 for an unknown guest
 */
export function setGuestBlocked(sim: SimCore, guestId: string, blocked: boolean): { guestId: string; blocked: boolean } {
  const guest = sim.inbox.guest(guestId);
  if (!guest) throw new DriverError(404, `no guest with id ${guestId}`);
  sim.inbox.setBlocked(guest, blocked);
  return { guestId, blocked };
}

/**
 * Live mode: every `intervalMs` a guest message with the next customer line goes to a random
 * subscribed Page (any Page when none subscribed, so polling demos see traffic too), on a
 * random channel, continuing one of that Page's 5 most recent open threads half of the time
 * and starting a new guest's thread otherwise.
 */
export class LiveDriver {
  private timer: NodeJS.Timeout | null = null;

  /** @param intervalMs time between guest messages, ms */
  constructor(
    private readonly sim: SimCore,
    private readonly intervalMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.tick();
      } catch (e) {
        // A demo helper must not take the simulator down; the next tick tries again.
        console.error('meta-sim live driver:', e);
      }
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One guest message (exposed for tests). */
  tick(): GuestMessageResult | null {
    const { inbox, seed } = this.sim;
    const subscribed = inbox.subscribedPageIds().filter((id) => seed.pages.has(id));
    const candidates = subscribed.length ? subscribed : [...seed.pages.keys()];
    const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(this.random() * list.length)];
    const pageId = pick(candidates);
    if (!pageId) return null;
    const channel: Channel = this.random() < 0.5 ? 'messenger' : 'instagram';
    // conversationsOf is newest first already.
    const open = inbox
      .conversationsOf(pageId, channel)
      .filter((c) => !inbox.isBlocked(c.guest))
      .slice(0, 5);
    const conv = this.random() < 0.5 ? pick(open) : undefined;
    return guestMessage(this.sim, conv ? { conversationId: conv.id } : { pageId, channel });
  }
}
