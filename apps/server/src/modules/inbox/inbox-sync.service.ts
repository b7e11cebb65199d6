import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { TAttachment, TChannel } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { GraphError } from '../../lib/graph-client.ts';
import { rateLimitWaitSeconds } from '../../lib/graph-errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { transactionThenPublish } from '../../lib/realtime.ts';
import { cleanText } from '../../lib/text.ts';
import { decryptPageToken, PAGE_WEBHOOK_FIELDS, recordTokenDeath, tokenIsDead } from '../meta/index.ts';
import { recordEvents, type RoutedEvent } from './events.ts';
import { toConversation } from './inbox.mappers.ts';
import * as repo from './inbox.repository.ts';
import type { PageRow } from './inbox.repository.ts';
import { storeMessages } from './inbox.service.ts';

interface GraphParticipant {
  id: string;
  name?: string;
  username?: string;
}
interface GraphAttachment {
  mime_type?: string;
  name?: string;
  image_data?: { url?: string; render_as_sticker?: boolean };
  video_data?: { url?: string };
  file_url?: string;
}
interface GraphMessage {
  id: string;
  created_time: string;
  from?: GraphParticipant;
  message?: string;
  attachments?: { data?: GraphAttachment[] };
  /** URL of a sticker image (Messenger). */
  sticker?: string;
  is_unsupported?: boolean;
}
interface GraphConversation {
  id: string;
  updated_time: string;
  participants?: { data: GraphParticipant[] };
  unread_count?: number;
  messages?: { data: GraphMessage[] };
}

/** Meta details only the 20 most recent messages of a conversation
 * (docs/requirements/platform-apis.md#messenger-and-instagram-messaging). */
const CONVERSATION_FIELDS = 'id,updated_time,participants,unread_count,message_count,snippet,messages.limit(20){id,created_time,from,to,message,attachments,sticker,is_unsupported}';

/** A Graph time (`2026-01-02T03:04:05+0000`); an impossible one is now (never refuse Meta's
 * data). */
function graphTime(s: unknown, now: Date): Date {
  const d = typeof s === 'string' ? new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? now : d;
}

/**
 * Attachments of a Conversations API message (`attachments{mime_type,image_data,video_data,
 * file_url}`, `sticker`, `is_unsupported`) in the stored shape; a message with neither text nor
 * anything shown is an unsupported attachment, never an empty bubble.
 */
export function graphAttachments(m: GraphMessage): TAttachment[] {
  const out: TAttachment[] = [];
  for (const a of Array.isArray(m.attachments?.data) ? m.attachments.data : []) {
    const mime = typeof a?.mime_type === 'string' ? a.mime_type : '';
    const image = cleanText(a?.image_data?.url);
    const video = cleanText(a?.video_data?.url);
    const file = cleanText(a?.file_url);
    if (image) out.push({ type: 'image', url: image });
    else if (video) out.push({ type: 'video', url: video });
    else if (file) out.push({ type: mime.startsWith('audio/') ? 'audio' : mime.startsWith('video/') ? 'video' : 'file', url: file });
    else out.push({ type: 'unsupported', originalType: mime || 'unknown', url: null });
  }
  if (typeof m.sticker === 'string' && m.sticker) out.push({ type: 'image', url: cleanText(m.sticker), stickerId: null });
  if (out.length === 0 && (m.is_unsupported || !m.message)) out.push({ type: 'unsupported', originalType: m.is_unsupported ? 'unsupported_type' : 'unknown', url: null });
  return out;
}

/**
 * Prepares a connected page for the inbox: finds its Page-linked Instagram account, subscribes
 * the app to its messaging webhooks, and backfills recent conversations of both channels from
 * the Conversations API (webhooks keep them current afterwards; a periodic pass catches missed
 * deliveries). Backfilled history is not replayed to sockets.
 */
/**
 * First step for a newly connected page: its Page-linked Instagram account and the webhook
 * subscription, so live messages flow before the (slower, rate-limited) backfill finishes.
 */
