/**
 * An in-memory stand-in for the inbox API (docs/requirements/calls.md messenger and `{channel}`
 * calls) for the screen's tests: pages, conversations and messages with cursor paging, sends with
 * Idempotency-Key replay, reactions and read state. Its handlers are the contract handlers
 * (testing/contract-handlers.ts): every request is recorded and every answer is checked against
 * the contracts' schemas. A test can make the next call of a route fail (a network error or
 * any error status and body).
 */
import type { TConversation, TErrorResponse, TInboxMessage, TInboxPage, TSendMessageResponse } from '@dinedesk/contracts';
import { mockApi, type ApiMock } from '../../../testing/api-server.ts';
import { handle, reply, type ContractRequest, type ContractResolver, type Endpoint, type MockReply } from '../../../testing/contract-handlers.ts';

export interface InboxBackendData {
  messengerPages: TInboxPage[];
  instagramPages?: TInboxPage[];
  conversations: TConversation[];
  messages: TInboxMessage[];
}

/** What the next call of a route does instead of its normal answer. */
export type Failure = 'network' | { status: number; body: TErrorResponse };

export interface InboxBackend extends ApiMock {
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

/** Installs the fake inbox API over `initial` for the running test. */
export function inboxBackend(initial: InboxBackendData): InboxBackend {
  const data: Required<InboxBackendData> = { instagramPages: [], ...initial };
  const failures = new Map<string, Failure[]>();
  const sentByKey = new Map<string, TSendMessageResponse>();
  let nextMessageId = 9900;

  /** Wraps a resolver so a queued failure of the request's route is served first. */
  const failable =
    <E extends Endpoint>(resolve: ContractResolver<E>): ContractResolver<E> =>
    (request: ContractRequest<E>) => {
      const failure = failures.get(`${request.recorded.method} ${request.recorded.path}`)?.shift();
      if (failure === 'network') return reply.network();
      if (failure) return reply.error(failure.status, failure.body);
      return resolve(request);
    };

  const conversation = (id: string) => data.conversations.find((c) => c.id === id);
  const updateConversation = (next: TConversation) => {
    data.conversations = data.conversations.map((c) => (c.id === next.id ? next : c));
  };
  const notFound = (what: string): MockReply => reply.error(404, { message: `${what} not found` });

  const mock = mockApi(
    handle.messengerPages(failable(() => ({ data: data.messengerPages }))),
    handle.instagramPages(failable(() => ({ data: data.instagramPages }))),
    handle.conversations(
      failable(({ params, query }) => {
        const page = [...data.messengerPages, ...data.instagramPages].find((p) => p.channel === params.channel && p.id === params.pageId);
        if (!page) return notFound('Page');
        const all = data.conversations.filter((c) => c.channel === page.channel && c.pageId === page.id).sort(byTimeDesc((c) => c.updatedTime));
        const { data: items, nextCursor } = pageOf(all, query, 25);
        return { data: items, paging: { nextCursor } };
      }),
    ),
    handle.messages(
      failable(({ params, query }) => {
        const current = conversation(params.conversationId!);
        if (!current || current.channel !== params.channel || current.pageId !== params.pageId) return notFound('Conversation');
        const all = data.messages.filter((m) => m.conversationId === current.id).sort(byTimeDesc((m) => m.createdTime));
        const { data: items, nextCursor } = pageOf(all, query, 25);
        return { data: items, paging: { nextCursor }, conversation: current };
      }),
    ),
    handle.sendMessage(
      failable(({ params, body, headers }) => {
        const current = conversation(params.conversationId!);
        if (!current) return notFound('Conversation');
        const key = headers.get('Idempotency-Key');
        const replay = key ? sentByKey.get(key) : undefined;
        if (replay) return replay;
        const { text, imageUrl } = body;
        const now = new Date().toISOString();
        const message: TInboxMessage = {
          id: String(nextMessageId++),
          mid: `m_sent_${nextMessageId}`,
          conversationId: current.id,
          pageId: current.pageId,
          channel: current.channel,
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
        const updated: TConversation = { ...current, snippet: text ?? '[image]', updatedTime: now, messageCount: current.messageCount + 1 };
        updateConversation(updated);
        const answer: TSendMessageResponse = { message, conversation: updated };
        if (key) sentByKey.set(key, answer);
        return answer;
      }),
    ),
    handle.react(
      failable(({ params, body: { reaction } }) => {
        const current = data.messages.find((m) => m.id === params.messageId && m.conversationId === params.conversationId);
        if (!current) return notFound('Message');
        const updated: TInboxMessage = { ...current, reactions: { ...current.reactions, page: reaction } };
        data.messages = data.messages.map((m) => (m.id === current.id ? updated : m));
        return { message: updated };
      }),
    ),
    handle.markRead(
      failable(({ params }) => {
        const current = conversation(params.conversationId!);
        if (!current) return notFound('Conversation');
        const updated = { ...current, unreadCount: 0 };
        updateConversation(updated);
        return { conversation: updated };
      }),
    ),
  );

  return Object.assign(mock, {
    data,
    failNext: (route: string, failure: Failure) => failures.set(route, [...(failures.get(route) ?? []), failure]),
    sendKeys: () => mock.calls.filter((c) => c.method === 'POST' && /\/messages$/.test(c.path)).map((c) => c.headers.get('Idempotency-Key')),
    sentByKey,
  });
}
