import type { FastifyBaseLogger } from 'fastify';
import {
  CHANNELS,
  type TChannel,
  type TConversation,
  type TInboxEvent,
  type TInboxMessage,
  type TInboxPage,
  type TReplayAck,
  type TSendMessageRequest,
} from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { parseCursor } from '../../lib/keyset.ts';
import { GraphError, writeOutcomeUnknown } from '../../lib/graph-client.ts';
import { graphWriteRefusal } from '../../lib/graph-errors.ts';
import type { AuthContext } from '../access/index.ts';
import { decryptPageToken, recordTokenDeath, tokenIsDead } from '../meta/index.ts';
import { recordEvents, type PendingEvent, type RoutedEvent } from './events.ts';
import { replyWindow, toConversation, toConversationChecked, toMessage, toMessageChecked } from './inbox.mappers.ts';
import * as repo from './inbox.repository.ts';
import { UNSENT_SNIPPET, readAttachments, snippetOf } from './meta-payloads.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import { transactionThenPublish } from '../../lib/realtime.ts';

/**
 * The social inbox: conversations and messages of Messenger and Instagram accounts, stored from
 * Meta webhooks (each message exactly once, unique on `mid`) and from a Graph backfill, sent
 * through the Send API with the 24 h / 7 d window
 * (docs/requirements/platform-apis.md#messenger-and-instagram-messaging and
 * platform-apis.md#webhooks).
 */

/** @throws HttpError 404 for a channel other than messenger/instagram. */
export function parseChannel(raw: string): TChannel {
  if ((CHANNELS as readonly string[]).includes(raw)) return raw as TChannel;
  throw notFound(`Unknown channel '${raw}': use messenger or instagram`);
}

/** Inbox accounts of a channel the caller may see (client, visible outlets), with unread totals. */
export function listAccounts(ctx: AppContext, auth: AuthContext, channel: TChannel): Promise<TInboxPage[]> {
  return repo.listAccounts(ctx.db, auth.clientId!, auth.outletIds, channel);
}

/** @throws HttpError 404 unless the account belongs to the caller's client and a visible outlet. */
export async function visibleAccount(ctx: AppContext, auth: AuthContext, channel: TChannel, accountId: string): Promise<repo.PageRow> {
  const page = await repo.findAccount(ctx.db, channel, accountId);
  if (!page || !inTenantScope(auth, page)) {
    throw notFound(`${channel === 'messenger' ? 'Facebook page' : 'Instagram account'} ${accountId} not found`);
  }
  return page;
}

async function visibleConversation(ctx: AppContext, auth: AuthContext, channel: TChannel, accountId: string, conversationId: string) {
  // Read together (one round trip less per messages page); the conversation is looked at only
  // once the account is known to be visible.
  const [page, conv] = await Promise.all([visibleAccount(ctx, auth, channel, accountId), repo.getConversation(ctx.db, accountId, Number(conversationId))]);
  if (!conv || conv.channel !== channel) throw notFound(`Conversation ${conversationId} not found`);
  return { page, conv };
}

/**
 * One keyset page of a page's conversations. A row that cannot be shown is left out and logged
 * once (one bad row never poisons a list).
 * @param log where bad rows are reported (the request's logger)
 */
export async function listConversations(ctx: AppContext, auth: AuthContext, channel: TChannel, accountId: string, q: { cursor?: string; limit: number }, log?: FastifyBaseLogger) {
  await visibleAccount(ctx, auth, channel, accountId);
  const { rows, next } = await repo.listConversations(ctx.db, channel, accountId, parseCursor(q.cursor), q.limit);
  const now = ctx.now();
  return { data: rows.flatMap((r) => toConversationChecked(r, now, log) ?? []), paging: { nextCursor: next } };
}

/**
 * One keyset page of a conversation's messages, newest first. Bad rows are repaired (unknown
 * attachments → unsupported) or left out, and logged once.
 * @throws HttpError 404 when the conversation is not visible, or cannot be shown at all
 */
