/**
 * `GET /apps/chat/get-chat?id=<contact id>` (docs/requirements/calls.md): the chat with a contact
 * (null when there is none yet) and the contact. Opening a chat resets its unseen count on the mock
 * (docs/requirements/states.md), so the sidebar's badge is cleared as soon as the chat arrives.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CHAT_API, ZGetChatResponse, type TChatsAndContactsResponse, type TGetChatResponse } from '../schema.ts';
import { chatKeys } from './keys.ts';

/** Fetches one chat. @throws {DemoRequestError} (404 for an unknown contact) */
export function getChat(contactId: number, signal?: AbortSignal): Promise<TGetChatResponse> {
  return demoRequest(`${CHAT_API.getChat}?id=${contactId}`, ZGetChatResponse, { signal });
}

/** Query options of one chat. */
export function chatQueryOptions(contactId: number) {
  return queryOptions({ queryKey: chatKeys.chat(contactId), queryFn: ({ signal }) => getChat(contactId, signal) });
}

/** The open chat; its arrival clears the contact's unseen badge in the cached list. */
export function useChat(contactId: number) {
  const queryClient = useQueryClient();
  const query = useQuery(chatQueryOptions(contactId));
  const { dataUpdatedAt, isSuccess } = query;
  useEffect(() => {
    if (!isSuccess) return;
    queryClient.setQueryData<TChatsAndContactsResponse>(chatKeys.list(), (list) =>
      list && {
        ...list,
        chatsContacts: list.chatsContacts.map((item) => (item.id === contactId && item.chat.unseenMsgs > 0 ? { ...item, chat: { ...item.chat, unseenMsgs: 0 } } : item)),
      },
    );
  }, [isSuccess, dataUpdatedAt, contactId, queryClient]);
  return query;
}
