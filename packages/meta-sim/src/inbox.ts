/**
 * Messenger and Instagram conversations of the Pages
 * (docs/requirements/platform-apis.md#messenger-and-instagram-messaging): the seeded conversations,
 * the messages added while the simulator runs (Send API, guest driver), the per-thread messaging
 * window, reactions, reads, blocks and webhook subscriptions.
 *
 * Seed (all SYNTHETIC except the message text): the CamRest676 dialogues of
 * `@dinedesk/demo-data` (`Seed.dialogues`) are spread over the Pages in dataset order.
 * Conversation k goes to Page `k mod N` (N Pages in tenancy order) on Messenger when
 * `floor(k / N)` is even and Instagram when odd, so every Page gets conversations on both
 * channels. Every 5th conversation (`k mod 5 = 4`) is a returning guest whose thread chains 3
 * dialogues, 1–3 days apart (threads of 20+ messages, for the 20-message detail rule). Every
 * 3rd (`k mod 3 = 1`) ends on the guest's line, its last agent turn dropped, so the inbox has
 * unanswered threads. `k mod 61 = 5` guests have blocked the Page. Customer turns are the
 * guest, agent turns the Page. Guest names come from a fixed list of common Indian names by
 * hash; PSIDs (16 digits), IGSIDs (17 digits), thread and message ids are hashes of the Page,
 * channel and dialogue id, so the same data gives the same ids on every start.
 *
 * Times are relative to an anchor, the simulator clock at start: the last message of
 * conversation k is `k × 37 + 3` minutes before it, turns 1–4 minutes apart. So a fresh start
 * has threads inside the 24 h window, inside the 7-day HUMAN_AGENT window, and older. Once the
 * state file holds anything time-bound (messages, conversations, reactions, reads), the anchor
 * of that run is kept on restart so the added messages stay after the seeded ones;
 * `reset()` (control API) drops them and re-anchors to now.
 */
import { createHash } from 'node:crypto';
import type { SeedDialogueTurn } from '@dinedesk/demo-data';
import type { Seed, SimPage } from './seed.ts';
import type { StateStore } from './state.ts';

export type Channel = 'messenger' | 'instagram';
export const CHANNELS: readonly Channel[] = ['messenger', 'instagram'];

/** Free-form replies: within 24 h of the guest's last message
 * (docs/requirements/platform-apis.md#window, Send API). */
export const STANDARD_WINDOW_MS = 24 * 3_600_000;
/** `MESSAGE_TAG` + `HUMAN_AGENT`: within 7 days of the guest's last message
 * (docs/requirements/platform-apis.md#window). */
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * 3_600_000;
/** Only the 20 most recent messages of a thread have readable details
 * (docs/requirements/platform-apis.md#messages). */
export const DETAIL_WINDOW = 20;

/** Spacing of the seeded threads' last messages, minutes (conversation k: `k × 37 + 3`). */
export const SEED_SPACING_MINUTES = 37;
const RETURNING_EVERY = 5;
const RETURNING_DIALOGUES = 3;
const AWAITING_REPLY_EVERY = 3;
const BLOCKED_EVERY = 61;
const BLOCKED_AT = 5;

/** Who wrote a message or reacted: the guest (a Facebook/Instagram user) or the business. */
export type Side = 'guest' | 'page';

/** A person messaging a Page (Messenger, PSID) or its Instagram account (IGSID). */
export interface Guest {
  /** PSID (16 digits) or IGSID (17 digits); page-scoped, so unique per Page and channel. */
  id: string;
  pageId: string;
  channel: Channel;
  /** Synthetic "First Last". */
  name: string;
  /** Synthetic Instagram username (also kept for Messenger guests, unused there). */
  username: string;
  /** Blocked in the seed (`k mod 61 = 5`); the control API overrides it. */
  seededBlocked: boolean;
}

/** Media the Send API accepts and Graph details as `MessageAttachment`
 * (docs/requirements/platform-apis.md#send). */
