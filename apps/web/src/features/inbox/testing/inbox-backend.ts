/**
 * An in-memory stand-in for the inbox API (spec §7 messenger and `{channel}` calls) for the
 * screen's tests: pages, conversations and messages with cursor paging, sends with
 * Idempotency-Key replay, reactions and read state. Every request is recorded (mockFetch), and
 * a test can make the next call of a route fail (a network error or any status and body).
 */
import {
  INBOX,
  ZConversationsResponse,
  ZInboxPagesResponse,
  ZMessageResponse,
  ZMessagesResponse,
  ZReactResponse,
  ZSendMessageResponse,
  type TConversation,
  type TInboxMessage,
  type TInboxPage,
  type TSendMessageResponse,
} from '@dinedesk/contracts';
import { json, mockFetch, type FetchMock, type Handler } from '../../../testing/fetch-mock.ts';

export interface InboxBackendData {
  messengerPages: TInboxPage[];
  instagramPages?: TInboxPage[];
  conversations: TConversation[];
  messages: TInboxMessage[];
}

/** What the next call of a route does instead of its normal answer. */
export type Failure = 'network' | { status: number; body: unknown };

export interface InboxBackend extends FetchMock {
  data: Required<InboxBackendData>;
  /** Makes the next call of `"METHOD /path"` fail. */
  failNext: (route: string, failure: Failure) => void;
  /** Idempotency-Key of every send, in order. */
  sendKeys: () => (string | null)[];
  /** The message a send created, by Idempotency-Key. */
  sentByKey: Map<string, TSendMessageResponse>;
}

const byTimeDesc = <T>(timeOf: (value: T) => string) => (a: T, b: T) => Date.parse(timeOf(b)) - Date.parse(timeOf(a));

function pageOf<T>(items: T[], query: URLSearchParams, defaultLimit: number): { data: T[]; nextCursor: string | null } {
  const limit = Number(query.get('limit') ?? defaultLimit);
  const offset = Number(query.get('cursor') ?? 0); // offset as digits: a valid ZCursor
  const data = items.slice(offset, offset + limit);
  return { data, nextCursor: offset + limit < items.length ? String(offset + limit) : null };
}

export function inboxBackend(initial: InboxBackendData): InboxBackend {
  const data: Required<InboxBackendData> = { instagramPages: [], ...initial };
  const failures = new Map<string, Failure[]>();
  const sentByKey = new Map<string, TSendMessageResponse>();
  let nextMessageId = 9900;

  const mock = mockFetch();

  /** Wraps a handler so a queued failure of its route is served first. */
  const on = (route: string, handler: Handler) =>
    mock.on(route, async (request) => {
      const failure = failures.get(route)?.shift();
      if (failure === 'network') throw new TypeError('Failed to fetch');
      if (failure) return json(failure.body, failure.status);
      return handler(request);
    });

  const conversation = (id: string) => data.conversations.find((c) => c.id === id);
  const updateConversation = (next: TConversation) => {
    data.conversations = data.conversations.map((c) => (c.id === next.id ? next : c));
  };

  const routeMessage = (message: TInboxMessage) => {
    const { channel, pageId, conversationId, id } = message;
    on(`POST ${INBOX.react(channel, pageId, conversationId, id)}`, ({ body }) => {
      const { reaction } = body as { reaction: string | null };
      const current = data.messages.find((m) => m.id === id)!;
      const updated: TInboxMessage = { ...current, reactions: { ...current.reactions, page: reaction } };
      data.messages = data.messages.map((m) => (m.id === id ? updated : m));
      return json(ZReactResponse.parse({ message: updated }));
    });
    on(`GET ${INBOX.message(channel, pageId, id)}`, () =>
      json(ZMessageResponse.parse({ message: data.messages.find((m) => m.id === id) })),
    );
  };

  const routeConversation = (c: TConversation) => {
    on(`GET ${INBOX.messages(c.channel, c.pageId, c.id)}`, ({ query }) => {
      const all = data.messages.filter((m) => m.conversationId === c.id).sort(byTimeDesc((m) => m.createdTime));
      const { data: page, nextCursor } = pageOf(all, query, 25);
      return json(ZMessagesResponse.parse({ data: page, paging: { nextCursor }, conversation: conversation(c.id) }));
    });
    on(`POST ${INBOX.messages(c.channel, c.pageId, c.id)}`, ({ body, headers }) => {
      const key = headers.get('Idempotency-Key');
      const replay = key ? sentByKey.get(key) : undefined;
      if (replay) return json(replay);
      const { text, imageUrl } = body as { text?: string; imageUrl?: string };
      const now = new Date().toISOString();
      const message: TInboxMessage = {
        id: String(nextMessageId++),
        mid: `m_sent_${nextMessageId}`,
        conversationId: c.id,
        pageId: c.pageId,
        channel: c.channel,
        direction: 'page',
        text: text ?? null,
        attachments: imageUrl ? [{ type: 'image', url: imageUrl }] : [],
        createdTime: now,
        reactions: { page: null, guest: null },
        sentBy: 'Asha Rao',
        humanAgentTag: false,
        postback: null,
        deleted: false,
      };
      data.messages.push(message);
      routeMessage(message);
      const current = conversation(c.id)!;
      const updated: TConversation = {
        ...current,
        snippet: text ?? '[image]',
        updatedTime: now,
        messageCount: current.messageCount + 1,
      };
      updateConversation(updated);
      const answer = ZSendMessageResponse.parse({ message, conversation: updated });
      if (key) sentByKey.set(key, answer);
      return json(answer);
    });
    on(`POST ${INBOX.read(c.channel, c.pageId, c.id)}`, () => {
      const updated = { ...conversation(c.id)!, unreadCount: 0 };
      updateConversation(updated);
      return json({ conversation: updated });
    });
  };

  const routePages = (pages: TInboxPage[]) => {
    for (const p of pages) {
      on(`GET ${INBOX.conversations(p.channel, p.id)}`, ({ query }) => {
        const all = data.conversations
          .filter((c) => c.channel === p.channel && c.pageId === p.id)
          .sort(byTimeDesc((c) => c.updatedTime));
        const { data: page, nextCursor } = pageOf(all, query, 25);
        return json(ZConversationsResponse.parse({ data: page, paging: { nextCursor } }));
      });
    }
  };

  on(`GET ${INBOX.messengerPages}`, () => json(ZInboxPagesResponse.parse({ data: data.messengerPages })));
  on(`GET ${INBOX.instagramPages}`, () => json(ZInboxPagesResponse.parse({ data: data.instagramPages })));
  routePages([...data.messengerPages, ...data.instagramPages]);
  data.conversations.forEach(routeConversation);
  data.messages.forEach(routeMessage);

  return Object.assign(mock, {
    data,
    failNext: (route: string, failure: Failure) => failures.set(route, [...(failures.get(route) ?? []), failure]),
    sendKeys: () => mock.calls.filter((c) => c.method === 'POST' && /\/messages$/.test(c.path)).map((c) => c.headers.get('Idempotency-Key')),
    sentByKey,
  });
}
