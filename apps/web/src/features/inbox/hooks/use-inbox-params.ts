/**
 * The inbox's selection, kept in the URL (`?channel=messenger&page=…&conversation=…`) so a
 * reload, a shared link or the back button restores it
 * (docs/requirements/code-layout.md#list-state-lives-in-the-url). An unknown channel reads as
 * `messenger`; page and conversation ids are validated by the server (and the page against the
 * pages list) rather than here.
 */
import { ZChannel, type TChannel } from '@dinedesk/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const INBOX_PARAMS = { channel: 'channel', page: 'page', conversation: 'conversation' } as const;
export const DEFAULT_CHANNEL: TChannel = 'messenger';

export interface InboxSelection {
  channel: TChannel;
  pageId: string | null;
  conversationId: string | null;
}

/** Reads the selection from URL params. */
export function parseInboxParams(params: URLSearchParams): InboxSelection {
  const channel = ZChannel.safeParse(params.get(INBOX_PARAMS.channel));
  return {
    channel: channel.success ? channel.data : DEFAULT_CHANNEL,
    pageId: params.get(INBOX_PARAMS.page) || null,
    conversationId: params.get(INBOX_PARAMS.conversation) || null,
  };
}

export interface InboxParamsState extends InboxSelection {
  /** Switches channel; the page and conversation belong to the old channel, so they go. */
  setChannel: (channel: TChannel) => void;
  /** Selects a page (closing the conversation). `replace` for automatic choices. */
  setPage: (pageId: string, options?: { replace?: boolean }) => void;
  /** Opens a conversation, or with null goes back to the list (phones). */
  selectConversation: (conversationId: string | null) => void;
}

export function useInboxParams(): InboxParamsState {
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => parseInboxParams(params), [params]);

  const update = useCallback(
    (changes: Partial<Record<keyof typeof INBOX_PARAMS, string | null>>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            const param = INBOX_PARAMS[name as keyof typeof INBOX_PARAMS];
            if (value) next.set(param, value);
            else next.delete(param);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setChannel = useCallback(
    (channel: TChannel) => update({ channel, page: null, conversation: null }),
    [update],
  );
  const setPage = useCallback(
    (pageId: string, options?: { replace?: boolean }) =>
      update({ channel: selection.channel, page: pageId, conversation: null }, options?.replace ?? false),
    [update, selection.channel],
  );
  const selectConversation = useCallback(
    (conversationId: string | null) => update({ conversation: conversationId }),
    [update],
  );

  return { ...selection, setChannel, setPage, selectConversation };
}