export type MediaAttachmentType = 'image' | 'video' | 'audio' | 'file';
/**
 * Any webhook attachment type (Messenger Platform / Instagram Messaging webhook references):
 * the media types, `fallback`, `share`, `story_mention`, `reel`, `ig_reel`, `location`,
 * `template`, `unsupported_type`, or anything Meta adds later.
 */
export type AttachmentType = MediaAttachmentType | (string & {});

export interface Attachment {
  /** Attachment id, 16 digits. */
  id: string;
  type: AttachmentType;
  /** The media or link URL ("" when the type has none, e.g. location, unsupported_type). */
  url: string;
  /**
   * The webhook `payload` exactly as Meta sends it for this type, when it is more than `{url}`
   * (fallback title, location coordinates, template, reel title); null: Meta sends no payload.
   */
  payload?: Record<string, unknown> | null;
}

/** Content of a new message: text and/or attachments, or a postback (a button tap). */
export interface MessageContent {
  text: string;
  attachments: { type: AttachmentType; url: string; payload?: Record<string, unknown> | null }[];
  /** A `messaging_postbacks` event instead of a message: the guest tapped a button. */
  postback?: { title: string; payload: string };
}

/** A reaction: Meta's name (`love`, `like`, ... `other`) and the emoji shown. */
export interface Reaction {
  reaction: string;
  emoji: string;
}

export interface Message {
  /** `m_…` (Messenger) or `aWdf…` (Instagram, base64url of `ig_item:1:IGMessageID:…`). */
  id: string;
  conversation: Conversation;
  /** Position in the thread, 0 = oldest. */
  index: number;
  from: Side;
  /** "" for attachment-only messages. */
  text: string;
  attachments: Attachment[];
  /** Epoch ms. */
  createdAt: number;
  /** Current reaction of each side (one per person on Messenger and Instagram). */
  reactions: Partial<Record<Side, Reaction>>;
  /** Set for a postback (the guest tapped a button titled `title`). */
  postback?: { title: string; payload: string };
  /** Epoch ms the guest unsent it (Instagram `is_deleted`). */
  deletedAt?: number;
}

/** One thread between a guest and a Page (or its Instagram account). */
export interface Conversation {
  /** `t_` + 16 digits. */
  id: string;
  page: SimPage;
  channel: Channel;
  guest: Guest;
  /** Oldest first. */
  messages: Message[];
  /** Epoch ms of the first message (or of creation). */
  createdAt: number;
}

/** A message as persisted (times epoch ms). */
export interface MessageRecord {
  id: string;
  conversationId: string;
  from: Side;
  text: string;
  attachments: Attachment[];
  createdAt: number;
  postback?: { title: string; payload: string };
}

/** Messaging state in the state file (`PersistedState.messaging`). */
export interface PersistedMessaging {
  /** Epoch ms the seeded times are relative to (see file comment). */
  anchor: number;
  /** Counter for ids of added guests, threads and messages. */
  seq: number;
  /** Next customer line the guest driver uses when it is given no text. */
  lineCursor: number;
  /** Guests the driver created. */
  guests: Omit<Guest, 'seededBlocked'>[];
  /** Threads the driver created. */
  conversations: { id: string; pageId: string; channel: Channel; guestId: string; createdAt: number }[];
  /** Messages added after start (both sides), on seeded or added threads. */
  messages: MessageRecord[];
  /** Current reactions by message id, on any message. */
  reactions: Record<string, Partial<Record<Side, Reaction>>>;
  /** Block overrides by guest id. */
  blocked: Record<string, boolean>;
  /** Read marks by thread id, epoch ms: `page` (mark_seen) and `guest` (read watermark). */
  reads: Record<string, { page?: number; guest?: number }>;
  /** Webhook fields each Page subscribed the app to (`POST /{page-id}/subscribed_apps`). */
  subscriptions: Record<string, string[]>;
  /** Messages the guest unsent, by id: epoch ms. */
  unsent?: Record<string, number>;
  /** Delivery marks by thread id, epoch ms (Messenger `delivery.watermark`). */
  delivered?: Record<string, number>;
}

