/**
 * Shapes of the email demo calls (docs/requirements/data.md#email, states.md and
 * calls.md#demo-mock-calls):
 * - `GET /apps/email/emails?q&folder&label` → `{ emails, emailsMeta }`;
 * - `POST /apps/email/update-emails {emailIds, dataToUpdate}` → `{ emails }` (the changed ones);
 * - `POST /apps/email/update-emails-label {emailIds, label}` → `{ emails }`, the label toggled;
 * - `GET /apps/email/get-email?id` and `GET /apps/email/paginate-email?dir&emailId` →
 *   `{ email, hasPreviousMail, hasNextMail }`;
 * - `POST /apps/email/send-email {email, replyToId?}` → 201 `{ email }`: an extra demo call the
 *   spec does not list (its compose dialog "sends" into the sent folder; see ../README.md).
 *
 * Times are ISO date-times; attachment sizes are bytes, so both are shown in the reader's
 * language. `cc` and `bcc` are address lists, as in the template.
 */
import { z } from 'zod';

/** The folders an email can be in (docs/requirements/data.md). */
export const EMAIL_FOLDERS = ['inbox', 'sent', 'draft', 'spam', 'trash'] as const;
/** The labels an email can carry (docs/requirements/data.md). */
export const EMAIL_LABELS = ['personal', 'company', 'important', 'private'] as const;
/**
 * The `folder` values of the list call: the five folders plus `starred` (starred emails not in
 * trash, docs/requirements/calls.md). An empty `folder=` means every folder but trash (the
 * template's rule, used by the label views).
 */
export const EMAIL_VIEWS = ['inbox', 'sent', 'draft', 'starred', 'spam', 'trash'] as const;

export const ZEmailFolder = z.enum(EMAIL_FOLDERS);
export const ZEmailLabel = z.enum(EMAIL_LABELS);
export const ZEmailView = z.enum(EMAIL_VIEWS);

/** A sender (docs/requirements/data.md `from{email,name,avatar}`); `avatar` is an image URL or
 * empty. */
export const ZEmailSender = z.object({ email: z.string(), name: z.string(), avatar: z.string() });
/** A recipient (docs/requirements/data.md `to[{name,email}]`). */
export const ZEmailRecipient = z.object({ name: z.string(), email: z.string() });
/** An attachment (docs/requirements/data.md): `thumbnail` is the file-type icon URL, `size` is
 * bytes. */
export const ZEmailAttachment = z.object({
  fileName: z.string(),
  thumbnail: z.string(),
  url: z.string(),
  size: z.number().int().nonnegative(),
});
/** An earlier message of the thread, shown above the email (docs/requirements/data.md
 * `replies`). */
export const ZEmailReply = z.object({
  id: z.number().int(),
  from: ZEmailSender,
  to: z.array(ZEmailRecipient),
  subject: z.string(),
  message: z.string(),
  attachments: z.array(ZEmailAttachment),
  time: z.iso.datetime(),
});

/** An email (docs/requirements/data.md). `message` is HTML, sanitised before display. */
export const ZEmail = z.object({
  id: z.number().int(),
  from: ZEmailSender,
  to: z.array(ZEmailRecipient),
  subject: z.string(),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  message: z.string(),
  attachments: z.array(ZEmailAttachment),
  isStarred: z.boolean(),
  labels: z.array(ZEmailLabel),
  time: z.iso.datetime(),
  replies: z.array(ZEmailReply),
  folder: ZEmailFolder,
  isRead: z.boolean(),
});

/** Counts of the sidebar badges (docs/requirements/calls.md): unread in inbox and spam, all
 * drafts. */
export const ZEmailsMeta = z.object({
  inbox: z.number().int().nonnegative(),
  spam: z.number().int().nonnegative(),
  draft: z.number().int().nonnegative(),
});

export const ZEmailsResponse = z.object({ emails: z.array(ZEmail), emailsMeta: ZEmailsMeta });
export const ZEmailResponse = z.object({ email: ZEmail, hasPreviousMail: z.boolean(), hasNextMail: z.boolean() });
export const ZEmailIds = z.array(z.number().int()).min(1);

/** `dataToUpdate` of update-emails (docs/requirements/states.md: isRead, isStarred, folder), at
 * least one of them. */
export const ZEmailChanges = z
  .strictObject({ isRead: z.boolean().optional(), isStarred: z.boolean().optional(), folder: ZEmailFolder.optional() })
  .refine((changes) => Object.keys(changes).length > 0, 'dataToUpdate must change isRead, isStarred or folder');

export const ZUpdateEmailsRequest = z.object({ emailIds: ZEmailIds, dataToUpdate: ZEmailChanges });
export const ZUpdateEmailsLabelRequest = z.object({ emailIds: ZEmailIds, label: ZEmailLabel });
export const ZUpdatedEmailsResponse = z.object({ emails: z.array(ZEmail) });

/** What the compose dialog and the reply area send: at least one recipient. */
export const ZOutgoingEmail = z.object({
  to: z.array(ZEmailRecipient).min(1),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
});
export const ZSendEmailRequest = z.object({ email: ZOutgoingEmail, replyToId: z.number().int().optional() });
export const ZSendEmailResponse = z.object({ email: ZEmail });

export type TEmailFolder = z.infer<typeof ZEmailFolder>;
export type TEmailLabel = z.infer<typeof ZEmailLabel>;
export type TEmailView = z.infer<typeof ZEmailView>;
export type TEmailSender = z.infer<typeof ZEmailSender>;
export type TEmailRecipient = z.infer<typeof ZEmailRecipient>;
export type TEmailAttachment = z.infer<typeof ZEmailAttachment>;
export type TEmailReply = z.infer<typeof ZEmailReply>;
export type TEmail = z.infer<typeof ZEmail>;
export type TEmailsMeta = z.infer<typeof ZEmailsMeta>;
export type TEmailsResponse = z.infer<typeof ZEmailsResponse>;
export type TEmailResponse = z.infer<typeof ZEmailResponse>;
export type TEmailChanges = z.infer<typeof ZEmailChanges>;
export type TUpdateEmailsRequest = z.infer<typeof ZUpdateEmailsRequest>;
export type TUpdateEmailsLabelRequest = z.infer<typeof ZUpdateEmailsLabelRequest>;
export type TUpdatedEmailsResponse = z.infer<typeof ZUpdatedEmailsResponse>;
export type TSendEmailRequest = z.infer<typeof ZSendEmailRequest>;
export type TSendEmailResponse = z.infer<typeof ZSendEmailResponse>;
export type TDemoError = { message: string };

/**
 * Which list an email is paged through: the list call's `q`, `folder`, `label`
 * (docs/requirements/calls.md). `folder: ''` is every folder but trash (the label views).
 */
export interface EmailListParams {
  q?: string;
  folder?: TEmailView | '';
  label?: TEmailLabel;
}

/** The mailbox the demo user owns: the sender of sent emails and drafts. */
export const EMAIL_OWNER: TEmailSender = { name: 'John Doe', email: 'john.doe@dinedesk.demo', avatar: '' };

/** Paths of the email demo calls (docs/requirements/calls.md, plus the documented send-email). */
export const EMAIL_API = {
  emails: '/apps/email/emails',
  updateEmails: '/apps/email/update-emails',
  updateEmailsLabel: '/apps/email/update-emails-label',
  getEmail: '/apps/email/get-email',
  paginateEmail: '/apps/email/paginate-email',
  sendEmail: '/apps/email/send-email',
} as const;
