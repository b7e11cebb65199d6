import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { TChannel } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import { cleanText } from '../../lib/text.ts';
import { defineJob } from '../../lib/jobs.ts';
import { recordEvents, type RoutedEvent } from './events.ts';
import { transactionThenPublish } from '../../lib/realtime.ts';
import { ingestFeedChanges } from '../reviews/index.ts';
import { queueAutomation } from '../automation/index.ts';
import { toConversation, toMessage } from './inbox.mappers.ts';
import * as repo from './inbox.repository.ts';
import * as deliveries from './webhook.repository.ts';
import { guestNameJob } from './inbox-sync.service.ts';
import { storeMessage } from './inbox.service.ts';
import { UNSENT_SNIPPET, eventTime, fromMetaAttachments, reportOnce } from './meta-payloads.ts';

/**
 * Meta webhooks for Messenger (`object: page`) and Instagram (`object: instagram`)
 * (docs/requirements/platform-apis.md#webhooks; Messenger Platform and Instagram Messaging webhook
 * references). Deliveries are at least once, batched and unordered: messages are stored once per
 * `mid`; reactions, reads and deliveries apply only when newer than what is stored; an unsend that
 * overtakes its message leaves a tombstone the late message cannot overwrite.
 *
 * Every documented messaging event is stored and shown, or deliberately ignored with a 200
 * (docs/decisions/0013-meta-payloads.md). Nothing Meta sends is refused: text is cleaned,
 * unknown attachment types are stored as unsupported, impossible timestamps become the receipt
 * time, and an event that still fails to store is logged and skipped while the rest of the
 * delivery is stored, since Meta would otherwise retry the whole batch for ~36 h.
 */

/**
 * Verifies `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>` over the exact
 * bytes received (Meta signs its own escaped serialisation; never re-serialise), in constant time.
 */
