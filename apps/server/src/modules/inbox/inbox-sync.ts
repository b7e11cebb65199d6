import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TChannel } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { schema } from '../../db/client.ts';
import { GraphError } from '../../lib/graph-client.ts';
import { decryptPageToken } from '../meta/page-tokens.ts';
import type { ConversationRow, PageRow } from './inbox.repository.ts';
import { ensureConversation, storeMessages } from './inbox.service.ts';

interface GraphParticipant {
  id: string;
  name?: string;
  username?: string;
}
interface GraphMessage {
  id: string;
  created_time: string;
  from?: GraphParticipant;
  message?: string;
  attachments?: { data?: { image_data?: { url?: string }; file_url?: string; video_data?: { url?: string } }[] };
}
interface GraphConversation {
  id: string;
  updated_time: string;
  participants?: { data: GraphParticipant[] };
  unread_count?: number;
  messages?: { data: GraphMessage[] };
}

/** Webhook fields a page subscribes the app to (external-apis.md §4 "Subscribe per Page"). */
const SUBSCRIBED_FIELDS = 'messages,message_reactions,message_reads,message_echoes,messaging_postbacks';
/** Meta details only the 20 most recent messages of a conversation (external-apis.md §3). */
const CONVERSATION_FIELDS = 'id,updated_time,participants,unread_count,message_count,snippet,messages.limit(20){id,created_time,from,to,message}';

const graphTime = (s: string) => new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

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
  await ctx.graph.post(`${page.id}/subscribed_apps`, { subscribed_fields: SUBSCRIBED_FIELDS }, token);
  const ig = info.instagram_business_account;
  const [current] = await ctx.db
    .update(schema.facebookPages)
    .set({ instagramUserId: ig?.id ?? null, instagramUsername: ig?.username ?? null })
    .where(eq(schema.facebookPages.id, page.id))
    .returning();
  return current!;
}

export async function syncInboxPage(ctx: AppContext, page: PageRow): Promise<{ conversations: number }> {
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) return { conversations: 0 };
  const current = await prepareInboxPage(ctx, page);
  let count = 0;
  const channels: [TChannel, string | null][] = [
    ['messenger', current.id],
    ['instagram', current.instagramUserId],
  ];
  for (const [channel, accountId] of channels) {
    if (!accountId) continue;
    for await (const batch of ctx.graph.paginate<GraphConversation>(`${page.id}/conversations`, { platform: channel, fields: CONVERSATION_FIELDS, limit: 50 }, token, 40)) {
      for (const gc of batch) {
        const guest = gc.participants?.data.find((p) => p.id !== accountId);
        if (!guest) continue;
        await ctx.db.transaction(async (tx) => {
          const conv = await ensureConversation(
            tx,
            current,
            channel,
            accountId,
            { id: guest.id, name: guest.name ?? guest.username ?? '', username: guest.username ?? null, graphId: gc.id },
            graphTime(gc.updated_time),
          );
          const batch = (gc.messages?.data ?? []).map((m) => {
            const url = m.attachments?.data?.[0]?.image_data?.url ?? m.attachments?.data?.[0]?.file_url;
            return { mid: m.id, direction: m.from?.id === accountId ? ('page' as const) : ('guest' as const), text: m.message ?? null, attachments: url ? [{ type: 'image', url }] : [], createdTime: graphTime(m.created_time) };
          });
          // Graph's unread_count is the page's own view of the thread: it wins over our count.
          await storeMessages(tx, conv, batch, { record: false, unreadCount: gc.unread_count });
        });
        count++;
      }
    }
  }
  await ctx.db.update(schema.facebookPages).set({ inboxSyncedAt: ctx.now() }).where(eq(schema.facebookPages.id, page.id));
  return { conversations: count };
}

/**
 * Prepares every connected page (Instagram link, webhook subscription), then backfills each;
 * a failing page does not stop the others.
 */
export async function syncInboxAll(ctx: AppContext, log?: FastifyBaseLogger): Promise<void> {
  const pages = await ctx.db.select().from(schema.facebookPages).where(isNotNull(schema.facebookPages.pageAccessTokenEnc));
  const prepared: PageRow[] = [];
  for (const p of pages) {
    try {
      prepared.push(await prepareInboxPage(ctx, p));
    } catch (e) {
      if (!(e instanceof GraphError)) throw e;
      log?.warn({ pageId: p.id, code: e.code, msg: e.message }, 'inbox preparation of a page failed');
    }
  }
  for (const p of prepared) {
    try {
      await syncInboxPage(ctx, p);
    } catch (e) {
      if (!(e instanceof GraphError)) throw e;
      log?.warn({ pageId: p.id, code: e.code, msg: e.message }, 'inbox sync of a page failed');
    }
  }
}

/**
 * Names the guest of a conversation created by a webhook (webhooks carry only the PSID/IGSID):
 * Conversations API filtered by `user_id` (external-apis.md §3 "List").
 * @returns the updated row, or null when Graph has no name for the guest
 */
export async function resolveGuestName(ctx: AppContext, conversationId: number): Promise<ConversationRow | null> {
  const [conv] = await ctx.db.select().from(schema.conversations).where(eq(schema.conversations.id, conversationId));
  if (!conv || conv.guestName) return null;
  const [page] = await ctx.db.select().from(schema.facebookPages).where(eq(schema.facebookPages.id, conv.pageId));
  const token = decryptPageToken(ctx, page?.pageAccessTokenEnc ?? null);
  if (!token) return null;
  const res = await ctx.graph.get<{ data: GraphConversation[] }>(`${conv.pageId}/conversations`, { platform: conv.channel, user_id: conv.guestId, fields: 'id,participants' }, token);
  const guest = res.data[0]?.participants?.data.find((p) => p.id === conv.guestId);
  if (!guest?.name && !guest?.username) return null;
  const [updated] = await ctx.db
    .update(schema.conversations)
    .set({ guestName: guest.name ?? guest.username!, guestUsername: guest.username ?? null, graphId: res.data[0]!.id })
    .where(eq(schema.conversations.id, conv.id))
    .returning();
  return updated ?? null;
}
