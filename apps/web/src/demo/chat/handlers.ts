/**
 * MSW handlers of the chat demo (docs/requirements/states.md and calls.md#demo-mock-calls), over a
 * `DemoState<ChatDb>` (changes are saved for the browser session):
 * - `GET /apps/chat/chats-and-contacts` → contacts with a chat (latest message first), contacts
 *   without one (by name), and the profile user;
 * - `GET /apps/chat/users/profile-user` → the profile user;
 * - `GET /apps/chat/get-chat?id=<contact id>` → `{chat, contact}`; opening resets the chat's
 *   `unseenMsgs` to 0 (docs/requirements/states.md); `chat` is null for a contact without one; 404
 *   for an unknown contact;
 * - `POST /apps/chat/send-msg {obj:{contact, message}}` → 201 `{response:{newMessageData, id,
 *   chat if new}}`: appended to the contact's chat, or a new chat (last id plus one,
 *   docs/requirements/constants.md);
 * - `POST /apps/chat/users/profile-user {status?, about?, settings?}` → the profile user (the
 *   documented extra call of the profile drawer).
 *
 * Bad input gets 400 with a `message` naming the field.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { ChatDb } from './data.ts';
import {
  CHAT_API,
  ZProfileUpdateRequest,
  ZSendMessageRequest,
  type TChat,
  type TChatListContact,
  type TChatMessage,
  type TChatsAndContactsResponse,
  type TDemoError,
  type TGetChatResponse,
  type TProfileUser,
  type TSendMessageResponse,
} from './schema.ts';

const errorResponse = (status: number, message: string) => HttpResponse.json<TDemoError>({ message }, { status });

/** The first issue of a failed parse, as "field: problem". */
function describeIssue(issues: readonly { path: PropertyKey[]; message: string }[], fallback: string): string {
  const issue = issues[0];
  if (!issue) return fallback;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

const lastOf = (chat: TChat): TChatMessage | null => chat.chat.at(-1) ?? null;

/** The chat list (docs/requirements/calls.md): contacts with a chat, latest message first, and
 * those without. */
export function chatsAndContactsOf(db: ChatDb): TChatsAndContactsResponse {
  const chatsContacts: TChatListContact[] = db.chats.flatMap((chat) => {
    const contact = db.contacts.find((candidate) => candidate.id === chat.userId);
    if (!contact) return [];
    const lastMessage = lastOf(chat);
    return [{ ...structuredClone(contact), chat: { id: chat.id, unseenMsgs: chat.unseenMsgs, lastMessage: lastMessage && { ...lastMessage } } }];
  });
  chatsContacts.sort((a, b) => Date.parse(b.chat.lastMessage?.time ?? '') - Date.parse(a.chat.lastMessage?.time ?? '') || b.chat.id - a.chat.id);
  const contacts = db.contacts
    .filter((contact) => !db.chats.some((chat) => chat.userId === contact.id))
    .map((contact) => structuredClone(contact))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
  return { chatsContacts, contacts, profileUser: structuredClone(db.profileUser) };
}

async function jsonBody(request: Request): Promise<unknown> {
  return request.json().catch(() => null);
}

/** The chat demo handlers over `state` (its data is changed in place and saved). */
export function createChatHandlers(state: DemoState<ChatDb>): RequestHandler[] {
  const db = state.data;
  return [
    http.get<never, never, TChatsAndContactsResponse>(CHAT_API.chatsAndContacts, () => HttpResponse.json(chatsAndContactsOf(db))),

    http.get<never, never, TProfileUser>(CHAT_API.profileUser, () => HttpResponse.json(structuredClone(db.profileUser))),

    http.post<never, DefaultBodyType, TProfileUser | TDemoError>(CHAT_API.profileUser, async ({ request }) => {
      const parsed = ZProfileUpdateRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return errorResponse(400, describeIssue(parsed.error.issues, 'Body must be {status?, about?, settings?}'));
      const { status, about, settings } = parsed.data;
      if (status !== undefined) db.profileUser.status = status;
      if (about !== undefined) db.profileUser.about = about;
      if (settings) {
        if (settings.isTwoStepAuthVerificationEnabled !== undefined) db.profileUser.settings.isTwoStepAuthVerificationEnabled = settings.isTwoStepAuthVerificationEnabled;
        if (settings.isNotificationsOn !== undefined) db.profileUser.settings.isNotificationsOn = settings.isNotificationsOn;
      }
      state.save();
      return HttpResponse.json(structuredClone(db.profileUser));
    }),

    http.get<never, never, TGetChatResponse | TDemoError>(CHAT_API.getChat, ({ request }) => {
      const raw = new URL(request.url).searchParams.get('id');
      const id = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isInteger(id)) return errorResponse(400, 'id must be an integer contact id');
      const contact = db.contacts.find((candidate) => candidate.id === id);
      if (!contact) return errorResponse(404, `No contact ${id}`);
      const chat = db.chats.find((candidate) => candidate.userId === id) ?? null;
      if (chat && chat.unseenMsgs !== 0) {
        chat.unseenMsgs = 0;
        state.save();
      }
      return HttpResponse.json({ chat: chat && structuredClone(chat), contact: structuredClone(contact) });
    }),

    http.post<never, DefaultBodyType, TSendMessageResponse | TDemoError>(CHAT_API.sendMessage, async ({ request }) => {
      const parsed = ZSendMessageRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return errorResponse(400, describeIssue(parsed.error.issues, 'Body must be {obj: {contact, message}}'));
      const { contact, message } = parsed.data.obj;
      if (!db.contacts.some((candidate) => candidate.id === contact.id)) return errorResponse(404, `No contact ${contact.id}`);
      const newMessageData: TChatMessage = { message, time: new Date().toISOString(), senderId: db.profileUser.id };
      let chat = db.chats.find((candidate) => candidate.userId === contact.id);
      const isNew = !chat;
      if (!chat) {
        chat = { id: (db.chats.at(-1)?.id ?? 0) + 1, userId: contact.id, unseenMsgs: 0, chat: [] };
        db.chats.push(chat);
      }
      chat.chat.push(newMessageData);
      state.save();
      const response: TSendMessageResponse['response'] = { newMessageData: { ...newMessageData }, id: chat.id };
      if (isNew) response.chat = structuredClone(chat);
      return HttpResponse.json({ response }, { status: 201 });
    }),
  ];
}