export async function listMessages(ctx: AppContext, auth: AuthContext, channel: TChannel, accountId: string, conversationId: string, q: { cursor?: string; limit: number }, log?: FastifyBaseLogger) {
  const { conv } = await visibleConversation(ctx, auth, channel, accountId, conversationId);
  const { rows, next } = await repo.listMessages(ctx.db, conv.id, parseCursor(q.cursor), q.limit);
  const conversation = toConversationChecked(conv, ctx.now(), log);
  if (!conversation) throw notFound(`Conversation ${conversationId} cannot be shown`);
  return {
    data: rows.flatMap((r) => toMessageChecked(r.m, conv, r.sentBy, log) ?? []),
    paging: { nextCursor: next },
    conversation,
  };
}

/** @throws HttpError 404 when the message is not visible, or its row cannot be shown */
export async function getMessage(ctx: AppContext, auth: AuthContext, channel: TChannel, accountId: string, messageId: string, log?: FastifyBaseLogger): Promise<TInboxMessage> {
  await visibleAccount(ctx, auth, channel, accountId);
  const row = await repo.getMessageWithAuthor(ctx.db, Number(messageId));
  if (!row || row.c.accountId !== accountId || row.c.channel !== channel) throw notFound(`Message ${messageId} not found`);
  const message = toMessageChecked(row.m, row.c, row.sentBy, log);
  if (!message) throw notFound(`Message ${messageId} cannot be shown`);
  return message;
}

/**
 * Graph errors of the Send API in the words a restaurant's staff need: the window and
 * a blocked guest here, the rest (dead token 409, rate limit or Facebook down 503 with
 * Retry-After, other refusals 502) by `graphWriteRefusal`. A dead token is recorded
 * on the page, so later sends and syncs do not call Graph with it again.
 */
async function sendError(ctx: AppContext, page: { id: string; pageAccessTokenEnc: string | null }, e: GraphError, what: 'message' | 'reaction'): Promise<HttpError> {
  if (e.code === 10 && e.subcode === 2018278) return new HttpError(409, 'This conversation is outside the reply window: the guest’s last message is more than 7 days old.', { code: 'graph_10_2018278' });
  if (e.code === 551) return new HttpError(409, 'This guest isn’t available right now (they may have blocked the page or turned off messages).', { code: 'graph_551' });
  if (e.isTokenError) await recordTokenDeath(ctx, page, e);
  return graphWriteRefusal(e, what, what === 'message' ? 'send messages' : 'react to messages');
}

/** A send or reaction on a page whose token Facebook already refused: 409 without calling Graph. */
function deadTokenError(page: repo.PageRow): HttpError {
  return new HttpError(409, page.syncMessage ?? 'Facebook rejected this page’s access token. Reconnect the page to send messages.', { code: 'graph_190' });
}

/**
 * Sends a text or an image as the page through the Send API (`POST /{page-id}/messages`).
 * Within 24 h of the guest's last message it is a RESPONSE; up to 7 days a MESSAGE_TAG with
 * HUMAN_AGENT; after that it is refused before calling Facebook. With an `Idempotency-Key`, a
 * retried send answers the first result and never posts twice. When the Send API times out
 * (or answers 5xx) the thread is read back: the message is there → stored and answered as sent;
 * not there → 502; the read-back failed → 504, and the key stays so a retry reads back again
 * before sending (docs/decisions/0014-writes-to-meta.md).
 * @throws HttpError 404, 409 (window closed, key in progress, guest unavailable, token), 502/503, 504
 */
