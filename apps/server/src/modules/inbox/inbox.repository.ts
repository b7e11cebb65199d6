import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TAttachment, TChannel, TInboxPage, TPageHealth } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { afterPositionPrepared, keysetPage, type KeysetPosition } from '../../lib/keyset.ts';
import { preparedByShape, preparedOn } from '../../lib/prepared.ts';
import { schema } from '../../db/client.ts';
import { outletScope, tenantScope, type TenantScope } from '../../lib/tenant-scope.ts';

/**
 * Every SQL statement of the inbox module (routes → service → repository, docs/architecture.md
 * "Module shape"). Functions take the `Db` to run on: `ctx.db`, or the `tx` of a transaction the
 * service opened. No rules here (windows, idempotency, Graph): those are the services'.
 */

const { conversations, messages, facebookPages, outlets, brands, users, sendIdempotency, inboxEvents } = schema;

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type PageRow = typeof facebookPages.$inferSelect;

/** The page row behind a `{pageId}` of a channel: the Facebook Page, or its Instagram account. */
/** Prepared once per handle and channel: every inbox request looks its account up (lib/prepared.ts). */
const accountByChannel = {
  messenger: preparedOn((db) => db.select().from(facebookPages).where(eq(facebookPages.id, sql.placeholder('accountId'))).prepare('inbox_account_messenger')),
  instagram: preparedOn((db) => db.select().from(facebookPages).where(eq(facebookPages.instagramUserId, sql.placeholder('accountId'))).prepare('inbox_account_instagram')),
};

export async function findAccount(db: Db, channel: TChannel, accountId: string): Promise<PageRow | undefined> {
  const [row] = await accountByChannel[channel](db).execute({ accountId });
  return row;
}

