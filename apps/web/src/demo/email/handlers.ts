/**
 * MSW handlers of the email demo (docs/requirements/states.md, calls.md#demo-mock-calls and
 * errors.md 404s), over a `DemoState<EmailDb>` (changes are saved for the browser session):
 * - `GET /apps/email/emails?q&folder&label`: `q` on the subject (case-insensitive), `folder`
 *   default inbox (trash shows trash only, starred shows starred non-trash, every other folder
 *   excludes trash; an empty `folder=` is every folder but trash), `label`; newest first, with
 *   `emailsMeta` (unread in inbox and spam, drafts);
 * - `POST /apps/email/update-emails {emailIds, dataToUpdate}` sets isRead, isStarred, folder;
 * - `POST /apps/email/update-emails-label {emailIds, label}` toggles the label on each email;
 * - `GET /apps/email/get-email?id` → the email with `hasPreviousMail`/`hasNextMail`, 404 if
 *   missing; `GET /apps/email/paginate-email?dir=previous|next&emailId` → its neighbour, 404 if
 *   none. Neighbours are taken in the list the same optional `q`, `folder`, `label` give
 *   (default: the email's own folder), newest first: "previous" is the newer one above it;
 * - `POST /apps/email/send-email {email, replyToId?}` → 201: the extra demo call of the compose
 *   dialog and reply area (../README.md); a reply is also added to the original's thread.
 *
 * Bad input gets 400 with a `message` naming the field; unknown ids 404.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { EmailDb } from './data.ts';
import {
  EMAIL_API,
  EMAIL_OWNER,
  ZEmailLabel,
  ZEmailView,
  ZSendEmailRequest,
  ZUpdateEmailsLabelRequest,
  ZUpdateEmailsRequest,
  type EmailListParams,
  type TDemoError,
  type TEmail,
  type TEmailResponse,
  type TEmailsMeta,
  type TEmailsResponse,
  type TSendEmailResponse,
  type TUpdatedEmailsResponse,
} from './schema.ts';

const errorResponse = (status: number, message: string) => HttpResponse.json<TDemoError>({ message }, { status });

/** A rejected input, carrying the 400/404 answer. */
type Failure = { error: ReturnType<typeof errorResponse> };

const fail = (status: number, message: string): Failure => ({ error: errorResponse(status, message) });

const newestFirst = (a: TEmail, b: TEmail) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id;

/** Whether `email` belongs in the `folder` view (docs/requirements/calls.md folder rules). */
function inView(email: TEmail, folder: NonNullable<EmailListParams['folder']>): boolean {
  if (folder === 'trash') return email.folder === 'trash';
  if (folder === 'starred') return email.isStarred && email.folder !== 'trash';
  return email.folder !== 'trash' && (folder === '' || email.folder === folder);
}

/** The emails of a list (docs/requirements/calls.md), newest first; `folder` defaults to inbox. */
export function listEmails(emails: readonly TEmail[], { q = '', folder = 'inbox', label }: EmailListParams): TEmail[] {
  const query = q.trim().toLowerCase();
  return emails
    .filter((email) => email.subject.toLowerCase().includes(query) && inView(email, folder) && (!label || email.labels.includes(label)))
    .sort(newestFirst);
}

/** The sidebar counts (docs/requirements/calls.md): unread in inbox and spam, every draft. */
export function emailsMetaOf(emails: readonly TEmail[]): TEmailsMeta {
  const count = (test: (email: TEmail) => boolean) => emails.filter(test).length;
  return {
    inbox: count((email) => email.folder === 'inbox' && !email.isRead),
    spam: count((email) => email.folder === 'spam' && !email.isRead),
    draft: count((email) => email.folder === 'draft'),
  };
}

/** `q`, `folder`, `label` of a URL; `folder` stays undefined when absent (callers default it). */
function listParamsOf(url: URL): EmailListParams | Failure {
  const params: EmailListParams = {};
  const q = url.searchParams.get('q');
  if (q !== null) params.q = q;
  const folder = url.searchParams.get('folder');
  if (folder !== null && folder !== '') {
    const parsed = ZEmailView.safeParse(folder);
    if (!parsed.success) return fail(400, `folder must be one of ${ZEmailView.options.join(', ')}`);
    params.folder = parsed.data;
  } else if (folder === '') {
    params.folder = '';
  }
  const label = url.searchParams.get('label');
  if (label !== null && label !== '') {
    const parsed = ZEmailLabel.safeParse(label);
    if (!parsed.success) return fail(400, `label must be one of ${ZEmailLabel.options.join(', ')}`);
    params.label = parsed.data;
  }
  return params;
}

function idParam(url: URL, name: string): number | Failure {
  const raw = url.searchParams.get(name);
  const id = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isInteger(id) ? id : fail(400, `${name} must be an integer email id`);
}

/** The email with its neighbours in the list `params` give (default: its own folder). */
function withNeighbours(emails: readonly TEmail[], email: TEmail, params: EmailListParams): TEmailResponse {
  const list = listEmails(emails, { ...params, folder: params.folder ?? email.folder });
  const index = list.findIndex((candidate) => candidate.id === email.id);
  return { email: structuredClone(email), hasPreviousMail: index > 0, hasNextMail: index >= 0 && index < list.length - 1 };
}

async function jsonBody(request: Request): Promise<unknown> {
  return request.json().catch(() => null);
}