export async function sendMessage(
  ctx: AppContext,
  auth: AuthContext,
  channel: TChannel,
  accountId: string,
  conversationId: string,
  body: TSendMessageRequest,
  idempotencyKey: string | undefined,
): Promise<{ message: TInboxMessage; conversation: TConversation }> {
  const { page, conv } = await visibleConversation(ctx, auth, channel, accountId, conversationId);
  const clientId = page.clientId;
  let retryOfUnknown = false;
  if (idempotencyKey !== undefined) {
    if (!(await repo.reserveSendKey(ctx.db, clientId, idempotencyKey))) {
      const existing = await repo.getSendKey(ctx.db, clientId, idempotencyKey);
      // An earlier attempt timed out without a known outcome: this retry reads back first.
      const claimed = existing && !existing.messageId && existing.outcomeUnknownAt ? await repo.claimUnknownSendKey(ctx.db, clientId, idempotencyKey) : false;
      if (claimed) retryOfUnknown = true;
      else if (!existing?.messageId) throw new HttpError(409, 'A send with this Idempotency-Key is still in progress', { code: 'idempotency_in_progress' });
      else {
      const row = await repo.getMessageWithAuthor(ctx.db, existing.messageId);
      if (!row || row.c.id !== conv.id) throw new HttpError(409, 'This Idempotency-Key was used for another conversation', { field: 'Idempotency-Key' });
      return { message: toMessage(row.m, row.c, row.sentBy), conversation: toConversation(row.c, ctx.now()) };
      }
    }
  }
  // After a timeout with no known outcome the key is kept (marked), so a retry reads back
  // instead of sending twice (docs/decisions/0014-writes-to-meta.md).
  let keepKey = false;
  const markUnknown = async () => {
    keepKey = true;
    if (idempotencyKey !== undefined) await repo.markSendKeyUnknown(ctx.db, clientId, idempotencyKey, ctx.now());
  };
  const release = async () => {
    if (idempotencyKey !== undefined && !keepKey) await repo.releaseSendKey(ctx.db, clientId, idempotencyKey);
  };
  const startedAt = ctx.now();
  try {
    const window = replyWindow(conv.lastGuestMessageAt, ctx.now());
    if (window.state === 'closed') throw new HttpError(409, 'This conversation is outside the reply window: Meta allows replies only within 7 days of the guest’s last message.', { code: 'window_closed' });
    const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
    if (!token) throw new HttpError(409, 'This page is not connected. Connect it to send messages.', { code: 'not_connected' });
    if (tokenIsDead(page)) throw deadTokenError(page);
    const humanAgent = window.state === 'human_agent';
    const message = body.imageUrl ? { attachment: { type: 'image', payload: { url: body.imageUrl, is_reusable: true } } } : { text: body.text };
    let sent: { message_id: string } | null = null;
    let createdTime = ctx.now();
    const readBack = async () => {
      try {
        return await readBackSend(ctx, page.id, conv, channel, body, startedAt, token);
      } catch (e) {
        if (!(e instanceof GraphError)) throw e;
        await markUnknown();
        throw new HttpError(
          504,
          'Facebook did not answer in time, and DineDesk could not check whether the message was sent. Send it again: DineDesk looks for it first, so it will not arrive twice.',
          { code: 'graph_outcome_unknown', retryAfterSeconds: 30 },
        );
      }
    };
    if (retryOfUnknown) {
      const found = await readBack();
      if (found) ({ sent, createdTime } = found);
    }
    if (!sent) {
      try {
        sent = await ctx.graph.postJson<{ recipient_id: string; message_id: string }>(
          `${page.id}/messages`,
          { recipient: { id: conv.guestId }, messaging_type: humanAgent ? 'MESSAGE_TAG' : 'RESPONSE', ...(humanAgent ? { tag: 'HUMAN_AGENT' } : {}), message },
          token,
        );
        createdTime = ctx.now();
      } catch (e) {
        if (!(e instanceof GraphError)) throw e;
        if (!writeOutcomeUnknown(e)) throw await sendError(ctx, page, e, 'message');
        // Timed out (or 5xx): the message may have gone out. Read the thread back before saying so.
        const found = await readBack();
        if (!found) {
          await markUnknown();
          throw new HttpError(502, `Facebook did not accept the message: ${e.message}, and it is not in the conversation. Nothing was sent; you can send it again.`, { code: 'graph_not_landed' });
        }
        ({ sent, createdTime } = found);
      }
    }
    const delivered = sent;
    const result = await transactionThenPublish(ctx, async (tx, outbox) => {
      const stored = await storeMessage(
        tx,
        conv,
        {
          mid: delivered.message_id,
          direction: 'page',
          text: body.imageUrl ? null : (body.text ?? null),
          attachments: body.imageUrl ? [{ type: 'image', url: body.imageUrl }] : [],
          createdTime,
          sentByUserId: auth.userId,
          humanAgentTag: humanAgent,
        },
        { now: ctx.now() },
      );
      // The echo webhook may have stored it first; then this send still answers that message.
      const m = await repo.findMessageByMid(tx, delivered.message_id);
      if (idempotencyKey !== undefined) await repo.setSendKeyMessage(tx, clientId, idempotencyKey, m!.id);
      if (!stored.inserted) await repo.setMessageAuthor(tx, m!.id, { userId: auth.userId, humanAgentTag: humanAgent });
      outbox.emit(stored.events);
      return { m: { ...m!, sentByUserId: auth.userId, humanAgentTag: humanAgent }, conv: stored.conv };
    });
    const msg = toMessage(result.m, result.conv, auth.fullName);
    return { message: msg, conversation: toConversation(result.conv, ctx.now()) };
  } catch (e) {
    await release();
    throw e;
  }
}