function emptyMessaging(anchor: number): PersistedMessaging {
  return { anchor, seq: 1, lineCursor: 0, guests: [], conversations: [], messages: [], reactions: {}, blocked: {}, reads: {}, subscriptions: {}, unsent: {}, delivered: {} };
}

/** What changed, for webhook delivery (`webhook-events.ts`). Times epoch ms. */
export type InboxEvent =
  | { type: 'message'; message: Message }
  | { type: 'reaction'; message: Message; by: Side; action: 'react' | 'unreact'; reaction: Reaction; at: number }
  | { type: 'read'; conversation: Conversation; watermark: number; at: number }
  | { type: 'delivery'; conversation: Conversation; mids: string[]; watermark: number; at: number }
  | { type: 'unsend'; message: Message; at: number };

/**
 * Meta's reaction names and the emoji each stands for (Messenger webhook `reaction` event:
 * `smile|angry|sad|wow|love|like|dislike|other`).
 */
export const REACTION_EMOJI: Readonly<Record<string, string>> = {
  love: '\u2764\uFE0F',
  like: '\u{1F44D}',
  smile: '\u{1F606}',
  wow: '\u{1F62E}',
  sad: '\u{1F622}',
  angry: '\u{1F620}',
  dislike: '\u{1F44E}',
};

/**
 * Normalises a reaction given as a name (`love`) or an emoji (`😊`) to `{reaction, emoji}`;
 * emoji outside Meta's named set are `other`. Returns null for an empty value.
 */
export function normaliseReaction(value: string): Reaction | null {
  const v = value.trim();
  if (!v) return null;
  const named = REACTION_EMOJI[v.toLowerCase()];
  if (named) return { reaction: v.toLowerCase(), emoji: named };
  const bare = v.replace(/\uFE0F/g, '');
  for (const [reaction, emoji] of Object.entries(REACTION_EMOJI)) {
    if (emoji.replace(/\uFE0F/g, '') === bare) return { reaction, emoji };
  }
  return { reaction: 'other', emoji: v };
}

// Synthetic guest names: common Indian first and last names, picked by hash.
const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Aditya', 'Ananya', 'Anjali', 'Arjun', 'Deepika', 'Divya', 'Farhan', 'Gaurav',
  'Harsha', 'Isha', 'Karan', 'Kavya', 'Lakshmi', 'Manish', 'Meera', 'Mohammed', 'Neha', 'Nikhil',
  'Pooja', 'Pranav', 'Priya', 'Rahul', 'Ravi', 'Riya', 'Rohan', 'Sai', 'Sana', 'Sandeep',
  'Shreya', 'Siddharth', 'Sneha', 'Srinivas', 'Swathi', 'Tanvi', 'Varun', 'Vikram', 'Vivek', 'Zoya',
] as const;
const LAST_NAMES = [
  'Agarwal', 'Ali', 'Banerjee', 'Bhat', 'Chowdary', 'Das', 'Desai', 'Goud', 'Gupta', 'Hussain',
  'Iyer', 'Joshi', 'Khan', 'Kulkarni', 'Kumar', 'Mehta', 'Menon', 'Mishra', 'Naidu', 'Nair',
  'Patel', 'Pillai', 'Rao', 'Reddy', 'Sharma', 'Shetty', 'Singh', 'Varma', 'Verma', 'Yadav',
] as const;

function sha256(input: string): Buffer {
  return createHash('sha256').update(input).digest();
}

/** `length` decimal digits derived from `input`, first digit non-zero (Graph ids have no leading 0). */
export function hashDigits(input: string, length: number): string {
  const h = sha256(input);
  const n = BigInt(`0x${h.subarray(0, 16).toString('hex')}`);
  const rest = (n % 10n ** BigInt(length - 1)).toString().padStart(length - 1, '0');
  return `${1 + (h[20]! % 9)}${rest}`;
}

