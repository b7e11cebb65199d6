import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ZConversation, ZInboxMessage, type TChannel, type TConversation, type TInboxMessage, type TInboxPage, type TReplyWindow } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { afterPosition, keysetPage, type KeysetPosition } from '../../lib/keyset.ts';
import { schema } from '../../db/client.ts';
import { readAttachments, reportOnce } from './meta-payloads.ts';

const { conversations, messages, facebookPages, outlets, brands, users } = schema;

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type PageRow = typeof facebookPages.$inferSelect;

const HOUR = 3_600_000;
/** Messaging window of the Send API (external-apis.md §3): 24 h standard, 7 days HUMAN_AGENT. */
export const STANDARD_WINDOW_MS = 24 * HOUR;
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR;

/** The reply window at `now` given the guest's last message (external-apis.md §3 "Window"). */
export function replyWindow(lastGuestMessageAt: Date | null, now: Date): TReplyWindow {
  const last = lastGuestMessageAt?.toISOString() ?? null;
  if (!lastGuestMessageAt) return { state: 'closed', endsAt: null, lastGuestMessageAt: last };
  const age = now.getTime() - lastGuestMessageAt.getTime();
  if (age < STANDARD_WINDOW_MS) return { state: 'standard', endsAt: new Date(lastGuestMessageAt.getTime() + STANDARD_WINDOW_MS).toISOString(), lastGuestMessageAt: last };
  if (age < HUMAN_AGENT_WINDOW_MS) return { state: 'human_agent', endsAt: new Date(lastGuestMessageAt.getTime() + HUMAN_AGENT_WINDOW_MS).toISOString(), lastGuestMessageAt: last };
  return { state: 'closed', endsAt: null, lastGuestMessageAt: last };
}

export function toConversation(c: ConversationRow, now: Date): TConversation {
  return {
    id: String(c.id),
    channel: c.channel as TChannel,
    pageId: c.accountId,
    guest: { id: c.guestId, name: c.guestName || `Guest ${c.guestId.slice(-4)}`, username: c.guestUsername },
    snippet: c.snippet,
    updatedTime: c.updatedTime.toISOString(),
    unreadCount: c.unreadCount,
    messageCount: c.messageCount,
    window: replyWindow(c.lastGuestMessageAt, now),
    guestDeliveredAt: c.guestDeliveredAt?.toISOString() ?? null,
    guestReadAt: c.guestReadAt?.toISOString() ?? null,
  };
}

/**
 * A message row as the API shows it. Attachments are re-checked against the contract
 * (`readAttachments`): an item that does not parse is shown as unsupported. An unsent message
 * (Instagram `is_deleted`) shows no text and no attachments, whatever the row still holds.
 * @throws RangeError for a row whose time JavaScript cannot represent (see {@link toMessageChecked})
 */
export function toMessage(m: MessageRow, conv: Pick<ConversationRow, 'accountId' | 'channel'>, sentByName: string | null): TInboxMessage {
  const deleted = m.deletedAt !== null && m.deletedAt !== undefined;
  const postbackTitle = m.postback && typeof m.postback.title === 'string' ? m.postback.title : null;
  return {
    id: String(m.id),
    mid: m.mid,
    conversationId: String(m.conversationId),
    pageId: conv.accountId,
    channel: conv.channel as TChannel,
    direction: m.direction as 'guest' | 'page',
    text: deleted ? null : m.text,
    attachments: deleted ? [] : readAttachments(m.attachments).attachments,
    createdTime: m.createdTime.toISOString(),
    reactions: { page: m.pageReaction, guest: m.guestReaction },
    sentBy: sentByName,
    humanAgentTag: m.humanAgentTag,
    postback: postbackTitle !== null ? { title: postbackTitle } : null,
    deleted,
  };
}

/**
 * {@link toMessage} for lists: one bad row must not make its thread answer 500 on every load
 * (issue #8). Repairable parts are repaired (attachments); a row that still fails the response
 * contract (an unknown direction, a time beyond what JavaScript represents) is left out. Either
 * is logged once per row.
 * @returns the message, or null when the row cannot be shown
 */