/** How far back (ms) a read-back looks for a sent message: covers clock skew with Graph. */
const READ_BACK_WINDOW_MS = 10 * 60_000;

/**
 * After a Send API call that timed out, reads the thread's newest messages back (Conversations
 * API `GET /{page-id}/conversations?platform=&user_id={guest}` with `messages.limit(20)`) and
 * returns the page's message with this content, sent since `since`, that no earlier DineDesk
 * send already answered; null when it is not there.
 * @throws GraphError when the read-back itself fails
 */
async function readBackSend(ctx: AppContext, pageId: string, conv: repo.ConversationRow, channel: TChannel, body: TSendMessageRequest, since: Date, token: string) {
  type Read = { id: string; created_time?: string; from?: { id?: string }; message?: string; attachments?: { data?: unknown[] } };
  const res = await ctx.graph.get<{ data?: { messages?: { data?: Read[] } }[] }>(
    `${pageId}/conversations`,
    { platform: channel, user_id: conv.guestId, fields: 'messages.limit(20){id,created_time,from,message,attachments}' },
    token,
  );
  const wantText = body.imageUrl ? null : (body.text ?? '').trim();
  const hits = (res.data ?? [])
    .flatMap((c) => c.messages?.data ?? [])
    .filter((m) => typeof m?.id === 'string' && m.from?.id === conv.accountId)
    .map((m) => ({ m, at: new Date((m.created_time ?? '').replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) }))
    .filter(({ at }) => !Number.isNaN(at.getTime()) && at.getTime() >= since.getTime() - READ_BACK_WINDOW_MS)
    .filter(({ m }) => (wantText !== null ? (m.message ?? '').trim() === wantText : !m.message && (m.attachments?.data?.length ?? 0) > 0));
  if (!hits.length) return null;
  // A message stored with its DineDesk author answers an earlier send, not this one.
  const taken = await repo.midsSentFromDineDesk(ctx.db, hits.map((h) => h.m.id));
  const hit = hits.filter((h) => !taken.has(h.m.id)).sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  return hit ? { sent: { message_id: hit.m.id }, createdTime: hit.at } : null;
}

/**
 * Reacts to a message as the page (`sender_action: react`), or removes the page's reaction
 * (`unreact`) when `reaction` is null. Send API, docs/requirements/platform-apis.md#reactions.
 */