/** A number in [min, max] derived from `input` (deterministic spreads of gaps). */
function hashInt(input: string, min: number, max: number): number {
  return min + (sha256(input).readUInt32BE(0) % (max - min + 1));
}

/** Synthetic guest identity for a key (same key → same person). */
function syntheticPerson(key: string): { name: string; username: string } {
  const first = FIRST_NAMES[hashInt(`first:${key}`, 0, FIRST_NAMES.length - 1)]!;
  const last = LAST_NAMES[hashInt(`last:${key}`, 0, LAST_NAMES.length - 1)]!;
  const nn = String(hashInt(`nn:${key}`, 1, 99)).padStart(2, '0');
  const f = first.toLowerCase();
  const l = last.toLowerCase();
  const styles = [`${f}.${l}${nn}`, `${f}_${l}`, `${f}${l}${nn}`, `${f}.${l[0]}_${nn}`];
  return { name: `${first} ${last}`, username: styles[hashInt(`style:${key}`, 0, styles.length - 1)]! };
}

function guestIdFor(channel: Channel, key: string): string {
  return channel === 'messenger' ? hashDigits(`psid:${key}`, 16) : hashDigits(`igsid:${key}`, 17);
}

/** Message id in the channel's shape (behaviour 10): `m_…` or Instagram's base64 `aWdf…`. */
function messageIdFor(conv: { id: string; channel: Channel; page: SimPage }, suffix: string): string {
  const key = `mid:${conv.id}:${suffix}`;
  if (conv.channel === 'messenger') return `m_${sha256(key).toString('base64url')}`;
  // Instagram message ids are base64 of "ig_item:1:IGMessageID:{ig-user-id}:{number}"; url-safe
  // alphabet without padding so the id is one clean path segment.
  const raw = `ig_item:1:IGMessageID:${conv.page.instagramUserId}:${hashDigits(key, 39)}`;
  return Buffer.from(raw, 'utf8').toString('base64url');
}

/** The dialogues grouped by id in file order, turns in `turnIndex` order. */
function groupDialogues(turns: readonly SeedDialogueTurn[]): { id: string; turns: SeedDialogueTurn[] }[] {
  const byId = new Map<string, SeedDialogueTurn[]>();
  for (const t of turns) {
    const list = byId.get(t.conversationId) ?? [];
    list.push(t);
    byId.set(t.conversationId, list);
  }
  return [...byId.entries()].map(([id, list]) => ({ id, turns: [...list].sort((a, b) => a.turnIndex - b.turnIndex) }));
}

/** Summary of the seeded distribution (README, control API `GET /__sim/inbox`). */
export interface SeedStats {
  conversations: number;
  perPage: Record<string, { messenger: number; instagram: number }>;
  /** Threads whose guest's last message is within 24 h / 7 days of the anchor. */
  within24h: number;
  within7d: number;
  blocked: number;
  awaitingReply: number;
}

/** The conversations and everything that happens to them. */
export class Inbox {
  private readonly conversations = new Map<string, Conversation>();
  private readonly byPageChannel = new Map<string, Conversation[]>();
  private readonly messages = new Map<string, Message>();
  private readonly guests = new Map<string, Guest>();
  private customerLines: string[] = [];
  private seedStats!: SeedStats;
  private state!: PersistedMessaging;
  /** Receives every change; set by the webhook wiring. */
  onEvent: ((e: InboxEvent) => void) | null = null;

  constructor(
    private readonly seed: Seed,
    private readonly store: StateStore,
    private readonly now: () => Date,
  ) {
    const persisted = store.state.messaging;
    const nowMs = now().getTime();
    if (!persisted) {
      store.state.messaging = emptyMessaging(nowMs);
    } else {
      const s = { ...emptyMessaging(nowMs), ...persisted };
      const timeBound = s.messages.length > 0 || s.conversations.length > 0 || Object.keys(s.reactions).length > 0 || Object.keys(s.reads).length > 0;
      if (!timeBound) s.anchor = nowMs;
      store.state.messaging = s;
    }
    this.build();
    store.save();
  }

