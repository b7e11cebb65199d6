/**
 * The chat demo's mock rules (docs/requirements/states.md, calls.md and constants.md) through the
 * real handlers on `msw/node`, each test over fresh data: the chat list, opening a chat resets its
 * unseen count, send-msg appends to an existing chat or creates one (201, last id plus one), the
 * profile user and its documented update, and 400s for bad input.
 */
import { describe, expect, it } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createChatDb, type ChatDb } from './data.ts';
import { createChatHandlers } from './handlers.ts';
import { CHAT_API, ZChatsAndContactsResponse, ZGetChatResponse, ZProfileUser, ZSendMessageResponse } from './schema.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
let db: ChatDb;
setupDemoServer(() => {
  const state = memoryState(() => createChatDb(NOW));
  db = state.data;
  return createChatHandlers(state);
});

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function chatsAndContacts() {
  return ZChatsAndContactsResponse.parse(await (await fetch(CHAT_API.chatsAndContacts)).json());
}

describe('GET /apps/chat/chats-and-contacts', () => {
  it('answers contacts with a chat (latest first, with their last message), contacts without one, and the profile user', async () => {
    const { chatsContacts, contacts, profileUser } = await chatsAndContacts();
    expect(chatsContacts.length).toBe(db.chats.length);
    const times = chatsContacts.map((contact) => Date.parse(contact.chat.lastMessage?.time ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const contact of chatsContacts) {
      const chat = db.chats.find((candidate) => candidate.id === contact.chat.id);
      expect(contact.chat.lastMessage).toEqual(chat?.chat.at(-1));
    }
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.every((contact) => !db.chats.some((chat) => chat.userId === contact.id))).toBe(true);
    expect(profileUser.id).toBe(11);
  });
});

describe('GET /apps/chat/get-chat', () => {
  it('answers the chat and contact and resets the unseen count to 0', async () => {
    const waiting = db.chats.find((chat) => chat.unseenMsgs > 0);
    expect(waiting).toBeDefined();
    const response = await fetch(`${CHAT_API.getChat}?id=${waiting?.userId}`);
    const { chat, contact } = ZGetChatResponse.parse(await response.json());
    expect(contact.id).toBe(waiting?.userId);
    expect(chat?.unseenMsgs).toBe(0);
    const listed = (await chatsAndContacts()).chatsContacts.find((item) => item.id === waiting?.userId);
    expect(listed?.chat.unseenMsgs).toBe(0);
  });

  it('answers chat null for a contact without one, 404 for an unknown contact, 400 for a bad id', async () => {
    const [lonely] = (await chatsAndContacts()).contacts;
    expect(ZGetChatResponse.parse(await (await fetch(`${CHAT_API.getChat}?id=${lonely?.id}`)).json())).toMatchObject({ chat: null, contact: { id: lonely?.id } });
    expect((await fetch(`${CHAT_API.getChat}?id=999`)).status).toBe(404);
    expect((await fetch(`${CHAT_API.getChat}?id=x`)).status).toBe(400);
  });
});

describe('POST /apps/chat/send-msg', () => {
  it('appends to an existing chat: 201 with the message and the chat id, no chat', async () => {
    const chat = db.chats[0];
    const before = chat?.chat.length ?? 0;
    const response = await post(CHAT_API.sendMessage, { obj: { contact: { id: chat?.userId, fullName: 'ignored' }, message: '  Hello there  ' } });
    expect(response.status).toBe(201);
    const { response: answer } = ZSendMessageResponse.parse(await response.json());
    expect(answer).toMatchObject({ id: chat?.id, newMessageData: { message: 'Hello there', senderId: 11 } });
    expect(answer.chat).toBeUndefined();
    const { chat: after } = ZGetChatResponse.parse(await (await fetch(`${CHAT_API.getChat}?id=${chat?.userId}`)).json());
    expect(after?.chat).toHaveLength(before + 1);
    expect(after?.chat.at(-1)?.message).toBe('Hello there');
  });

  it('creates the chat for a contact without one (id last plus one) and lists it first', async () => {
    const [lonely] = (await chatsAndContacts()).contacts;
    const lastId = db.chats.at(-1)?.id ?? 0;
    const response = await post(CHAT_API.sendMessage, { obj: { contact: lonely, message: 'First message' } });
    expect(response.status).toBe(201);
    const { response: answer } = ZSendMessageResponse.parse(await response.json());
    expect(answer.id).toBe(lastId + 1);
    expect(answer.chat).toMatchObject({ id: lastId + 1, userId: lonely?.id, unseenMsgs: 0, chat: [{ message: 'First message' }] });
    const list = await chatsAndContacts();
    expect(list.chatsContacts[0]?.id).toBe(lonely?.id);
    expect(list.contacts.map((contact) => contact.id)).not.toContain(lonely?.id);
  });

  it('answers 400 for an empty message or a missing contact, 404 for an unknown contact', async () => {
    const empty = await post(CHAT_API.sendMessage, { obj: { contact: { id: 1 }, message: '   ' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: expect.stringContaining('obj.message') });
    expect((await post(CHAT_API.sendMessage, { obj: { message: 'Hi' } })).status).toBe(400);
    expect((await post(CHAT_API.sendMessage, { obj: { contact: { id: 999 }, message: 'Hi' } })).status).toBe(404);
  });
});

describe('the profile user ( GET, documented POST)', () => {
  it('answers the profile with its settings, and keeps a status or settings change', async () => {
    const profile = ZProfileUser.parse(await (await fetch(CHAT_API.profileUser)).json());
    expect(profile.settings).toEqual({ isTwoStepAuthVerificationEnabled: true, isNotificationsOn: false });
    const changed = await post(CHAT_API.profileUser, { status: 'busy', settings: { isNotificationsOn: true } });
    expect(ZProfileUser.parse(await changed.json())).toMatchObject({ status: 'busy', settings: { isTwoStepAuthVerificationEnabled: true, isNotificationsOn: true } });
    expect(ZProfileUser.parse(await (await fetch(CHAT_API.profileUser)).json()).status).toBe('busy');
    expect((await post(CHAT_API.profileUser, { status: 'sleeping' })).status).toBe(400);
    expect((await post(CHAT_API.profileUser, {})).status).toBe(400);
  });
});

describe('chat demo data', () => {
  it('has several chats, contacts without a chat, every status, the same on every load', () => {
    const data = createChatDb(NOW);
    expect(data.chats.length).toBeGreaterThanOrEqual(5);
    expect(data.contacts.filter((contact) => !data.chats.some((chat) => chat.userId === contact.id)).length).toBeGreaterThanOrEqual(3);
    expect(new Set(data.contacts.map((contact) => contact.status))).toEqual(new Set(['online', 'offline', 'busy', 'away']));
    for (const chat of data.chats) {
      const times = chat.chat.map((message) => Date.parse(message.time));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(createChatDb(NOW)).toEqual(data);
  });
});