export function verifySignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(m[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A Graph id as it appears in webhooks: digits, letters, `_`, `-`, `.`, `:`, `$`, `=` (no control characters). */
const ZId = z.string().min(1).max(256).regex(/^[\x21-\x7e]+$/, 'id must be printable ASCII');

const ZMessaging = z.looseObject({
  sender: z.object({ id: ZId }),
  recipient: z.object({ id: ZId }),
  // Checked by `eventTime`: an impossible value becomes the receipt time, never a refusal.
  timestamp: z.unknown(),
  message: z
    .looseObject({
      mid: ZId,
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      attachments: z.unknown().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
    })
    .optional(),
  postback: z.looseObject({ mid: ZId.optional(), title: z.string().optional(), payload: z.string().optional() }).optional(),
  reaction: z.looseObject({ mid: ZId, action: z.enum(['react', 'unreact']), reaction: z.string().optional(), emoji: z.string().optional() }).optional(),
  read: z.looseObject({ watermark: z.unknown().optional(), mid: ZId.optional() }).optional(),
  delivery: z.looseObject({ watermark: z.unknown().optional(), mids: z.array(ZId).optional() }).optional(),
});
type MessagingEvent = z.infer<typeof ZMessaging>;

export const ZWebhookBody = z.object({
  object: z.string(),
  entry: z.array(z.looseObject({ id: z.string(), time: z.unknown().optional(), messaging: z.array(z.unknown()).optional() })).max(1000),
});

/**
 * Takes a verified delivery (acknowledged before processing): stores the signed
 * bytes once, keyed by their SHA-256, and queues `inbox.process-webhook` in the same
 * transaction, so the delivery and its job exist together or not at all. A repeated body (Meta
 * retries what was not answered in time) lands on the stored row; if that one was never
 * processed, its job is queued again (at most one queued per delivery: stately policy).
 * @param raw the body exactly as received and verified
 * @param object the payload's `object` (`page` or `instagram`)
 * @returns the delivery id and whether the same body had been received before
 */
export async function acceptDelivery(ctx: AppContext, raw: Buffer, object: string): Promise<{ deliveryId: string; duplicate: boolean }> {
  const deliveryId = createHash('sha256').update(raw).digest('hex');
  const duplicate = await ctx.db.transaction(async (tx) => {
    const isNew = await deliveries.insertDelivery(tx, { id: deliveryId, object: object.slice(0, 64), payload: raw.toString('utf8'), receivedAt: ctx.now() });
    if (!isNew && (await deliveries.getDelivery(tx, deliveryId))?.processedAt) return true;
    await ctx.jobs.send(processWebhookJob, { clientId: null, deliveryId }, { tx, singletonKey: deliveryId });
    return !isNew;
  });
  ctx.jobs.wake(processWebhookJob);
  return { deliveryId, duplicate };
}

/**
 * Processes one stored delivery (the `inbox.process-webhook` job): applies its events
 * (`ingestWebhook`), queues the name look-up of guests new to DineDesk, and marks it processed.
 * Safe to run again after a crash: every event is applied at most once per message id.
 * @returns counts for the job's output
 */
export async function processDelivery(ctx: AppContext, deliveryId: string, log?: FastifyBaseLogger): Promise<{ events: number; skipped: number } | { missing: true } | { alreadyProcessed: true }> {
  const row = await deliveries.getDelivery(ctx.db, deliveryId);
  if (!row) return { missing: true };
  if (row.processedAt) return { alreadyProcessed: true };
  let body: z.infer<typeof ZWebhookBody> | null = null;
  try {
    const parsed = ZWebhookBody.safeParse(JSON.parse(row.payload));
    if (parsed.success) body = parsed.data;
  } catch {
    // Checked at intake; a row edited by hand is recorded as processed with nothing applied.
  }
  const result = body ? await ingestWebhook(ctx, body, log) : { events: [], skipped: 0 };
  for (const e of result.events) {
    // The webhook carries only the PSID/IGSID: the name is looked up from the Conversations API.
    if (e.event.type === 'conversation' && !e.event.conversation.guest.username && e.event.conversation.guest.name.startsWith('Guest ')) {
      await ctx.jobs.send(guestNameJob, { clientId: e.clientId, outletId: e.outletId, pageId: e.accountId, conversationId: Number(e.event.conversationId) }, { singletonKey: e.event.conversationId });
    }
  }
  // Guest messages go to the `new_message` automation rules: one queued match per outlet.
  const outletsWithGuestMessages = new Map<string, string>();
  for (const e of result.events) {
    if (e.event.type === 'message' && e.event.message.direction === 'guest') outletsWithGuestMessages.set(e.outletId, e.clientId);
  }
  for (const [outletId, clientId] of outletsWithGuestMessages) await queueAutomation(ctx, clientId, outletId, 'new_message');
  await deliveries.markDeliveryProcessed(ctx.db, deliveryId, { events: result.events.length, skipped: result.skipped, at: ctx.now() });
  return { events: result.events.length, skipped: result.skipped };
}

/** Deletes processed deliveries older than `retentionDays`. @returns how many */
export function pruneDeliveries(ctx: AppContext, retentionDays: number): Promise<number> {
  return deliveries.deleteProcessedDeliveries(ctx.db, new Date(ctx.now().getTime() - retentionDays * 86_400_000));
}

/**
 * Queues again the deliveries still unprocessed `olderThanSeconds` after they arrived (their
 * job failed for good, or was deleted); one queued job per delivery (stately).
 * @returns how many were queued
 */
export async function requeueStrandedDeliveries(ctx: AppContext, olderThanSeconds: number): Promise<number> {
  const ids = await deliveries.listUnprocessedDeliveryIds(ctx.db, new Date(ctx.now().getTime() - olderThanSeconds * 1000), 1000);
  let queued = 0;
  for (const deliveryId of ids) {
    if (await ctx.jobs.send(processWebhookJob, { clientId: null, deliveryId }, { singletonKey: deliveryId })) queued++;
  }
  if (queued > 0) ctx.jobs.wake(processWebhookJob);
  return queued;
}

/**
 * `inbox.process-webhook`: one stored Meta delivery. Retried with backoff when the database
 * fails; events already applied are not applied twice.
 */
export const processWebhookJob = defineJob<{ clientId: null; deliveryId: string }, AppContext>({
  name: 'inbox.process-webhook',
  subject: 'Conversation',
  schema: z.object({ clientId: z.null(), deliveryId: z.string().regex(/^[0-9a-f]{64}$/) }),
  retryLimit: 8,
  retryDelaySeconds: 2,
  retryBackoff: true,
  expireInSeconds: 120,
  policy: 'stately',
  // Deliveries touch different conversations; ordering between them is handled per event.
  concurrency: 4,
  handler: (ctx, data, meta) => processDelivery(ctx, data.deliveryId, meta.log),
});

/** Longest reaction stored (an emoji sequence or Meta's name); longer values are cut. */
const REACTION_MAX = 32;

/**
 * Applies one verified webhook delivery, one event per transaction. Events of unknown
 * accounts, of kinds the inbox does not use (optins, referrals, handovers, feed changes: those
 * are the reviews module's), malformed events and events that fail to store are acknowledged
 * and counted as skipped; a failure is logged once.
 * @param log where skipped events and repaired timestamps are reported
 * @returns the inbox events stored (with their ids) and already published to their rooms
 */
export async function ingestWebhook(ctx: AppContext, body: z.infer<typeof ZWebhookBody>, log?: FastifyBaseLogger): Promise<{ events: RoutedEvent[]; skipped: number }> {
  const channel: TChannel | null = body.object === 'page' ? 'messenger' : body.object === 'instagram' ? 'instagram' : null;
  const events: RoutedEvent[] = [];
  let skipped = 0;
  // Page `feed` changes (new reviews and review comments) belong to the reviews module.
  if (body.object === 'page') skipped += (await ingestFeedChanges(ctx, body)).skipped;
  if (!channel) return { events, skipped: body.entry.length };
  const pages = new Map<string, repo.PageRow | undefined>();
  const receivedAt = ctx.now();
  for (const entry of body.entry) {
    if (!pages.has(entry.id)) pages.set(entry.id, await repo.findAccount(ctx.db, channel, entry.id));
    const page = pages.get(entry.id);
    for (const raw of entry.messaging ?? []) {
      const parsed = ZMessaging.safeParse(raw);
      if (!page || !parsed.success) {
        if (page && !parsed.success) log?.warn({ accountId: entry.id, issue: parsed.error.issues[0]?.path.join('.') }, 'webhook messaging event of an unknown shape skipped');
        skipped++;
        continue;
      }
      const ev = parsed.data;
      const time = eventTime(ev.timestamp, receivedAt);
      if (time.why) log?.warn({ accountId: entry.id, reason: time.why }, 'webhook event time replaced by the receipt time');
      try {
        // Published as soon as this event's transaction commits; a rolled-back event never is.
        const out = await transactionThenPublish(ctx, async (tx, outbox) => {
          const applied = await applyEvent(tx, page, channel, entry.id, ev, time.at, receivedAt);
          if (applied) outbox.emit(applied);
          return applied;
        });
        if (out === null) skipped++;
        else events.push(...out);
      } catch (err) {
        // One event that cannot be stored must not fail the delivery: Meta would retry the
        // whole batch, and every other event in it, for ~36 hours.
        const mid = ev.message?.mid ?? ev.reaction?.mid ?? ev.postback?.mid ?? null;
        reportOnce(log, `webhook:${entry.id}:${mid ?? String(ev.timestamp)}`, { accountId: entry.id, mid, err }, 'webhook event could not be stored; skipped');
        skipped++;
      }
    }
  }
  return { events, skipped };
}

/** Stores one messaging event. @returns the events to emit, or null when it was ignored */
async function applyEvent(tx: Db, page: repo.PageRow, channel: TChannel, accountId: string, ev: MessagingEvent, at: Date, receivedAt: Date): Promise<RoutedEvent[] | null> {
  const fromPage = ev.sender.id === accountId || ev.message?.is_echo === true;
  const guestId = fromPage ? ev.recipient.id : ev.sender.id;
  if (ev.message?.is_deleted) return unsend(tx, accountId, channel, guestId, fromPage, ev.message.mid, at, receivedAt);
  if (ev.message) {
    const conv = await repo.ensureConversation(tx, page, channel, accountId, { id: guestId }, at);
    const text = ev.message.text ? cleanText(ev.message.text) : null;
    let attachments = fromMetaAttachments(ev.message.attachments);
    // Instagram flags content its API cannot show (`is_unsupported`); a message with nothing at
    // all is shown the same way, never as an empty bubble.
    if (attachments.length === 0 && !text) attachments = [{ type: 'unsupported', originalType: ev.message.is_unsupported ? 'unsupported_type' : 'unknown', url: null }];
    return (await storeMessage(tx, conv, { mid: ev.message.mid, direction: fromPage ? 'page' : 'guest', text, attachments, createdTime: at }, { now: receivedAt })).events;
  }
  if (ev.postback) {
    const title = cleanText(ev.postback.title ?? '').trim() || cleanText(ev.postback.payload ?? '').trim() || 'button';
    const conv = await repo.ensureConversation(tx, page, channel, accountId, { id: guestId }, at);
    // Messenger postbacks carry a `mid` since 2020; an older one is keyed by guest and time, so
    // a redelivery is still stored once.
    const mid = ev.postback.mid ?? `postback:${guestId}:${String(ev.timestamp)}`;
    const postback = { title, payload: ev.postback.payload !== undefined ? cleanText(ev.postback.payload) : null };
    return (await storeMessage(tx, conv, { mid, direction: fromPage ? 'page' : 'guest', text: title, attachments: [], createdTime: at, postback }, { now: receivedAt })).events;
  }
  if (ev.reaction) {
    // Only a message of this account: an event never reaches another account's (or client's) thread.
    const found = await repo.findAccountMessage(tx, accountId, ev.reaction.mid);
    if (!found) return null;
    const { m, c: conv } = found;
    const value = ev.reaction.action === 'react' ? cleanText(ev.reaction.emoji ?? ev.reaction.reaction ?? 'other').slice(0, REACTION_MAX) || 'other' : null;
    // Only a newer reaction event wins: a replayed or late "react" cannot undo an "unreact".
    const updated = await repo.applyReactionIfNewer(tx, m.id, fromPage ? 'page' : 'guest', value, at);
    if (!updated) return [];
    return recordEvents(tx, { clientId: conv.clientId, outletId: conv.outletId, accountId: conv.accountId }, [
      { type: 'reaction', pageId: conv.accountId, channel, conversationId: String(conv.id), message: toMessage(updated, conv, null) },
    ]);
  }
  if ((ev.read || ev.delivery) && !fromPage) {
    const conv = await repo.findConversationByGuest(tx, accountId, guestId);
    if (!conv) return null;
    const mids = ev.read ? (ev.read.mid ? [ev.read.mid] : []) : (ev.delivery!.mids ?? []);
    const watermark = await watermarkOf(tx, conv.id, ev.read ? ev.read.watermark : ev.delivery!.watermark, mids, receivedAt);
    if (!watermark) return null;
    const updated = await repo.advanceGuestWatermark(tx, conv.id, ev.read ? 'read' : 'delivery', watermark);
    if (!updated) return [];
    const scope = { clientId: conv.clientId, outletId: conv.outletId, accountId };
    const base = { pageId: accountId, channel, conversationId: String(conv.id), watermark: watermark.toISOString() };
    return recordEvents(tx, scope, [ev.read ? { type: 'read', by: 'guest', ...base } : { type: 'delivery', ...base }]);
  }
  return null;
}

/**
 * The time up to which a read or delivery applies: the `watermark` (epoch ms) when it is a
 * possible time, else the newest of the messages named by `mids` (Instagram `read.mid`,
 * Messenger `delivery.mids`) of this conversation, else null (nothing to apply).
 */
async function watermarkOf(tx: Db, conversationId: number, raw: unknown, mids: string[], receivedAt: Date): Promise<Date | null> {
  if (raw !== undefined && raw !== null) {
    const t = eventTime(raw, receivedAt);
    if (!t.why) return t.at;
  }
  // Only this conversation's messages: another thread's times say nothing about this guest.
  return repo.newestMessageTime(tx, conversationId, mids.slice(0, 100));
}

/**
 * Instagram unsend (`message.is_deleted`): the message's text and attachments are wiped (the
 * guest took them back) and it shows as removed. An unsend that arrives before its message
 * stores a tombstone under the same `mid`, so the late message is never stored.
 */
async function unsend(tx: Db, accountId: string, channel: TChannel, guestId: string, fromPage: boolean, mid: string, at: Date, receivedAt: Date): Promise<RoutedEvent[] | null> {
  const conv = await repo.findConversationByGuest(tx, accountId, guestId);
  if (!conv) return null;
  const existing = await repo.findMessageByMid(tx, mid);
  if (!existing) {
    await repo.insertTombstone(tx, conv, { mid, direction: fromPage ? 'page' : 'guest', at });
    return [];
  }
  if (existing.deletedAt || existing.conversationId !== conv.id) return [];
  const updated = await repo.markMessageUnsent(tx, existing.id, at);
  // The list's snippet must not keep showing what the guest took back.
  const c = await repo.setSnippetIfNewest(tx, conv.id, existing.createdTime, UNSENT_SNIPPET);
  const scope = { clientId: conv.clientId, outletId: conv.outletId, accountId };
  const base = { pageId: accountId, channel, conversationId: String(conv.id) };
  return recordEvents(tx, scope, [
    { type: 'message', ...base, message: toMessage(updated!, conv, null) },
    ...(c ? [{ type: 'conversation' as const, ...base, conversation: toConversation(c, receivedAt) }] : []),
  ]);
}