  /** Rebuilds every index from the seed and the persisted state. */
  private build(): void {
    this.conversations.clear();
    this.byPageChannel.clear();
    this.messages.clear();
    this.guests.clear();
    this.state = this.store.state.messaging!;
    this.buildSeeded(this.state.anchor);
    for (const g of this.state.guests) this.guests.set(g.id, { ...g, seededBlocked: false });
    for (const c of this.state.conversations) {
      const page = this.seed.pages.get(c.pageId);
      const guest = this.guests.get(c.guestId);
      if (!page || !guest) continue;
      this.addConversation({ id: c.id, page, channel: c.channel, guest, messages: [], createdAt: c.createdAt });
    }
    const touched = new Set<Conversation>();
    for (const r of this.state.messages) {
      const conv = this.conversations.get(r.conversationId);
      if (!conv || this.messages.has(r.id)) continue;
      const m: Message = { id: r.id, conversation: conv, index: 0, from: r.from, text: r.text, attachments: r.attachments, createdAt: r.createdAt, reactions: {}, ...(r.postback ? { postback: r.postback } : {}) };
      conv.messages.push(m);
      this.messages.set(m.id, m);
      touched.add(conv);
    }
    for (const conv of touched) {
      conv.messages.sort((a, b) => a.createdAt - b.createdAt);
      conv.messages.forEach((m, i) => (m.index = i));
    }
    for (const [mid, reactions] of Object.entries(this.state.reactions)) {
      const m = this.messages.get(mid);
      if (m) m.reactions = { ...reactions };
    }
    for (const [mid, at] of Object.entries(this.state.unsent ?? {})) {
      const m = this.messages.get(mid);
      if (m) m.deletedAt = at;
    }
  }

  private addConversation(conv: Conversation): void {
    this.conversations.set(conv.id, conv);
    const key = `${conv.page.id}:${conv.channel}`;
    const list = this.byPageChannel.get(key) ?? [];
    list.push(conv);
    this.byPageChannel.set(key, list);
  }