export async function react(ctx: AppContext, auth: AuthContext, channel: TChannel, accountId: string, conversationId: string, messageId: string, reaction: string | null) {
  const { page, conv } = await visibleConversation(ctx, auth, channel, accountId, conversationId);
  const row = await repo.getMessageWithAuthor(ctx.db, Number(messageId));
  if (!row || row.c.id !== conv.id) throw notFound(`Message ${messageId} not found in conversation ${conversationId}`);
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) throw new HttpError(409, 'This page is not connected. Connect it to react to messages.', { code: 'not_connected' });
  if (tokenIsDead(page)) throw deadTokenError(page);
  try {
    await ctx.graph.postJson(
      `${page.id}/messages`,
      reaction
        ? { recipient: { id: conv.guestId }, sender_action: 'react', payload: { message_id: row.m.mid, reaction } }
        : { recipient: { id: conv.guestId }, sender_action: 'unreact', payload: { message_id: row.m.mid } },
      token,
    );
  } catch (e) {
    if (e instanceof GraphError) throw await sendError(ctx, page, e, 'reaction');
    throw e;
  }
  const at = ctx.now();
  return transactionThenPublish(ctx, async (tx, outbox) => {
    const m = await repo.setPageReaction(tx, row.m.id, reaction, at);
    const message = toMessage(m!, conv, row.sentBy);
    outbox.emit(await recordEvents(tx, scopeOf(conv), [{ type: 'reaction', pageId: conv.accountId, channel: conv.channel as TChannel, conversationId: String(conv.id), message }]));
    return { message };
  });
}

/**
 * Marks a conversation read by the page's staff (unread count back to 0); its `read` and
 * `conversation` events are published once the transaction has committed.
 */
export async function markRead(ctx: AppContext, auth: AuthContext, channel: TChannel, accountId: string, conversationId: string): Promise<{ conversation: TConversation }> {
  const { conv } = await visibleConversation(ctx, auth, channel, accountId, conversationId);
  return transactionThenPublish(ctx, async (tx, outbox) => {
    const c = await repo.markConversationRead(tx, conv.id);
    const conversation = toConversation(c!, ctx.now());
    const events = await recordEvents(tx, scopeOf(c!), [
      { type: 'read', pageId: c!.accountId, channel: c!.channel as TChannel, conversationId: String(c!.id), by: 'page', watermark: ctx.now().toISOString() },
      { type: 'conversation', pageId: c!.accountId, channel: c!.channel as TChannel, conversationId: String(c!.id), conversation },
    ]);
    outbox.emit(events);
    return { conversation };
  });
}

const scopeOf = (c: repo.ConversationRow) => ({ clientId: c.clientId, outletId: c.outletId, accountId: c.accountId });

/** A message to store; text from Meta must already be cleaned (`cleanText`). */
export type IncomingMessage = repo.MessageInsert;

/** Options of {@link storeMessages}. */
export interface StoreOptions {
  /** false: record no socket events (the backfill is not replayed to sockets). */
  record?: boolean;
  /** Graph's own unread count of the thread (backfill); wins over counting guest messages. */
  unreadCount?: number;
  /** The app clock (`ctx.now()`): the reply window of the recorded conversation event is computed at this time. */
  now: Date;
}

/**
 * Stores a message exactly once (unique `mid`) and folds it into its conversation: counts,
 * unread, snippet and window move only forward in time, so out-of-order deliveries converge.
 */
export function storeMessage(tx: Db, conv: repo.ConversationRow, m: IncomingMessage, opts: StoreOptions): Promise<{ inserted: boolean; conv: repo.ConversationRow; events: RoutedEvent[] }> {
  return storeMessages(tx, conv, [m], opts).then((r) => ({ inserted: r.inserted > 0, conv: r.conv, events: r.events }));
}

/**
 * Stores several messages of one conversation with one INSERT and one UPDATE (the backfill
 * path: a statement per message would hold PGlite's single connection for seconds).
 * Messages already stored (same `mid`) are skipped. Run it inside the caller's transaction and
 * emit the returned events after commit.
 */
