/**
 * Shapes of the chat demo calls (docs/requirements/data.md#chat-profile-user;
 * docs/requirements/states.md; docs/requirements/calls.md):
 * - `GET /apps/chat/chats-and-contacts` → `{ chatsContacts, contacts, profileUser }`: contacts
 *   with a chat (each with `chat: {id, unseenMsgs, lastMessage}`, latest first), the contacts
 *   without one, and the signed-in demo user;
 * - `GET /apps/chat/users/profile-user` → the profile user;
 * - `GET /apps/chat/get-chat?id=<contact id>` → `{ chat, contact }` (`chat` null when the
 *   contact has none yet); opening resets `unseenMsgs` to 0;
 * - `POST /apps/chat/send-msg {obj:{contact, message}}` → 201 `{ response: { newMessageData, id,
 *   chat? } }`, `chat` only when the message started a new chat;
 * - `POST /apps/chat/users/profile-user {status?, about?, settings?}` → the profile user: an extra
 *   demo call (../README.md) so the profile's status and settings survive a reload.
 *
 * Times are ISO date-times; `senderId` is the profile user's id or the contact's.
 */
import { z } from 'zod';

/** Presence of a user (docs/requirements/data.md). */
export const CHAT_STATUSES = ['online', 'away', 'busy', 'offline'] as const;
export const ZChatStatus = z.enum(CHAT_STATUSES);

/** One message (docs/requirements/data.md `chat[{message,time,senderId}]`). */
export const ZChatMessage = z.object({ message: z.string(), time: z.iso.datetime(), senderId: z.number().int() });

/** A chat with one contact (docs/requirements/data.md): `userId` is the contact's id. */
export const ZChat = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  unseenMsgs: z.number().int().nonnegative(),
  chat: z.array(ZChatMessage),
});

/** A contact (docs/requirements/data.md); `avatar` is an image URL or empty (initials are
 * shown). */
export const ZChatContact = z.object({
  id: z.number().int(),
  fullName: z.string(),
  role: z.string(),
  about: z.string(),
  avatar: z.string(),
  status: ZChatStatus,
});

/** The profile's settings (docs/requirements/data.md). */
export const ZChatSettings = z.object({ isTwoStepAuthVerificationEnabled: z.boolean(), isNotificationsOn: z.boolean() });

/** The signed-in demo user (docs/requirements/data.md#chat-profile-user). */
export const ZProfileUser = ZChatContact.extend({ settings: ZChatSettings });

/** A contact of the chat list, with its chat's summary. */
export const ZChatListContact = ZChatContact.extend({
  chat: z.object({ id: z.number().int(), unseenMsgs: z.number().int().nonnegative(), lastMessage: ZChatMessage.nullable() }),
});

export const ZChatsAndContactsResponse = z.object({
  chatsContacts: z.array(ZChatListContact),
  contacts: z.array(ZChatContact),
  profileUser: ZProfileUser,
});
export const ZGetChatResponse = z.object({ chat: ZChat.nullable(), contact: ZChatContact });

/** `obj.contact` needs only the id; the rest of a contact object may come along. */
export const ZSendMessageRequest = z.object({
  obj: z.object({
    contact: z.looseObject({ id: z.number().int() }),
    message: z.string().trim().min(1, 'must not be empty'),
  }),
});
export const ZSendMessageResponse = z.object({
  response: z.object({ newMessageData: ZChatMessage, id: z.number().int(), chat: ZChat.optional() }),
});

/** The profile changes the profile drawer makes. */
export const ZProfileUpdateRequest = z
  .strictObject({
    status: ZChatStatus.optional(),
    about: z.string().max(500).optional(),
    settings: ZChatSettings.partial().optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'nothing to change: send status, about or settings');

export type TChatStatus = z.infer<typeof ZChatStatus>;
export type TChatMessage = z.infer<typeof ZChatMessage>;
export type TChat = z.infer<typeof ZChat>;
export type TChatContact = z.infer<typeof ZChatContact>;
export type TProfileUser = z.infer<typeof ZProfileUser>;
export type TChatListContact = z.infer<typeof ZChatListContact>;
export type TChatsAndContactsResponse = z.infer<typeof ZChatsAndContactsResponse>;
export type TGetChatResponse = z.infer<typeof ZGetChatResponse>;
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;
export type TDemoError = { message: string };

/** Paths of the chat demo calls (docs/requirements/calls.md, plus the documented profile
 * update). */
export const CHAT_API = {
  chatsAndContacts: '/apps/chat/chats-and-contacts',
  profileUser: '/apps/chat/users/profile-user',
  getChat: '/apps/chat/get-chat',
  sendMessage: '/apps/chat/send-msg',
} as const;