  /** Builds the seeded threads (see the file comment for the rules). */
  private buildSeeded(anchor: number): void {
    const pages = [...this.seed.pages.values()];
    const dialogues = groupDialogues(this.seed.dialogues);
    this.customerLines = dialogues.flatMap((d) => d.turns.filter((t) => t.speaker === 'customer').map((t) => t.text)).filter((t) => t.trim());
    const stats: SeedStats = { conversations: 0, perPage: {}, within24h: 0, within7d: 0, blocked: 0, awaitingReply: 0 };
    for (const p of pages) stats.perPage[p.id] = { messenger: 0, instagram: 0 };
    const n = pages.length;
    let d = 0;
    for (let k = 0; n > 0 && d < dialogues.length; k++) {
      const take = k % RETURNING_EVERY === RETURNING_EVERY - 1 ? RETURNING_DIALOGUES : 1;
      const sessions = dialogues.slice(d, d + take);
      d += take;
      const page = pages[k % n]!;
      const channel: Channel = Math.floor(k / n) % 2 === 0 ? 'messenger' : 'instagram';
      const key = `${page.id}:${channel}:${sessions[sessions.length - 1]!.id}`;
      const person = syntheticPerson(key);
      const guest: Guest = {
        id: guestIdFor(channel, key),
        pageId: page.id,
        channel,
        name: person.name,
        username: person.username,
        seededBlocked: k % BLOCKED_EVERY === BLOCKED_AT,
      };
      this.guests.set(guest.id, guest);
      // Turns with their times, newest session last; times computed backwards from the end.
      const awaiting = k % AWAITING_REPLY_EVERY === 1;
      const timed: { speaker: Side; text: string; at: number }[] = [];
      let t = anchor - (k * SEED_SPACING_MINUTES + 3) * 60_000;
      for (let s = sessions.length - 1; s >= 0; s--) {
        let turns = sessions[s]!.turns;
        if (s === sessions.length - 1 && awaiting && turns.length > 1 && turns[turns.length - 1]!.speaker === 'agent') turns = turns.slice(0, -1);
        const chunk: typeof timed = [];
        for (let i = turns.length - 1; i >= 0; i--) {
          const turn = turns[i]!;
          chunk.unshift({ speaker: turn.speaker === 'agent' ? 'page' : 'guest', text: turn.text, at: t });
          t -= hashInt(`gap:${key}:${s}:${i}`, 60, 240) * 1000;
        }
        timed.unshift(...chunk);
        // A returning guest's previous visit ended 1–3 days before this one started.
        t -= hashInt(`visit:${key}:${s}`, 24 * 60, 72 * 60) * 60_000;
      }
      const conv: Conversation = { id: `t_${hashDigits(`thread:${key}`, 16)}`, page, channel, guest, messages: [], createdAt: timed[0]!.at };
      timed.forEach((turn, i) => {
        const m: Message = { id: messageIdFor(conv, `s${i}`), conversation: conv, index: i, from: turn.speaker, text: turn.text, attachments: [], createdAt: turn.at, reactions: {} };
        conv.messages.push(m);
        this.messages.set(m.id, m);
      });
      this.addConversation(conv);
      stats.conversations++;
      stats.perPage[page.id]![channel]++;
      const lastGuest = this.lastGuestMessageAt(conv) ?? 0;
      if (anchor - lastGuest <= STANDARD_WINDOW_MS) stats.within24h++;
      if (anchor - lastGuest <= HUMAN_AGENT_WINDOW_MS) stats.within7d++;
      if (guest.seededBlocked) stats.blocked++;
      if (conv.messages[conv.messages.length - 1]!.from === 'guest') stats.awaitingReply++;
    }
    this.seedStats = stats;
  }

  /** The seeded distribution, computed against the anchor. */
  stats(): SeedStats & { anchor: string } {
    return { ...this.seedStats, anchor: new Date(this.state.anchor).toISOString() };
  }

  private persist(): void {
    this.store.save();
  }

  private emit(e: InboxEvent): void {
    this.onEvent?.(e);
  }

  private nextSeq(): number {
    return this.state.seq++;
  }

  // ---- reads ----------------------------------------------------------------------------

  /** A thread by `t_…` id. */
  conversation(id: string): Conversation | undefined {
    return this.conversations.get(id);
  }

  /** A message by `m_…` / `aWdf…` id. */
  message(id: string): Message | undefined {
    return this.messages.get(id);
  }

  /** A guest by PSID / IGSID. */
  guest(id: string): Guest | undefined {
    return this.guests.get(id);
  }

  /** A Page's threads on one channel, newest `updated_time` first, ties by id. */
  conversationsOf(pageId: string, channel: Channel): Conversation[] {
    const list = [...(this.byPageChannel.get(`${pageId}:${channel}`) ?? [])];
    return list.sort((a, b) => updatedAt(b) - updatedAt(a) || a.id.localeCompare(b.id));
  }

  /** The thread of a guest with a Page on a channel (one per pair, as on Messenger). */
  conversationWith(pageId: string, channel: Channel, guestId: string): Conversation | undefined {
    return (this.byPageChannel.get(`${pageId}:${channel}`) ?? []).find((c) => c.guest.id === guestId);
  }

  /** True when the guest blocked the Page (seed flag unless overridden by the control API). */
  isBlocked(guest: Guest): boolean {
    return this.state.blocked[guest.id] ?? guest.seededBlocked;
  }

  /** Epoch ms of the guest's last message in the thread; null when the guest never wrote. */
  lastGuestMessageAt(conv: Conversation): number | null {
    for (let i = conv.messages.length - 1; i >= 0; i--) if (conv.messages[i]!.from === 'guest') return conv.messages[i]!.createdAt;
    return null;
  }