export async function prepareInboxPage(ctx: AppContext, page: PageRow): Promise<PageRow> {
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token || page.inboxSyncedAt) return page;
  const info = await ctx.graph.get<{ instagram_business_account?: { id: string; username?: string } }>(page.id, { fields: 'instagram_business_account{id,username}' }, token);
  await ctx.graph.post(`${page.id}/subscribed_apps`, { subscribed_fields: PAGE_WEBHOOK_FIELDS }, token);
  const ig = info.instagram_business_account;
  const current = await repo.setInstagramAccount(ctx.db, page.id, ig ? { id: ig.id, username: ig.username ?? null } : null);
  return current!;
}

/**
 * Backfills one page's conversations of both channels. A conversation that cannot be stored
 * (Graph sent something unusable, or the database refused a row) is logged and skipped; the
 * others are stored (one bad item never stops the catch-up).
 * @returns how many conversations were stored, and how many were skipped
 */
export async function syncInboxPage(ctx: AppContext, page: PageRow, log?: FastifyBaseLogger): Promise<{ conversations: number; skipped: number }> {
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) return { conversations: 0, skipped: 0 };
  const current = await prepareInboxPage(ctx, page);
  let count = 0;
  let skipped = 0;
  const channels: [TChannel, string | null][] = [
    ['messenger', current.id],
    ['instagram', current.instagramUserId],
  ];
  for (const [channel, accountId] of channels) {
    if (!accountId) continue;
    for await (const batch of ctx.graph.paginate<GraphConversation>(`${page.id}/conversations`, { platform: channel, fields: CONVERSATION_FIELDS, limit: 50 }, token, 40)) {
      for (const gc of Array.isArray(batch) ? batch : []) {
        try {
          const now = ctx.now();
          const guest = (Array.isArray(gc?.participants?.data) ? gc.participants.data : []).find((p) => typeof p?.id === 'string' && p.id !== accountId);
          if (!guest) continue;
          const name = cleanText(guest.name ?? guest.username ?? '');
          await ctx.db.transaction(async (tx) => {
            const conv = await repo.ensureConversation(
              tx,
              current,
              channel,
              accountId,
              { id: guest.id, name, username: cleanText(guest.username ?? null), graphId: gc.id },
              graphTime(gc.updated_time, now),
            );
            const messages = (Array.isArray(gc.messages?.data) ? gc.messages.data : [])
              .filter((m) => typeof m?.id === 'string')
              .map((m) => ({
                mid: m.id,
                direction: m.from?.id === accountId ? ('page' as const) : ('guest' as const),
                text: typeof m.message === 'string' && m.message ? cleanText(m.message) : null,
                attachments: graphAttachments(m),
                createdTime: graphTime(m.created_time, now),
              }));
            // Graph's unread_count is the page's own view of the thread: it wins over our count.
            const unread = typeof gc.unread_count === 'number' && Number.isInteger(gc.unread_count) && gc.unread_count >= 0 && gc.unread_count < 1e6 ? gc.unread_count : undefined;
            await storeMessages(tx, conv, messages, { record: false, unreadCount: unread, now });
          });
          count++;
        } catch (err) {
          skipped++;
          log?.warn({ err, pageId: page.id, channel, conversationId: String(gc?.id) }, 'inbox sync of a conversation failed; going on with the next');
        }
      }
    }
  }
  await repo.markInboxSynced(ctx.db, page.id, ctx.now());
  return { conversations: count, skipped };
}

/**
 * Names the guest of a conversation created by a webhook (webhooks carry only the PSID/IGSID):
 * Conversations API filtered by `user_id` (docs/requirements/platform-apis.md#list). The name and
 * its `conversation` event are stored in one transaction and published once it has committed.
 * @returns the recorded (and published) events, or null when Graph has no name for the guest
 */