export async function storeMessages(tx: Db, conv: repo.ConversationRow, batch: IncomingMessage[], opts: StoreOptions): Promise<{ inserted: number; conv: repo.ConversationRow; events: RoutedEvent[] }> {
  if (batch.length === 0) return { inserted: 0, conv, events: [] };
  const inserted = await repo.insertMessages(tx, conv, batch);
  if (inserted.length === 0) return { inserted: 0, conv, events: [] };
  const newest = inserted.reduce((a, b) => (b.createdTime > a.createdTime ? b : a));
  const guestTimes = inserted.filter((m) => m.direction === 'guest').map((m) => m.createdTime.getTime());
  const updated = await repo.foldMessagesIntoConversation(tx, conv.id, {
    added: inserted.length,
    guestAdded: guestTimes.length,
    newest: { at: newest.createdTime, snippet: newest.deletedAt ? UNSENT_SNIPPET : snippetOf(newest.text, readAttachments(newest.attachments).attachments) },
    lastGuest: guestTimes.length ? new Date(Math.max(...guestTimes)) : null,
    unreadCount: opts.unreadCount,
  });
  if (opts.record === false) return { inserted: inserted.length, conv: updated!, events: [] };
  const channel = conv.channel as TChannel;
  const pending: PendingEvent[] = [
    ...inserted.map((m) => ({ type: 'message' as const, pageId: conv.accountId, channel, conversationId: String(conv.id), message: toMessage(m, conv, null) })),
    { type: 'conversation', pageId: conv.accountId, channel, conversationId: String(conv.id), conversation: toConversation(updated!, opts.now) },
  ];
  return { inserted: inserted.length, conv: updated!, events: await recordEvents(tx, scopeOf(conv), pending) };
}

/**
 * The inbox accounts (page ids and Instagram ids) whose socket rooms the caller may join: those
 * of the pages in its tenant scope, none without `read Conversation` or a client
 * (docs/requirements/calls.md, decision 0008). Asked by the socket plugin at the handshake, on
 * replay and on access changes.
 */
export async function realtimeAccounts(ctx: AppContext, auth: AuthContext): Promise<string[]> {
  if (!auth.clientId || !auth.ability.can('read', 'Conversation')) return [];
  return repo.accountIdsInScope(ctx.db, auth);
}

/** How long before a lost Redis link was noticed events may already have been missed (decision 0021). */
export const RESYNC_MARGIN_MS = 5_000;

/**
 * Where sockets replay from after this process's link to the other processes (Redis) was down
 * since `downSince` (`realtime:resync`, decision 0021): the last event stored
 * {@link RESYNC_MARGIN_MS} before that, so events published into a link that was already dead
 * but not yet noticed, and transactions that began before it and committed after, are replayed
 * too. Events of every client: each socket's replay is narrowed to what it may see.
 */
export function resyncWatermark(ctx: AppContext, downSince: Date): Promise<number> {
  return repo.lastEventIdBefore(ctx.db, new Date(downSince.getTime() - RESYNC_MARGIN_MS));
}

/**
 * What a reconnecting socket missed (`inbox:replay`, docs/requirements/calls.md): the caller's
 * stored events with an id above `afterEventId`, on the accounts it may see now, in id order, at
 * most `limit`.
 * @returns the events and whether they are all (`complete` false: ask again after the last one)
 */
export async function replayEvents(ctx: AppContext, auth: AuthContext, afterEventId: number, limit: number): Promise<TReplayAck> {
  const accounts = await realtimeAccounts(ctx, auth);
  if (!accounts.length) return { events: [], complete: true };
  const rows = await repo.eventsAfter(ctx.db, auth.clientId!, accounts, afterEventId, limit);
  return { events: rows.map((r) => ({ ...r.payload, eventId: r.id }) as TInboxEvent), complete: rows.length < limit };
}