  /** Guest messages the Page has not seen: after its last reply and its last mark_seen. */
  unreadCount(conv: Conversation): number {
    let seen = this.state.reads[conv.id]?.page ?? 0;
    let count = 0;
    for (let i = conv.messages.length - 1; i >= 0; i--) {
      const m = conv.messages[i]!;
      if (m.from === 'page') {
        seen = Math.max(seen, m.createdAt);
        break;
      }
    }
    for (const m of conv.messages) if (m.from === 'guest' && m.createdAt > seen) count++;
    return count;
  }

  /** True when `message` is among the 20 most recent of its thread
   * (docs/requirements/platform-apis.md#messenger-and-instagram-messaging detail rule). */
  hasDetails(message: Message): boolean {
    return message.conversation.messages.length - message.index <= DETAIL_WINDOW;
  }

  /** Webhook fields a Page subscribed the app to; undefined when not subscribed. */
  subscription(pageId: string): string[] | undefined {
    return this.state.subscriptions[pageId];
  }

  /** Pages with a subscription. */
  subscribedPageIds(): string[] {
    return Object.keys(this.state.subscriptions);
  }

  /**
   * The next customer line of the dataset (all customer turns in file order, cycling), for
   * the guest driver when it is given no text. The position persists.
   */
  nextCustomerLine(): string {
    if (!this.customerLines.length) return 'Hello!';
    const line = this.customerLines[this.state.lineCursor % this.customerLines.length]!;
    this.state.lineCursor = (this.state.lineCursor + 1) % this.customerLines.length;
    this.persist();
    return line;
  }

  // ---- mutations (each persists) -------------------------------------------------------

  /**
   * Appends a message to a thread, persists it and emits a `message` event (a guest message,
   * or the echo of a Page send).
   * @param at epoch ms; the simulator clock
   */
  addMessage(conv: Conversation, from: Side, content: MessageContent, at: number): Message {
    const id = messageIdFor(conv, `n${this.nextSeq()}`);
    const attachments = content.attachments.map((a, i) => ({ id: hashDigits(`att:${id}:${i}`, 16), type: a.type, url: a.url, ...(a.payload !== undefined ? { payload: a.payload } : {}) }));
    const m: Message = { id, conversation: conv, index: conv.messages.length, from, text: content.text, attachments, createdAt: at, reactions: {}, ...(content.postback ? { postback: content.postback } : {}) };
    conv.messages.push(m);
    this.messages.set(id, m);
    this.state.messages.push({ id, conversationId: conv.id, from, text: m.text, attachments, createdAt: at, ...(content.postback ? { postback: content.postback } : {}) });
    this.persist();
    this.emit({ type: 'message', message: m });
    return m;
  }

  /**
   * Sets (`reaction` non-null) or removes one side's reaction on a message and emits a
   * `reaction` event when something changed.
   * @returns whether anything changed (unreacting without a reaction is a no-op)
   */
  react(message: Message, by: Side, reaction: Reaction | null, at: number): boolean {
    const before = message.reactions[by];
    if (reaction === null) {
      if (!before) return false;
      delete message.reactions[by];
    } else {
      if (before && before.emoji === reaction.emoji) return false;
      message.reactions[by] = reaction;
    }
    this.state.reactions[message.id] = { ...message.reactions };
    this.persist();
    this.emit({ type: 'reaction', message, by, action: reaction ? 'react' : 'unreact', reaction: reaction ?? before!, at });
    return true;
  }

  /** The guest read the thread up to `at` (Messenger `read.watermark`, Instagram `read.mid`). */
  markGuestRead(conv: Conversation, at: number): void {
    this.state.reads[conv.id] = { ...this.state.reads[conv.id], guest: at };
    this.persist();
    this.emit({ type: 'read', conversation: conv, watermark: at, at });
  }

