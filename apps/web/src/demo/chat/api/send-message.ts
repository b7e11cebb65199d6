/**
 * `POST /apps/chat/send-msg {obj:{contact, message}}` → 201 `{response:{newMessageData, id, chat
 * if new}}` (docs/requirements/states.md and calls.md). The answer is appended to the open chat's
 * cache (or becomes it, for a contact's first message) and the sidebar list is refetched (order,
 * last message).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CHAT_API, ZSendMessageResponse, type TChatContact, type TGetChatResponse, type TSendMessageResponse } from '../schema.ts';
import { chatKeys } from './keys.ts';

/** Sends `message` to `contact`. @throws {DemoRequestError} */
export function sendMessage(contact: TChatContact, message: string): Promise<TSendMessageResponse> {
  return demoRequest(CHAT_API.sendMessage, ZSendMessageResponse, { method: 'POST', body: { obj: { contact, message } } });
}

/** The chat cache after `answer`: the new chat, or the existing one with the message appended. */
export function withSentMessage(current: TGetChatResponse, answer: TSendMessageResponse['response']): TGetChatResponse {
  if (answer.chat) return { ...current, chat: answer.chat };
  if (!current.chat) return current;
  return { ...current, chat: { ...current.chat, chat: [...current.chat.chat, answer.newMessageData] } };
}

/** The send mutation of the composer. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contact, message }: { contact: TChatContact; message: string }) => sendMessage(contact, message),
    onSuccess: ({ response }, { contact }) => {
      queryClient.setQueryData<TGetChatResponse>(chatKeys.chat(contact.id), (current) => current && withSentMessage(current, response));
      return queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}
