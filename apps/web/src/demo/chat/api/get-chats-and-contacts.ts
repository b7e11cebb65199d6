/** `GET /apps/chat/chats-and-contacts` (docs/requirements/calls.md): the sidebar's chats, contacts
 * and profile user. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CHAT_API, ZChatsAndContactsResponse, type TChatsAndContactsResponse } from '../schema.ts';
import { chatKeys } from './keys.ts';

/** Fetches and validates the chat list. @throws {DemoRequestError} */
export function getChatsAndContacts(signal?: AbortSignal): Promise<TChatsAndContactsResponse> {
  return demoRequest(CHAT_API.chatsAndContacts, ZChatsAndContactsResponse, { signal });
}

/** Query options of the chat list. */
export function chatsAndContactsQueryOptions() {
  return queryOptions({ queryKey: chatKeys.list(), queryFn: ({ signal }) => getChatsAndContacts(signal) });
}

/** The sidebar's chats and contacts. */
export function useChatsAndContacts() {
  return useQuery(chatsAndContactsQueryOptions());
}
