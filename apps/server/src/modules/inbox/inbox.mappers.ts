import type { FastifyBaseLogger } from 'fastify';
import { ZConversation, ZInboxMessage, type TChannel, type TConversation, type TInboxMessage, type TReplyWindow } from '@dinedesk/contracts';
import type { ConversationRow, MessageRow } from './inbox.repository.ts';
import { readAttachments, reportOnce } from './meta-payloads.ts';

/**
 * Stored inbox rows as the API shows them (contracts `ZConversation`, `ZInboxMessage`), and the
 * Send API reply window. No SQL here: rows come from inbox.repository.ts.
 */

const HOUR = 3_600_000;
/** Messaging window of the Send API
 * (docs/requirements/platform-apis.md#messenger-and-instagram-messaging): 24 h standard, 7 days
 * HUMAN_AGENT. */
export const STANDARD_WINDOW_MS = 24 * HOUR;
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR;

/** The reply window at `now` given the guest's last message
 * (docs/requirements/platform-apis.md#window). */
export function replyWindow(lastGuestMessageAt: Date | null, now: Date): TReplyWindow {
  const last = lastGuestMessageAt?.toISOString() ?? null;
  if (!lastGuestMessageAt) return { state: 'closed', endsAt: null, lastGuestMessageAt: last };
  const age = now.getTime() - lastGuestMessageAt.getTime();
  if (age < STANDARD_WINDOW_MS) return { state: 'standard', endsAt: new Date(lastGuestMessageAt.getTime() + STANDARD_WINDOW_MS).toISOString(), lastGuestMessageAt: last };
  if (age < HUMAN_AGENT_WINDOW_MS) return { state: 'human_agent', endsAt: new Date(lastGuestMessageAt.getTime() + HUMAN_AGENT_WINDOW_MS).toISOString(), lastGuestMessageAt: last };
  return { state: 'closed', endsAt: null, lastGuestMessageAt: last };
}

/**
 * A conversation row as the API shows it; a guest Graph has not named yet shows as `Guest 1234`.
 * @param now the app clock (`ctx.now()`): the reply window is computed at this time
 * @throws RangeError for a row whose time JavaScript cannot represent (see {@link toConversationChecked})
 */
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
 * {@link toMessage} for lists: one bad row must not make its thread answer 500 on every load.
 * Repairable parts are repaired (attachments); a row that still fails the response
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
 * load.
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
