/**
 * The email demo's mock rules (docs/requirements/states.md, calls.md#demo-mock-calls and errors.md
 * 404s, docs/requirements/constants.md ids) through the real handlers on `msw/node`, each test over
 * a fresh mailbox: folder, trash and starred rules, the q and label filters, newest first,
 * emailsMeta, updates, the label toggle, get-email and paginate-email with their 404s, and the
 * documented send-email.
 */
import { describe, expect, it } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createEmailDb, type EmailDb } from './data.ts';
import { createEmailHandlers } from './handlers.ts';
import { EMAIL_API, ZEmailResponse, ZEmailsResponse, ZSendEmailResponse, ZUpdatedEmailsResponse, type TEmail } from './schema.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
let db: EmailDb;
setupDemoServer(() => {
  const state = memoryState(() => createEmailDb(NOW));
  db = state.data;
  return createEmailHandlers(state);
});

async function list(query = ''): Promise<TEmail[]> {
  const response = await fetch(`${EMAIL_API.emails}${query}`);
  expect(response.status).toBe(200);
  return ZEmailsResponse.parse(await response.json()).emails;
}

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const ids = (emails: readonly TEmail[]) => emails.map((email) => email.id).sort((a, b) => a - b);

describe('GET /apps/email/emails', () => {
  it('defaults to the inbox', async () => {
    const emails = await list();
    expect(emails.length).toBeGreaterThan(0);
    expect(ids(emails)).toEqual(ids(db.emails.filter((email) => email.folder === 'inbox')));
  });

  it('shows only trash in the trash folder', async () => {
    const emails = await list('?folder=trash');
    expect(emails.length).toBeGreaterThan(0);
    expect(ids(emails)).toEqual(ids(db.emails.filter((email) => email.folder === 'trash')));
  });

  it('shows starred emails that are not in trash in the starred view', async () => {
    expect(db.emails.some((email) => email.isStarred && email.folder === 'trash')).toBe(true);
    const emails = await list('?folder=starred');
    expect(ids(emails)).toEqual(ids(db.emails.filter((email) => email.isStarred && email.folder !== 'trash')));
  });

  it('keeps trash out of every other folder, and out of the all-folders list', async () => {
    for (const folder of ['sent', 'draft', 'spam']) {
      const emails = await list(`?folder=${folder}`);
      expect(emails.length, folder).toBeGreaterThan(0);
      expect(emails.every((email) => email.folder === folder)).toBe(true);
    }
    const all = await list('?folder=');
    expect(ids(all)).toEqual(ids(db.emails.filter((email) => email.folder !== 'trash')));
  });

  it('filters q on the subject, case-insensitive', async () => {
    const target = db.emails.find((email) => email.folder === 'inbox');
    const word = target?.subject.split(' ')[0] ?? '';
    const emails = await list(`?q=${encodeURIComponent(word.toUpperCase())}`);
    expect(emails.map((email) => email.id)).toContain(target?.id);
    expect(emails.every((email) => email.subject.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    // The body is not searched.
    expect(await list('?q=Best%20regards')).toEqual([]);
  });

  it('filters by label', async () => {
    const emails = await list('?label=company&folder=');
    expect(emails.length).toBeGreaterThan(0);
    expect(ids(emails)).toEqual(ids(db.emails.filter((email) => email.labels.includes('company') && email.folder !== 'trash')));
  });

  it('answers newest first', async () => {
    const times = (await list('?folder=')).map((email) => Date.parse(email.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('counts unread inbox and spam emails and all drafts in emailsMeta, following changes', async () => {
    const response = await fetch(EMAIL_API.emails);
    const { emailsMeta } = ZEmailsResponse.parse(await response.json());
    const count = (test: (email: TEmail) => boolean) => db.emails.filter(test).length;
    expect(emailsMeta).toEqual({
      inbox: count((email) => email.folder === 'inbox' && !email.isRead),
      spam: count((email) => email.folder === 'spam' && !email.isRead),
      draft: count((email) => email.folder === 'draft'),
    });
    expect(emailsMeta.inbox).toBeGreaterThan(0);
    const unread = db.emails.filter((email) => email.folder === 'inbox' && !email.isRead).map((email) => email.id);
    await post(EMAIL_API.updateEmails, { emailIds: unread, dataToUpdate: { isRead: true } });
    const after = ZEmailsResponse.parse(await (await fetch(EMAIL_API.emails)).json()).emailsMeta;
    expect(after).toEqual({ ...emailsMeta, inbox: 0 });
  });

  it('rejects an unknown folder or label with 400', async () => {
    const folder = await fetch(`${EMAIL_API.emails}?folder=archive`);
    expect(folder.status).toBe(400);
    expect(await folder.json()).toEqual({ message: expect.stringContaining('folder') });
    expect((await fetch(`${EMAIL_API.emails}?label=urgent`)).status).toBe(400);
  });
});

describe('POST /apps/email/update-emails and update-emails-label', () => {
  it('sets isRead, isStarred and folder of every email named', async () => {
    const [a, b] = await list();
    const response = await post(EMAIL_API.updateEmails, { emailIds: [a?.id, b?.id], dataToUpdate: { isRead: false, isStarred: true, folder: 'trash' } });
    expect(response.status).toBe(200);
    const { emails } = ZUpdatedEmailsResponse.parse(await response.json());
    expect(emails.map(({ isRead, isStarred, folder }) => ({ isRead, isStarred, folder }))).toEqual([
      { isRead: false, isStarred: true, folder: 'trash' },
      { isRead: false, isStarred: true, folder: 'trash' },
    ]);
    expect(ids(await list('?folder=trash'))).toEqual(expect.arrayContaining([a?.id, b?.id]));
    expect((await list()).map((email) => email.id)).not.toContain(a?.id);
  });

  it('answers 400 for a bad body and 404 for an unknown id', async () => {
    const bad = await post(EMAIL_API.updateEmails, { emailIds: [1], dataToUpdate: { folder: 'archive' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: expect.stringContaining('dataToUpdate.folder') });
    expect((await post(EMAIL_API.updateEmails, { emailIds: [1], dataToUpdate: {} })).status).toBe(400);
    expect((await post(EMAIL_API.updateEmails, { emailIds: [9999], dataToUpdate: { isRead: true } })).status).toBe(404);
  });

  it('toggles a label: added where missing, removed where present', async () => {
    const without = db.emails.find((email) => !email.labels.includes('private'));
    const withIt = db.emails.find((email) => email.labels.includes('private'));
    const response = await post(EMAIL_API.updateEmailsLabel, { emailIds: [without?.id, withIt?.id], label: 'private' });
    const { emails } = ZUpdatedEmailsResponse.parse(await response.json());
    expect(emails[0]?.labels).toContain('private');
    expect(emails[1]?.labels).not.toContain('private');
    await post(EMAIL_API.updateEmailsLabel, { emailIds: [without?.id], label: 'private' });
    expect(db.emails.find((email) => email.id === without?.id)?.labels).not.toContain('private');
    expect((await post(EMAIL_API.updateEmailsLabel, { emailIds: [1], label: 'urgent' })).status).toBe(400);
  });
});

describe('GET /apps/email/get-email and paginate-email', () => {
  it('answers the email with hasPreviousMail and hasNextMail in its folder, and 404 when missing', async () => {
    const inbox = await list();
    const [newest, second] = inbox;
    const oldest = inbox.at(-1);
    const first = ZEmailResponse.parse(await (await fetch(`${EMAIL_API.getEmail}?id=${newest?.id}`)).json());
    expect(first).toMatchObject({ email: { id: newest?.id }, hasPreviousMail: false, hasNextMail: true });
    const middle = ZEmailResponse.parse(await (await fetch(`${EMAIL_API.getEmail}?id=${second?.id}&folder=inbox`)).json());
    expect(middle).toMatchObject({ hasPreviousMail: true, hasNextMail: true });
    const last = ZEmailResponse.parse(await (await fetch(`${EMAIL_API.getEmail}?id=${oldest?.id}`)).json());
    expect(last).toMatchObject({ hasPreviousMail: true, hasNextMail: false });

    expect((await fetch(`${EMAIL_API.getEmail}?id=9999`)).status).toBe(404);
    expect((await fetch(`${EMAIL_API.getEmail}?id=abc`)).status).toBe(400);
  });

  it('pages to the newer (previous) and older (next) neighbour within the list given', async () => {
    const starred = await list('?folder=starred');
    const [a, b] = starred;
    const next = await fetch(`${EMAIL_API.paginateEmail}?dir=next&emailId=${a?.id}&folder=starred`);
    expect(ZEmailResponse.parse(await next.json())).toMatchObject({ email: { id: b?.id }, hasPreviousMail: true });
    const previous = await fetch(`${EMAIL_API.paginateEmail}?dir=previous&emailId=${b?.id}&folder=starred`);
    expect(ZEmailResponse.parse(await previous.json())).toMatchObject({ email: { id: a?.id }, hasPreviousMail: false });
  });

  it('answers 404 at either end of the list, and for a missing email', async () => {
    const inbox = await list();
    expect((await fetch(`${EMAIL_API.paginateEmail}?dir=previous&emailId=${inbox[0]?.id}`)).status).toBe(404);
    expect((await fetch(`${EMAIL_API.paginateEmail}?dir=next&emailId=${inbox.at(-1)?.id}`)).status).toBe(404);
    expect((await fetch(`${EMAIL_API.paginateEmail}?dir=next&emailId=9999`)).status).toBe(404);
    expect((await fetch(`${EMAIL_API.paginateEmail}?dir=up&emailId=1`)).status).toBe(400);
  });
});

describe('POST /apps/email/send-email (documented demo call)', () => {
  const outgoing = { to: [{ name: 'Ada Lovelace', email: 'ada@example.com' }], cc: [], bcc: [], subject: 'Menu tasting', message: '<p>Hello</p>' };

  it('answers 201 and files the email in sent, with the last id plus one', async () => {
    const lastId = db.emails.at(-1)?.id ?? 0;
    const response = await post(EMAIL_API.sendEmail, { email: outgoing });
    expect(response.status).toBe(201);
    const { email } = ZSendEmailResponse.parse(await response.json());
    expect(email).toMatchObject({ id: lastId + 1, folder: 'sent', isRead: true, subject: 'Menu tasting' });
    expect((await list('?folder=sent'))[0]?.id).toBe(lastId + 1);
  });

  it('adds a reply to the original thread, and rejects no recipient or an unknown original', async () => {
    const original = db.emails.find((email) => email.folder === 'inbox');
    const before = original?.replies.length ?? 0;
    expect((await post(EMAIL_API.sendEmail, { email: outgoing, replyToId: original?.id })).status).toBe(201);
    const { email } = ZEmailResponse.parse(await (await fetch(`${EMAIL_API.getEmail}?id=${original?.id}`)).json());
    expect(email.replies).toHaveLength(before + 1);
    expect(email.replies.at(-1)).toMatchObject({ subject: 'Menu tasting', message: '<p>Hello</p>' });

    const noRecipient = await post(EMAIL_API.sendEmail, { email: { ...outgoing, to: [] } });
    expect(noRecipient.status).toBe(400);
    expect(await noRecipient.json()).toEqual({ message: expect.stringContaining('email.to') });
    expect((await post(EMAIL_API.sendEmail, { email: outgoing, replyToId: 9999 })).status).toBe(404);
  });
});

describe('email demo data', () => {
  it('has dozens of valid emails across every folder and label, the same on every load', () => {
    const { emails } = createEmailDb(NOW);
    expect(emails.length).toBeGreaterThanOrEqual(36);
    for (const email of emails) ZEmailResponse.shape.email.parse(email);
    expect(new Set(emails.map((email) => email.folder))).toEqual(new Set(['inbox', 'sent', 'draft', 'spam', 'trash']));
    expect(new Set(emails.flatMap((email) => email.labels))).toEqual(new Set(['personal', 'company', 'important', 'private']));
    expect(createEmailDb(NOW)).toEqual({ emails });
  });
});