/** Inbox accounts of a channel for a client (optionally some outlets), with unread totals. */
export async function listAccounts(db: Db, clientId: string, outletIds: string[] | null, channel: TChannel): Promise<TInboxPage[]> {
  const conds: SQL[] = [eq(facebookPages.clientId, clientId)];
  const visible = outletScope(outletIds, facebookPages.outletId);
  if (visible) conds.push(visible);
  if (channel === 'instagram') conds.push(isNotNull(facebookPages.instagramUserId));
  const rows = await db
    .select({ page: facebookPages, outletName: outlets.name, brandName: brands.name })
    .from(facebookPages)
    .innerJoin(outlets, eq(outlets.id, facebookPages.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(...conds))
    .orderBy(asc(brands.name), asc(outlets.name));
  const accountIds = rows.map((r) => (channel === 'messenger' ? r.page.id : r.page.instagramUserId!));
  const totals = accountIds.length
    ? await db
        .select({ accountId: conversations.accountId, unread: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)`.mapWith(Number), n: sql<number>`count(*)`.mapWith(Number) })
        .from(conversations)
        .where(and(eq(conversations.channel, channel), inArray(conversations.accountId, accountIds)))
        .groupBy(conversations.accountId)
    : [];
  const byAccount = new Map(totals.map((t) => [t.accountId, t]));
  return rows.map(({ page, outletName, brandName }) => {
    const id = channel === 'messenger' ? page.id : page.instagramUserId!;
    return {
      id,
      channel,
      name: page.name,
      username: channel === 'instagram' ? page.instagramUsername : null,
      facebookPageId: page.id,
      outletId: page.outletId,
      outletName,
      brandName,
      unreadCount: byAccount.get(id)?.unread ?? 0,
      conversationCount: byAccount.get(id)?.n ?? 0,
      connected: page.pageAccessTokenEnc !== null,
      health: pageHealth(page),
    };
  });
}

/**
 * The page's link to Facebook from its stored state (`sync_status`, written by the syncs and by
 * `recordTokenDeath`): a dead token or a throttled page, with its plain-words message.
 */
function pageHealth(page: PageRow): TPageHealth {
  if (page.pageAccessTokenEnc !== null && (page.syncStatus === 'token_invalid' || page.syncStatus === 'rate_limited')) {
    return { status: page.syncStatus, message: page.syncMessage };
  }
  return { status: 'ok', message: null };
}

const conversationList = preparedByShape(
  'conversations_list',
  (after: boolean) => (after ? 'after' : 'first'),
  (db, after, statementName) => {
    const conds: SQL[] = [eq(conversations.accountId, sql.placeholder('accountId')), eq(conversations.channel, sql.placeholder('channel'))];
    if (after) conds.push(afterPositionPrepared(conversations.updatedTime, conversations.id));
    return db.select().from(conversations).where(and(...conds)).orderBy(desc(conversations.updatedTime), desc(conversations.id)).limit(sql.placeholder('limit')).prepare(statementName);
  },
);

/** One keyset page of an account's conversations, most recently updated first (prepared per cursor shape, lib/prepared.ts). */
export async function listConversations(db: Db, channel: TChannel, accountId: string, after: KeysetPosition | undefined, limit: number) {
  const rows = await conversationList(db, Boolean(after)).execute({ accountId, channel, afterTime: after?.time, afterId: after?.id, limit: limit + 1 });
  return keysetPage(rows, limit, (c) => ({ time: c.updatedTime, id: c.id }));
}

const conversationById = preparedOn((db) =>
  db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, sql.placeholder('conversationId')), eq(conversations.accountId, sql.placeholder('accountId'))))
    .prepare('inbox_conversation'),
);

/** A conversation of an account (prepared: every messages page reads it, lib/prepared.ts). */
export async function getConversation(db: Db, accountId: string, conversationId: number): Promise<ConversationRow | undefined> {
  const [row] = await conversationById(db).execute({ conversationId, accountId });
  return row;
}

const messageList = preparedByShape(
  'messages_list',
  (after: boolean) => (after ? 'after' : 'first'),
  (db, after, statementName) => {
    const conds: SQL[] = [eq(messages.conversationId, sql.placeholder('conversationId'))];
    if (after) conds.push(afterPositionPrepared(messages.createdTime, messages.id));
    return db
      .select({ m: messages, sentBy: users.fullName })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.sentByUserId))
      .where(and(...conds))
      .orderBy(desc(messages.createdTime), desc(messages.id))
      .limit(sql.placeholder('limit'))
      .prepare(statementName);
  },
);

/** One keyset page of a conversation's messages, newest first (prepared per cursor shape, lib/prepared.ts). */
export async function listMessages(db: Db, conversationId: number, after: KeysetPosition | undefined, limit: number) {
  const rows = await messageList(db, Boolean(after)).execute({ conversationId, afterTime: after?.time, afterId: after?.id, limit: limit + 1 });
  return keysetPage(rows, limit, ({ m }) => ({ time: m.createdTime, id: m.id }));
}

export async function getMessageWithAuthor(db: Db, messageId: number) {
  const [row] = await db
    .select({ m: messages, c: conversations, sentBy: users.fullName })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, messages.sentByUserId))
    .where(eq(messages.id, messageId));
  return row;
}

// ── Pages (inbox side of `facebook_pages`) ──────────────────────────────────────────────────

/** A page by its Facebook Page id. */
export async function getPage(db: Db, pageId: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(facebookPages).where(eq(facebookPages.id, pageId));
  return row;
}

/** Records the page's linked Instagram professional account (null: none). @returns the updated row */
export async function setInstagramAccount(db: Db, pageId: string, ig: { id: string; username: string | null } | null): Promise<PageRow | undefined> {
  const [row] = await db
    .update(facebookPages)
    .set({ instagramUserId: ig?.id ?? null, instagramUsername: ig?.username ?? null })
    .where(eq(facebookPages.id, pageId))
    .returning();
  return row;
}

/** Marks the page's inbox backfill done at `at`. */
export async function markInboxSynced(db: Db, pageId: string, at: Date): Promise<void> {
  await db.update(facebookPages).set({ inboxSyncedAt: at }).where(eq(facebookPages.id, pageId));
}

// ── Conversations ───────────────────────────────────────────────────────────────────────────

/** A conversation by row id, whatever its account (callers check visibility). */
export async function getConversationById(db: Db, conversationId: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  return row;
}

/** The conversation of (account, guest), if any. */
export async function findConversationByGuest(db: Db, accountId: string, guestId: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(and(eq(conversations.accountId, accountId), eq(conversations.guestId, guestId)));
  return row;
}

/**
 * Finds or creates the conversation of (account, guest), unique on `(account_id, guest_id)`, so
 * a webhook and the backfill racing for one guest end with one row. A name Graph gives later
 * fills a row created nameless (webhooks carry only the PSID/IGSID).
 */
export async function ensureConversation(
  tx: Db,
  page: PageRow,
  channel: TChannel,
  accountId: string,
  guest: { id: string; name?: string; username?: string | null; graphId?: string | null },
  at: Date,
): Promise<ConversationRow> {
  await tx
    .insert(conversations)
    .values({
      clientId: page.clientId,
      outletId: page.outletId,
      pageId: page.id,
      channel,
      accountId,
      guestId: guest.id,
      guestName: guest.name ?? '',
      guestUsername: guest.username ?? null,
      graphId: guest.graphId ?? null,
      updatedTime: at,
    })
    .onConflictDoNothing({ target: [conversations.accountId, conversations.guestId] });
  const row = await findConversationByGuest(tx, accountId, guest.id);
  if (guest.name && row && !row.guestName) {
    const [named] = await tx
      .update(conversations)
      .set({ guestName: guest.name, guestUsername: guest.username ?? row.guestUsername, graphId: guest.graphId ?? row.graphId })
      .where(eq(conversations.id, row.id))
      .returning();
    return named!;
  }
  return row!;
}

/** Stores the guest's name and username as Graph gave them. @returns the updated row */
export async function setGuestName(db: Db, conversationId: number, guest: { name: string; username: string | null; graphId: string }): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ guestName: guest.name, guestUsername: guest.username, graphId: guest.graphId })
    .where(eq(conversations.id, conversationId))
    .returning();
  return row;
}

/** Unread count back to 0 (the staff read the thread). @returns the updated row */
export async function markConversationRead(tx: Db, conversationId: number): Promise<ConversationRow | undefined> {
  const [row] = await tx.update(conversations).set({ unreadCount: 0 }).where(eq(conversations.id, conversationId)).returning();
  return row;
}

/**
 * Folds newly stored messages into their conversation in one UPDATE. Counts add up; snippet,
 * `updated_time` and the guest's last message time only move forward, so out-of-order
 * deliveries converge on the same row.
 * @param newest time and snippet of the newest message just stored
 * @param unreadCount Graph's own unread count (backfill), else the guest messages just stored are added
 * @returns the updated row
 */
export async function foldMessagesIntoConversation(
  tx: Db,
  conversationId: number,
  f: { added: number; guestAdded: number; newest: { at: Date; snippet: string }; lastGuest: Date | null; unreadCount?: number },
): Promise<ConversationRow | undefined> {
  const c = conversations;
  const t = f.newest.at;
  const [row] = await tx
    .update(c)
    .set({
      messageCount: sql`${c.messageCount} + ${f.added}`,
      unreadCount: f.unreadCount ?? sql`${c.unreadCount} + ${f.guestAdded}`,
      snippet: sql`case when ${t} >= ${c.updatedTime} then ${f.newest.snippet} else ${c.snippet} end`,
      updatedTime: sql`greatest(${c.updatedTime}, ${t})`,
      lastGuestMessageAt: f.lastGuest ? sql`greatest(${c.lastGuestMessageAt}, ${f.lastGuest})` : c.lastGuestMessageAt,
    })
    .where(eq(c.id, conversationId))
    .returning();
  return row;
}

/**
 * Sets the conversation's snippet only while `message_time` is still its newest message (an
 * unsend of an older message leaves the list's snippet alone). @returns the row, when changed
 */
export async function setSnippetIfNewest(tx: Db, conversationId: number, messageTime: Date, snippet: string): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .update(conversations)
    .set({ snippet })
    .where(and(eq(conversations.id, conversationId), eq(conversations.updatedTime, messageTime)))
    .returning();
  return row;
}

/**
 * Moves the guest's read or delivery watermark forward; an older watermark changes nothing.
 * @returns the row, when changed
 */
export async function advanceGuestWatermark(tx: Db, conversationId: number, kind: 'read' | 'delivery', watermark: Date): Promise<ConversationRow | undefined> {
  const col = kind === 'read' ? conversations.guestReadAt : conversations.guestDeliveredAt;
  const [row] = await tx
    .update(conversations)
    .set(kind === 'read' ? { guestReadAt: watermark } : { guestDeliveredAt: watermark })
    .where(and(eq(conversations.id, conversationId), sql`(${col} is null or ${col} < ${watermark})`))
    .returning();
  return row;
}

// ── Messages ────────────────────────────────────────────────────────────────────────────────

/** A message to insert into a conversation (text already cleaned by the caller). */
export interface MessageInsert {
  mid: string;
  direction: 'guest' | 'page';
  text: string | null;
  attachments: TAttachment[];
  createdTime: Date;
  sentByUserId?: string | null;
  humanAgentTag?: boolean;
  postback?: { title: string; payload: string | null } | null;
}

/**
 * Inserts messages of one conversation in one statement; a `mid` already stored is skipped
 * (unique `mid`: Meta delivers at least once). @returns the rows actually inserted
 */
export function insertMessages(tx: Db, conv: Pick<ConversationRow, 'id' | 'clientId'>, batch: MessageInsert[]): Promise<MessageRow[]> {
  return tx
    .insert(messages)
    .values(
      batch.map((m) => ({
        conversationId: conv.id,
        clientId: conv.clientId,
        mid: m.mid,
        direction: m.direction,
        text: m.text,
        attachments: m.attachments,
        createdTime: m.createdTime,
        sentByUserId: m.sentByUserId ?? null,
        humanAgentTag: m.humanAgentTag ?? false,
        postback: m.postback ?? null,
      })),
    )
    .onConflictDoNothing({ target: messages.mid })
    .returning();
}

/**
 * Stores the tombstone of a message unsent before it arrived (same `mid`, `deleted_at` set), so
 * the late message is never stored.
 */
export async function insertTombstone(tx: Db, conv: Pick<ConversationRow, 'id' | 'clientId'>, m: { mid: string; direction: 'guest' | 'page'; at: Date }): Promise<void> {
  await tx
    .insert(messages)
    .values({ conversationId: conv.id, clientId: conv.clientId, mid: m.mid, direction: m.direction, text: null, attachments: [], createdTime: m.at, deletedAt: m.at })
    .onConflictDoNothing({ target: messages.mid });
}

/** A message by Meta's `mid`, whatever its conversation. */
export async function findMessageByMid(db: Db, mid: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.mid, mid));
  return row;
}

/**
 * A message by Meta's `mid`, only when it belongs to a conversation of `accountId`: a webhook
 * event of one account never changes another account's message.
 */
export async function findAccountMessage(db: Db, accountId: string, mid: string): Promise<{ m: MessageRow; c: ConversationRow } | undefined> {
  const [row] = await db
    .select({ m: messages, c: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.mid, mid), eq(conversations.accountId, accountId)));
  return row;
}

/** Of these `mid`s, those stored with a DineDesk author (sent through DineDesk). */
export async function midsSentFromDineDesk(db: Db, mids: string[]): Promise<Set<string>> {
  if (mids.length === 0) return new Set();
  const rows = await db
    .select({ mid: messages.mid })
    .from(messages)
    .where(and(inArray(messages.mid, mids), isNotNull(messages.sentByUserId)));
  return new Set(rows.map((r) => r.mid));
}

/** Newest creation time of these messages of one conversation, or null when none is stored. */
export async function newestMessageTime(db: Db, conversationId: number, mids: string[]): Promise<Date | null> {
  if (mids.length === 0) return null;
  const [row] = await db
    .select({ t: sql<Date | null>`max(${messages.createdTime})`.mapWith((v) => (v === null ? null : new Date(v as string))) })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), inArray(messages.mid, mids)));
  return row?.t ?? null;
}

/** Records who sent a message through DineDesk (the echo webhook may have stored it first). */
export async function setMessageAuthor(tx: Db, messageId: number, author: { userId: string; humanAgentTag: boolean }): Promise<void> {
  await tx.update(messages).set({ sentByUserId: author.userId, humanAgentTag: author.humanAgentTag }).where(eq(messages.id, messageId));
}

/** Sets the page's reaction (null: removed). @returns the updated row */
export async function setPageReaction(tx: Db, messageId: number, reaction: string | null, at: Date): Promise<MessageRow | undefined> {
  const [row] = await tx.update(messages).set({ pageReaction: reaction, pageReactionAt: at }).where(eq(messages.id, messageId)).returning();
  return row;
}

/**
 * Sets one side's reaction only when this event is newer than the stored one: a replayed or
 * late "react" cannot undo an "unreact". @returns the row, when changed
 */
export async function applyReactionIfNewer(tx: Db, messageId: number, side: 'page' | 'guest', reaction: string | null, at: Date): Promise<MessageRow | undefined> {
  const col = side === 'page' ? messages.pageReactionAt : messages.guestReactionAt;
  const [row] = await tx
    .update(messages)
    .set(side === 'page' ? { pageReaction: reaction, pageReactionAt: at } : { guestReaction: reaction, guestReactionAt: at })
    .where(and(eq(messages.id, messageId), sql`(${col} is null or ${col} < ${at})`))
    .returning();
  return row;
}

/** Wipes what the guest took back (Instagram unsend). @returns the updated row */
export async function markMessageUnsent(tx: Db, messageId: number, at: Date): Promise<MessageRow | undefined> {
  const [row] = await tx.update(messages).set({ text: null, attachments: [], postback: null, deletedAt: at }).where(eq(messages.id, messageId)).returning();
  return row;
}

// ── Send idempotency (`send_idempotency`, primary key (client_id, key)) ───────────────────────

const sendKey = (clientId: string, key: string) => and(eq(sendIdempotency.clientId, clientId), eq(sendIdempotency.key, key));
export type SendKeyRow = typeof sendIdempotency.$inferSelect;

/** Reserves an Idempotency-Key. @returns false when the client already used it */
export async function reserveSendKey(db: Db, clientId: string, key: string): Promise<boolean> {
  const reserved = await db.insert(sendIdempotency).values({ clientId, key }).onConflictDoNothing().returning();
  return reserved.length > 0;
}

export async function getSendKey(db: Db, clientId: string, key: string): Promise<SendKeyRow | undefined> {
  const [row] = await db.select().from(sendIdempotency).where(sendKey(clientId, key));
  return row;
}

/**
 * Claims a key whose earlier send ended with an unknown outcome (clears the mark), so only one
 * retry at a time reads back. @returns true when this caller claimed it
 */
export async function claimUnknownSendKey(db: Db, clientId: string, key: string): Promise<boolean> {
  const claimed = await db
    .update(sendIdempotency)
    .set({ outcomeUnknownAt: null })
    .where(and(sendKey(clientId, key), isNotNull(sendIdempotency.outcomeUnknownAt)))
    .returning();
  return claimed.length > 0;
}

/** Marks the key's send as of unknown outcome (kept, so a retry reads back first). */
export async function markSendKeyUnknown(db: Db, clientId: string, key: string, at: Date): Promise<void> {
  await db.update(sendIdempotency).set({ outcomeUnknownAt: at }).where(sendKey(clientId, key));
}

/** Frees the key (nothing was sent). */
export async function releaseSendKey(db: Db, clientId: string, key: string): Promise<void> {
  await db.delete(sendIdempotency).where(sendKey(clientId, key));
}

/** Binds the key to the message it sent, so a retry answers that message. */
export async function setSendKeyMessage(tx: Db, clientId: string, key: string, messageId: number): Promise<void> {
  await tx.update(sendIdempotency).set({ messageId }).where(sendKey(clientId, key));
}

// ── Events (`inbox_events`, the replay log of socket events) ───────────────────────────────

/** Inserts event payloads of one account. @returns their ids, in order (the `eventId`s) */
export async function insertEvents(tx: Db, scope: { clientId: string; outletId: string; accountId: string }, payloads: Record<string, unknown>[]): Promise<number[]> {
  const rows = await tx
    .insert(inboxEvents)
    .values(payloads.map((payload) => ({ ...scope, payload })))
    .returning({ id: inboxEvents.id });
  return rows.map((r) => r.id);
}

/** Page ids and Instagram account ids of the pages in `scope` (the inbox accounts it may see). */
export async function accountIdsInScope(db: Db, scope: TenantScope): Promise<string[]> {
  const rows = await db.select({ id: facebookPages.id, ig: facebookPages.instagramUserId }).from(facebookPages).where(tenantScope(scope, facebookPages));
  return rows.flatMap((r) => (r.ig ? [r.id, r.ig] : [r.id]));
}

/**
 * The id of the last event stored before `before` (0 when none), over every client. `created_at`
 * is the storing transaction's start, so a transaction that began earlier and committed later
 * has a lower time but may have a higher id: callers keep a margin. Reads backwards along the
 * primary key from the newest event to the first one older than `before`.
 */
export async function lastEventIdBefore(db: Db, before: Date): Promise<number> {
  const [row] = await db.select({ id: sql<string | number | null>`max(${inboxEvents.id})` }).from(inboxEvents).where(lt(inboxEvents.createdAt, before));
  return Number(row?.id ?? 0);
}

/** Stored events of `clientId` on `accountIds` with an id above `afterId`, in id order, at most `limit`. */
export function eventsAfter(db: Db, clientId: string, accountIds: string[], afterId: number, limit: number): Promise<{ id: number; payload: Record<string, unknown> }[]> {
  return db
    .select({ id: inboxEvents.id, payload: inboxEvents.payload })
    .from(inboxEvents)
    .where(and(eq(inboxEvents.clientId, clientId), gt(inboxEvents.id, afterId), inArray(inboxEvents.accountId, accountIds)))
    .orderBy(asc(inboxEvents.id))
    .limit(limit);
}

// ── The Overview (modules/overview) ──────────────────────────────────────────────

/**
 * A conversation waits for a reply when the guest spoke last since `since` (the 7-day window's
 * start: after it nobody can answer) and the page has sent nothing at or after that message.
 */
const waitingSince = (since: Date): SQL =>
  and(
    gt(conversations.lastGuestMessageAt, since),
    sql`not exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.direction} = 'page' and ${messages.createdTime} >= ${conversations.lastGuestMessageAt})`,
  )!;

/** Conversations waiting for a reply per outlet of `scope`. */
export function waitingByOutlet(db: Db, scope: TenantScope, since: Date): Promise<{ outletId: string; waiting: number }[]> {
  return db
    .select({ outletId: conversations.outletId, waiting: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(tenantScope(scope, conversations), waitingSince(since)))
    .groupBy(conversations.outletId);
}

/**
 * The `limit` waiting conversations whose reply window closes soonest: a guest message after
 * `standardSince` (24 h ago) closes its standard window 24 h after it, an older one its
 * HUMAN_AGENT window 7 days after it (docs/requirements/platform-apis.md#window).
 */
export function waitingConversations(db: Db, scope: TenantScope, since: Date, standardSince: Date, limit: number) {
  const closes = sql`case when ${conversations.lastGuestMessageAt} > ${standardSince} then ${conversations.lastGuestMessageAt} + interval '24 hours' else ${conversations.lastGuestMessageAt} + interval '7 days' end`;
  return db
    .select({ c: conversations, outletName: outlets.name })
    .from(conversations)
    .innerJoin(outlets, eq(outlets.id, conversations.outletId))
    .where(and(tenantScope(scope, conversations), waitingSince(since)))
    .orderBy(asc(closes), asc(conversations.id))
    .limit(limit);
}
