import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TChannel } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { schema } from '../../db/client.ts';
import { recordEvents, type RoutedEvent } from './events.ts';
import * as repo from './inbox.repository.ts';
import { ensureConversation, storeMessage } from './inbox.service.ts';

/**
 * Meta webhooks for Messenger (`object: page`) and Instagram (`object: instagram`)
 * (external-apis.md §4). Deliveries are at least once, batched and unordered: messages are
 * stored once per `mid`, reactions and reads apply only when newer than what is stored.
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

const ZMessaging = z.looseObject({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }),
  timestamp: z.number(),
  message: z
    .looseObject({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      attachments: z.array(z.looseObject({ type: z.string(), payload: z.looseObject({ url: z.string().optional() }).optional() })).optional(),
      is_deleted: z.boolean().optional(),
    })
    .optional(),
  reaction: z.looseObject({ mid: z.string(), action: z.enum(['react', 'unreact']), reaction: z.string().optional(), emoji: z.string().optional() }).optional(),
  read: z.looseObject({ watermark: z.number().optional(), mid: z.string().optional() }).optional(),
});
export const ZWebhookBody = z.object({
  object: z.string(),
  entry: z.array(z.looseObject({ id: z.string(), time: z.number().optional(), messaging: z.array(z.unknown()).optional() })).max(1000),
});

/**
 * Applies one verified webhook delivery. Events of unknown accounts, or of kinds the inbox does
 * not use (postbacks, deliveries, feed changes), are acknowledged and skipped.
 * @returns the inbox events to emit (already stored with their ids)
 */
export async function ingestWebhook(ctx: AppContext, body: z.infer<typeof ZWebhookBody>): Promise<{ events: RoutedEvent[]; skipped: number }> {
  const channel: TChannel | null = body.object === 'page' ? 'messenger' : body.object === 'instagram' ? 'instagram' : null;
  const events: RoutedEvent[] = [];
  let skipped = 0;
  if (!channel) return { events, skipped: body.entry.length };
  const pages = new Map<string, repo.PageRow | undefined>();
  for (const entry of body.entry) {
    if (!pages.has(entry.id)) pages.set(entry.id, await repo.findAccount(ctx.db, channel, entry.id));
    const page = pages.get(entry.id);
    for (const raw of entry.messaging ?? []) {
      const parsed = ZMessaging.safeParse(raw);
      if (!page || !parsed.success) {
        skipped++;
        continue;
      }
      const ev = parsed.data;
      const accountId = entry.id;
      const fromPage = ev.sender.id === accountId || ev.message?.is_echo === true;
      const guestId = fromPage ? ev.recipient.id : ev.sender.id;
      const at = new Date(ev.timestamp);
      const out = await ctx.db.transaction(async (tx) => {
        if (ev.message && !ev.message.is_deleted) {
          const conv = await ensureConversation(tx, page, channel, accountId, { id: guestId }, at);
          const attachments = (ev.message.attachments ?? []).filter((a) => a.payload?.url).map((a) => ({ type: a.type, url: a.payload!.url! }));
          return (await storeMessage(tx, conv, { mid: ev.message.mid, direction: fromPage ? 'page' : 'guest', text: ev.message.text ?? null, attachments, createdTime: at })).events;
        }
        if (ev.reaction) {
          const [m] = await tx.select().from(schema.messages).where(eq(schema.messages.mid, ev.reaction.mid));
          if (!m) return null;
          const side = fromPage ? { value: schema.messages.pageReaction, at: schema.messages.pageReactionAt } : { value: schema.messages.guestReaction, at: schema.messages.guestReactionAt };
          const value = ev.reaction.action === 'react' ? (ev.reaction.emoji ?? ev.reaction.reaction ?? 'other') : null;
          // Only a newer reaction event wins: a replayed or late "react" cannot undo an "unreact".
          const [updated] = await tx
            .update(schema.messages)
            .set(fromPage ? { pageReaction: value, pageReactionAt: at } : { guestReaction: value, guestReactionAt: at })
            .where(and(eq(schema.messages.id, m.id), sql`(${side.at} is null or ${side.at} < ${at})`))
            .returning();
          if (!updated) return [];
          const [conv] = await tx.select().from(schema.conversations).where(eq(schema.conversations.id, m.conversationId));
          return recordEvents(tx, { clientId: conv!.clientId, outletId: conv!.outletId, accountId: conv!.accountId }, [
            { type: 'reaction', pageId: conv!.accountId, channel, conversationId: String(conv!.id), message: repo.toMessage(updated, conv!, null) },
          ]);
        }
        if (ev.read && !fromPage) {
          const [conv] = await tx.select().from(schema.conversations).where(and(eq(schema.conversations.accountId, accountId), eq(schema.conversations.guestId, guestId)));
          if (!conv) return null;
          let watermark = ev.read.watermark ? new Date(ev.read.watermark) : null;
          if (!watermark && ev.read.mid) {
            const [m] = await tx.select({ t: schema.messages.createdTime }).from(schema.messages).where(eq(schema.messages.mid, ev.read.mid));
            watermark = m?.t ?? null;
          }
          if (!watermark) return null;
          const [updated] = await tx
            .update(schema.conversations)
            .set({ guestReadAt: watermark })
            .where(and(eq(schema.conversations.id, conv.id), sql`(${schema.conversations.guestReadAt} is null or ${schema.conversations.guestReadAt} < ${watermark})`))
            .returning();
          if (!updated) return [];
          return recordEvents(tx, { clientId: conv.clientId, outletId: conv.outletId, accountId }, [
            { type: 'read', pageId: accountId, channel, conversationId: String(conv.id), by: 'guest', watermark: watermark.toISOString() },
          ]);
        }
        return null;
      });
      if (out === null) skipped++;
      else events.push(...out);
    }
  }
  return { events, skipped };
}