export async function resolveGuestName(ctx: AppContext, conversationId: number): Promise<RoutedEvent[] | null> {
  const conv = await repo.getConversationById(ctx.db, conversationId);
  if (!conv || conv.guestName) return null;
  const page = await repo.getPage(ctx.db, conv.pageId);
  const token = decryptPageToken(ctx, page?.pageAccessTokenEnc ?? null);
  // A dead token is not tried again until the page is reconnected.
  if (!token || !page || tokenIsDead(page)) return null;
  let res: { data: GraphConversation[] };
  try {
    res = await ctx.graph.get<{ data: GraphConversation[] }>(`${conv.pageId}/conversations`, { platform: conv.channel, user_id: conv.guestId, fields: 'id,participants' }, token);
  } catch (e) {
    if (!(e instanceof GraphError) || !e.isTokenError) throw e;
    await recordTokenDeath(ctx, page, e);
    return null;
  }
  const guest = res.data[0]?.participants?.data.find((p) => p.id === conv.guestId);
  if (!guest?.name && !guest?.username) return null;
  return transactionThenPublish(ctx, async (tx, outbox) => {
    const updated = await repo.setGuestName(tx, conv.id, { name: cleanText(guest.name ?? guest.username!), username: cleanText(guest.username ?? null), graphId: res.data[0]!.id });
    if (!updated) return null;
    const events = await recordEvents(tx, { clientId: updated.clientId, outletId: updated.outletId, accountId: updated.accountId }, [
      { type: 'conversation', pageId: updated.accountId, channel: updated.channel as TChannel, conversationId: String(updated.id), conversation: toConversation(updated, ctx.now()) },
    ]);
    outbox.emit(events);
    return events;
  });
}

/**
 * Conversations API calls per second per Page (docs/requirements/platform-apis.md#rate-limits: 2).
 * Per process: with several processes each keeps its own pace and Graph's usage headers and error
 * 613 (a retry with backoff) cover the rest.
 */
const CONVERSATIONS_PER_SECOND = 2;
const conversationsPace = new RateLimiterQueue(new RateLimiterMemory({ points: CONVERSATIONS_PER_SECOND, duration: 1 }), { maxQueueSize: 10_000 });

/**
 * `inbox.guest-name`: names the guest of a conversation a webhook created (resolveGuestName),
 * paced per Page. One queued look-up per conversation (stately, keyed by conversation id).
 */
export const guestNameJob = defineJob<{ clientId: string; outletId: string; pageId: string; conversationId: number }, AppContext>({
  name: 'inbox.guest-name',
  subject: 'Conversation',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), pageId: z.string().min(1).max(256), conversationId: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
  policy: 'stately',
  concurrency: 2,
  async handler(ctx, data) {
    await conversationsPace.removeTokens(1, data.pageId);
    const events = await resolveGuestName(ctx, data.conversationId);
    return { named: events !== null };
  },
});

/**
 * `inbox.sync-page`: prepares one connected page (Instagram link, webhook subscription) and
 * backfills its conversations; queued for every page by the sync tick (jobs.ts) to catch
 * missed deliveries. Graph down or slow fails the job, which pg-boss retries with backoff. A
 * rate limit (4/17/32/613) queues the page's next backfill after the window (Graph's regain
 * estimate, bounded: `rateLimitWaitSeconds`) and ends the job, so nothing calls Graph inside
 * it. A dead token (190) is recorded on the page and not retried; the page is skipped without
 * calling Graph until it is reconnected.
 */
export const inboxSyncPageJob = defineJob<{ clientId: string; outletId: string; pageId: string }, AppContext>({
  name: 'inbox.sync-page',
  subject: 'Conversation',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), pageId: z.string().min(1).max(256) }),
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  policy: 'stately',
  async handler(ctx, data, meta) {
    const page = await repo.getPage(ctx.db, data.pageId);
    if (!page || !page.pageAccessTokenEnc) return { skipped: 'not connected' };
    if (tokenIsDead(page)) return { skipped: 'token dead; reconnect the page' };
    try {
      return await syncInboxPage(ctx, page, meta.log);
    } catch (e) {
      if (!(e instanceof GraphError)) throw e;
      if (e.isTokenError) {
        await recordTokenDeath(ctx, page, e);
        return { tokenDead: true, code: e.code, subcode: e.subcode };
      }
      if (e.isRateLimit) {
        const wait = rateLimitWaitSeconds(e, ctx.config.graph.rateLimitWait);
        await ctx.jobs.sendAt(inboxSyncPageJob, data, { singletonKey: page.id, startAfterSeconds: wait });
        return { rateLimited: true, code: e.code, resumesInSeconds: wait };
      }
      throw e;
    }
  },
});