/** The first issue of a failed parse, as "field: problem". */
function describeIssue(issues: readonly { path: PropertyKey[]; message: string }[], fallback: string): string {
  const issue = issues[0];
  if (!issue) return fallback;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The emails with `ids`, or a 404 naming the missing ones. */
function emailsWithIds(db: EmailDb, ids: readonly number[]): TEmail[] | Failure {
  const found = ids.map((id) => db.emails.find((email) => email.id === id));
  const missing = ids.filter((_, i) => !found[i]);
  if (missing.length > 0) return fail(404, `No email ${missing.join(', ')}`);
  return found.filter((email): email is TEmail => email !== undefined);
}

const isFailure = (value: unknown): value is Failure => typeof value === 'object' && value !== null && 'error' in value;

/** The email demo handlers over `state` (its data is changed in place and saved). */
export function createEmailHandlers(state: DemoState<EmailDb>): RequestHandler[] {
  const db = state.data;
  return [
    http.get<never, never, TEmailsResponse | TDemoError>(EMAIL_API.emails, ({ request }) => {
      const params = listParamsOf(new URL(request.url));
      if (isFailure(params)) return params.error;
      const emails = listEmails(db.emails, params).map((email) => structuredClone(email));
      return HttpResponse.json({ emails, emailsMeta: emailsMetaOf(db.emails) });
    }),

    http.post<never, DefaultBodyType, TUpdatedEmailsResponse | TDemoError>(EMAIL_API.updateEmails, async ({ request }) => {
      const parsed = ZUpdateEmailsRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return fail(400, describeIssue(parsed.error.issues, 'Body must be {emailIds, dataToUpdate}')).error;
      const emails = emailsWithIds(db, parsed.data.emailIds);
      if (isFailure(emails)) return emails.error;
      const { isRead, isStarred, folder } = parsed.data.dataToUpdate;
      for (const email of emails) {
        if (isRead !== undefined) email.isRead = isRead;
        if (isStarred !== undefined) email.isStarred = isStarred;
        if (folder !== undefined) email.folder = folder;
      }
      state.save();
      return HttpResponse.json({ emails: emails.map((email) => structuredClone(email)) });
    }),

    http.post<never, DefaultBodyType, TUpdatedEmailsResponse | TDemoError>(EMAIL_API.updateEmailsLabel, async ({ request }) => {
      const parsed = ZUpdateEmailsLabelRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return fail(400, describeIssue(parsed.error.issues, 'Body must be {emailIds, label}')).error;
      const emails = emailsWithIds(db, parsed.data.emailIds);
      if (isFailure(emails)) return emails.error;
      const { label } = parsed.data;
      for (const email of emails) {
        email.labels = email.labels.includes(label) ? email.labels.filter((l) => l !== label) : [...email.labels, label];
      }
      state.save();
      return HttpResponse.json({ emails: emails.map((email) => structuredClone(email)) });
    }),

    http.get<never, never, TEmailResponse | TDemoError>(EMAIL_API.getEmail, ({ request }) => {
      const url = new URL(request.url);
      const id = idParam(url, 'id');
      if (isFailure(id)) return id.error;
      const params = listParamsOf(url);
      if (isFailure(params)) return params.error;
      const email = db.emails.find((candidate) => candidate.id === id);
      if (!email) return fail(404, `No email ${id}`).error;
      return HttpResponse.json(withNeighbours(db.emails, email, params));
    }),

    http.get<never, never, TEmailResponse | TDemoError>(EMAIL_API.paginateEmail, ({ request }) => {
      const url = new URL(request.url);
      const dir = url.searchParams.get('dir');
      if (dir !== 'previous' && dir !== 'next') return fail(400, 'dir must be previous or next').error;
      const id = idParam(url, 'emailId');
      if (isFailure(id)) return id.error;
      const params = listParamsOf(url);
      if (isFailure(params)) return params.error;
      const email = db.emails.find((candidate) => candidate.id === id);
      if (!email) return fail(404, `No email ${id}`).error;
      const scope = { ...params, folder: params.folder ?? email.folder };
      const list = listEmails(db.emails, scope);
      const index = list.findIndex((candidate) => candidate.id === id);
      const neighbour = index < 0 ? undefined : list[dir === 'previous' ? index - 1 : index + 1];
      if (!neighbour) return fail(404, `No ${dir} email`).error;
      return HttpResponse.json(withNeighbours(db.emails, neighbour, scope));
    }),

    http.post<never, DefaultBodyType, TSendEmailResponse | TDemoError>(EMAIL_API.sendEmail, async ({ request }) => {
      const parsed = ZSendEmailRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return fail(400, describeIssue(parsed.error.issues, 'Body must be {email}')).error;
      const { email: outgoing, replyToId } = parsed.data;
      const original = replyToId === undefined ? undefined : db.emails.find((email) => email.id === replyToId);
      if (replyToId !== undefined && !original) return fail(404, `No email ${replyToId}`).error;
      const time = new Date().toISOString();
      const email: TEmail = {
        id: (db.emails.at(-1)?.id ?? 0) + 1,
        from: { ...EMAIL_OWNER },
        ...structuredClone(outgoing),
        attachments: [],
        isStarred: false,
        labels: [],
        time,
        replies: [],
        folder: 'sent',
        isRead: true,
      };
      db.emails.push(email);
      if (original) {
        const replyId = Math.max(0, ...db.emails.flatMap((candidate) => candidate.replies.map((reply) => reply.id))) + 1;
        original.replies.push({ id: replyId, from: { ...EMAIL_OWNER }, to: outgoing.to, subject: outgoing.subject, message: outgoing.message, attachments: [], time });
      }
      state.save();
      return HttpResponse.json({ email: structuredClone(email) }, { status: 201 });
    }),
  ];
}