  /**
   * The guest unsends a message (Instagram `message.is_deleted` webhook): it keeps its place
   * but its content is gone.
   * @returns false when it was already unsent
   */
  unsend(message: Message, at: number): boolean {
    if (message.deletedAt !== undefined) return false;
    message.deletedAt = at;
    this.state.unsent = { ...this.state.unsent, [message.id]: at };
    this.persist();
    this.emit({ type: 'unsend', message, at });
    return true;
  }

  /** The guest's app received the Page's messages up to `at` (Messenger `delivery` webhook). */
  markDelivered(conv: Conversation, at: number): void {
    this.state.delivered = { ...this.state.delivered, [conv.id]: at };
    this.persist();
    const mids = conv.messages.filter((m) => m.from === 'page' && m.createdAt <= at).slice(-5).map((m) => m.id);
    this.emit({ type: 'delivery', conversation: conv, mids, watermark: at, at });
  }

  /** The Page saw the thread (Send API `sender_action: mark_seen`): unread_count drops to 0. */
  markPageRead(conv: Conversation, at: number): void {
    this.state.reads[conv.id] = { ...this.state.reads[conv.id], page: at };
    this.persist();
  }

  /** Guest read watermark of a thread (epoch ms), if any. */
  guestReadAt(conv: Conversation): number | undefined {
    return this.state.reads[conv.id]?.guest;
  }

  /** Overrides the guest's block flag (control API `guest-block`). */
  setBlocked(guest: Guest, blocked: boolean): void {
    this.state.blocked[guest.id] = blocked;
    this.persist();
  }

  /** A new synthetic guest and their (empty) thread with a Page on a channel. */
  newConversation(page: SimPage, channel: Channel, at: number): Conversation {
    const key = `${page.id}:${channel}:driver:${this.nextSeq()}`;
    const person = syntheticPerson(key);
    const guest: Guest = { id: guestIdFor(channel, key), pageId: page.id, channel, name: person.name, username: person.username, seededBlocked: false };
    const conv: Conversation = { id: `t_${hashDigits(`thread:${key}`, 16)}`, page, channel, guest, messages: [], createdAt: at };
    this.guests.set(guest.id, guest);
    this.addConversation(conv);
    this.state.guests.push({ id: guest.id, pageId: page.id, channel, name: guest.name, username: guest.username });
    this.state.conversations.push({ id: conv.id, pageId: page.id, channel, guestId: guest.id, createdAt: at });
    this.persist();
    return conv;
  }

  /** Replaces a Page's subscription (`POST subscribed_apps` sets, not adds). */
  subscribe(pageId: string, fields: string[]): void {
    this.state.subscriptions[pageId] = [...fields];
    this.persist();
  }

  /** Removes a Page's subscription (`DELETE subscribed_apps`): no more webhooks for it. */
  unsubscribe(pageId: string): void {
    delete this.state.subscriptions[pageId];
    this.persist();
  }

  /**
   * Drops everything time-bound (added messages, threads, guests, reactions, reads, block
   * overrides) and re-anchors the seed to now; subscriptions stay.
   */
  /**
   * Moves the seed's anchor to `anchorMs` (the demo clock's start, `demo-clock.ts`), so the
   * dialogues' times are the same on every restart. Only while nothing time-bound was added (the
   * added messages must stay after the seeded ones). @returns whether the anchor moved
   */
  anchorTo(anchorMs: number): boolean {
    const s = this.state;
    const timeBound = s.messages.length > 0 || s.conversations.length > 0 || Object.keys(s.reactions).length > 0 || Object.keys(s.reads).length > 0;
    if (timeBound || s.anchor === anchorMs) return false;
    s.anchor = anchorMs;
    this.build();
    this.persist();
    return true;
  }

  reset(): void {
    const subscriptions = this.state.subscriptions;
    this.store.state.messaging = { ...emptyMessaging(this.now().getTime()), subscriptions };
    this.build();
    this.persist();
  }
}

/** `updated_time` of a thread: its last message, else its creation. */
export function updatedAt(conv: Conversation): number {
  return conv.messages[conv.messages.length - 1]?.createdAt ?? conv.createdAt;
}