export function toMessageChecked(m: MessageRow, conv: Pick<ConversationRow, 'accountId' | 'channel'>, sentByName: string | null, log?: Pick<FastifyBaseLogger, 'warn'>): TInboxMessage | null {
  try {
    const message = toMessage(m, conv, sentByName);
    const checked = ZInboxMessage.safeParse(message);
    if (!checked.success) {
      reportOnce(log, `message:${m.id}`, { messageId: m.id, conversationId: m.conversationId, issue: checked.error.issues[0]?.path.join('.') }, 'inbox message row fails the response contract; left out of its thread');
      return null;
    }
    if (readAttachments(m.attachments).repaired) {
      reportOnce(log, `message:${m.id}`, { messageId: m.id, conversationId: m.conversationId }, 'inbox message row has attachments of an unknown shape; shown as unsupported');
    }
    return message;
  } catch (err) {
    reportOnce(log, `message:${m.id}`, { messageId: m.id, conversationId: m.conversationId, err }, 'inbox message row cannot be shown; left out of its thread');
    return null;
  }
}

/**
 * {@link toConversation} for lists: a row that cannot be shown (e.g. a time beyond what
 * JavaScript represents) is left out and logged once, so the page's other conversations still
 * load (issue #8).
 */
export function toConversationChecked(c: ConversationRow, now: Date, log?: Pick<FastifyBaseLogger, 'warn'>): TConversation | null {
  try {
    const conversation = toConversation(c, now);
    const checked = ZConversation.safeParse(conversation);
    if (checked.success) return conversation;
    reportOnce(log, `conversation:${c.id}`, { conversationId: c.id, issue: checked.error.issues[0]?.path.join('.') }, 'inbox conversation row fails the response contract; left out of the list');
  } catch (err) {
    reportOnce(log, `conversation:${c.id}`, { conversationId: c.id, err }, 'inbox conversation row cannot be shown; left out of the list');
  }
  return null;
}

/** The page row behind a `{pageId}` of a channel: the Facebook Page, or its Instagram account. */
export async function findAccount(db: Db, channel: TChannel, accountId: string): Promise<PageRow | undefined> {
  const col = channel === 'messenger' ? facebookPages.id : facebookPages.instagramUserId;
  const [row] = await db.select().from(facebookPages).where(eq(col, accountId));
  return row;
}

/** Inbox accounts of a channel for a client (optionally some outlets), with unread totals. */
export async function listAccounts(db: Db, clientId: string, outletIds: string[] | null, channel: TChannel): Promise<TInboxPage[]> {
  const conds: SQL[] = [eq(facebookPages.clientId, clientId)];
  if (outletIds) conds.push(inArray(facebookPages.outletId, outletIds.length ? outletIds : ['00000000-0000-0000-0000-000000000000']));
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
    };
  });
}

/** One keyset page of an account's conversations, most recently updated first. */
export async function listConversations(db: Db, channel: TChannel, accountId: string, after: KeysetPosition | undefined, limit: number) {
  const conds: SQL[] = [eq(conversations.accountId, accountId), eq(conversations.channel, channel)];
  if (after) conds.push(afterPosition(conversations.updatedTime, conversations.id, after));
  const rows = await db.select().from(conversations).where(and(...conds)).orderBy(desc(conversations.updatedTime), desc(conversations.id)).limit(limit + 1);
  return keysetPage(rows, limit, (c) => ({ time: c.updatedTime, id: c.id }));
}

export async function getConversation(db: Db, accountId: string, conversationId: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)));
  return row;
}

/** One keyset page of a conversation's messages, newest first. */
export async function listMessages(db: Db, conversationId: number, after: KeysetPosition | undefined, limit: number) {
  const conds: SQL[] = [eq(messages.conversationId, conversationId)];
  if (after) conds.push(afterPosition(messages.createdTime, messages.id, after));
  const rows = await db
    .select({ m: messages, sentBy: users.fullName })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.sentByUserId))
    .where(and(...conds))
    .orderBy(desc(messages.createdTime), desc(messages.id))
    .limit(limit + 1);
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
