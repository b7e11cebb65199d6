/**
 * The email demo's initial mailbox (docs/requirements/data.md#email): 56 emails across the five
 * folders and four labels, some starred (one in trash, so the starred view's trash rule shows),
 * unread ones in inbox and spam, drafts, attachments and earlier replies. A seeded faker makes
 * the same mailbox on every load; times count back from "now" (taken when the db is created) so
 * the newest emails are from today. Ids grow with time: the oldest email is 1.
 *
 * One spam email carries a script and an `onerror` handler on purpose: the detail view must
 * show it sanitised (dompurify).
 */
import { en, Faker } from '@faker-js/faker';
import { EMAIL_LABELS, EMAIL_OWNER, type TEmail, type TEmailAttachment, type TEmailFolder, type TEmailReply, type TEmailSender } from './schema.ts';

/** The mutable state behind the email handlers (plain JSON, kept by `DemoState`). */
export interface EmailDb {
  /** In id order: the last one has the highest id (docs/requirements/constants.md#new-ids). */
  emails: TEmail[];
}

const SEED = 1505;
const MINUTE = 60_000;
const KB = 1024;

/** How many emails of each folder the mailbox starts with. */
const FOLDER_COUNTS: Readonly<Record<TEmailFolder, number>> = { inbox: 28, sent: 8, draft: 5, spam: 7, trash: 8 };

const asset = (path: string) => `${import.meta.env.BASE_URL}demo/${path}`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One sentence of a restaurant business email. */
function sentence(faker: Faker): string {
  return faker.helpers.arrayElement([
    () => faker.food.description(),
    () => `We would like to feature the ${faker.food.dish().toLowerCase()} on the ${faker.date.weekday()} menu.`,
    () => `The delivery of ${faker.food.ingredient().toLowerCase()} is expected on ${faker.date.weekday()} morning.`,
    () => `Please review the figures before our call on ${faker.date.weekday()}.`,
    () => `Guests mentioned the ${faker.food.dish().toLowerCase()} several times in their reviews this week.`,
    () => `Could you confirm ${faker.number.int({ min: 5, max: 40 })} kg of ${faker.food.ingredient().toLowerCase()} for next week?`,
    () => `The team at ${faker.location.city()} asked whether we can host ${faker.number.int({ min: 12, max: 80 })} guests.`,
    () => `Let me know if ${faker.number.int({ min: 9, max: 17 })}:00 works for you.`,
    () => `${faker.company.catchPhrase()} is how they describe the new offer.`,
  ])();
}

/** The HTML the template's emails carry: a greeting, paragraphs, a signature. */
function messageHtml(faker: Faker, to: string, from: string): string {
  const paragraphs = Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => {
    const text = Array.from({ length: faker.number.int({ min: 2, max: 4 }) }, () => sentence(faker)).join(' ');
    return `<p>${escapeHtml(text)}</p>`;
  });
  return `<p>Hi ${escapeHtml(to.split(' ')[0] ?? to)},</p>${paragraphs.join('')}<p>Best regards,<br>${escapeHtml(from)}</p>`;
}

function attachment(faker: Faker): TEmailAttachment {
  const kind = faker.helpers.arrayElement([
    { ext: 'pdf', name: () => `invoice-${faker.number.int({ min: 1000, max: 9999 })}` },
    { ext: 'jpg', name: () => `dish-${faker.word.noun()}` },
    { ext: 'xls', name: () => `sales-${faker.date.month().toLowerCase()}` },
    { ext: 'doc', name: () => `menu-draft-${faker.number.int({ min: 1, max: 9 })}` },
    { ext: 'zip', name: () => 'brand-assets' },
    { ext: 'txt', name: () => 'notes' },
  ] as const);
  const icon = asset(`file-icons/${kind.ext}.svg`);
  return { fileName: `${kind.name()}.${kind.ext}`, thumbnail: icon, url: icon, size: faker.number.int({ min: 12 * KB, max: 5 * KB * KB }) };
}

function subjectOf(faker: Faker, folder: TEmailFolder): string {
  if (folder === 'spam') {
    return faker.helpers.arrayElement([
      () => `You have won a ${faker.commerce.productName()}!`,
      () => `Claim your $${faker.finance.amount({ min: 100, max: 999, dec: 0 })} reward today`,
      () => 'URGENT: verify your account now',
      () => `Exclusive offer on ${faker.commerce.product().toLowerCase()}s, 90% off`,
    ])();
  }
  return faker.helpers.arrayElement([
    () => `Weekly menu review: ${faker.food.dish()}`,
    () => `Invoice #${faker.number.int({ min: 1000, max: 9999 })} from ${faker.company.name()}`,
    () => `Table booking for ${faker.number.int({ min: 2, max: 12 })} on ${faker.date.weekday()}`,
    () => `Supplier update: ${faker.food.ingredient().toLowerCase()} prices`,
    () => 'Staff rota for next week',
    () => `Feedback on the new ${faker.food.dish().toLowerCase()}`,
    () => `Meeting notes: ${faker.company.buzzPhrase()}`,
    () => `Catering request from ${faker.company.name()}`,
    () => `Health inspection scheduled for ${faker.date.month()}`,
    () => `Partnership proposal: ${faker.company.catchPhrase()}`,
  ])();
}

/** A fresh copy of the initial mailbox; `now` anchors the times (tests may fix it). */
export function createEmailDb(now: Date = new Date()): EmailDb {
  const faker = new Faker({ locale: [en], seed: SEED });
  const people: TEmailSender[] = Array.from({ length: 14 }, (_, i) => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    return {
      name: `${firstName} ${lastName}`,
      email: faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
      avatar: i < 8 ? asset(`avatars/avatar-${i + 1}.svg`) : '',
    };
  });
  const spammers: TEmailSender[] = Array.from({ length: 4 }, () => ({
    name: faker.company.name(),
    email: faker.internet.email({ provider: 'promo-mail.biz' }).toLowerCase(),
    avatar: '',
  }));
  const owner: TEmailSender = { ...EMAIL_OWNER };
  const recipient = (person: TEmailSender) => ({ name: person.name, email: person.email });

  const folders = faker.helpers.shuffle(
    (Object.entries(FOLDER_COUNTS) as [TEmailFolder, number][]).flatMap(([folder, count]) => Array.from({ length: count }, () => folder)),
  );
  // Minutes before `now`, newest first: a morning's worth today, then a few a day going back.
  let minutesAgo = faker.number.int({ min: 4, max: 20 });
  const ages = folders.map((_, k) => {
    const age = minutesAgo;
    minutesAgo += k < 6 ? faker.number.int({ min: 20, max: 70 }) : faker.number.int({ min: 240, max: 1800 });
    return age;
  });

  let replyId = 1;
  const total = folders.length;
  const emails = folders.map((folder, k): TEmail => {
    const time = new Date(now.getTime() - (ages[k] ?? 0) * MINUTE);
    const contact = faker.helpers.arrayElement(people);
    const outgoing = folder === 'sent' || folder === 'draft' || (folder === 'trash' && faker.datatype.boolean(0.3));
    const from = folder === 'spam' ? faker.helpers.arrayElement(spammers) : outgoing ? owner : contact;
    const to = outgoing ? [recipient(contact)] : [recipient(owner)];
    const subject = subjectOf(faker, folder);
    const replies: TEmailReply[] = [];
    if (folder === 'inbox' && faker.datatype.boolean(0.25)) {
      const count = faker.number.int({ min: 1, max: 2 });
      for (let r = count; r >= 1; r -= 1) {
        const mine = r % 2 === 1;
        replies.push({
          id: replyId++,
          from: mine ? owner : contact,
          to: [recipient(mine ? contact : owner)],
          subject: subject.startsWith('Re: ') ? subject : `Re: ${subject}`,
          message: messageHtml(faker, mine ? contact.name : owner.name, mine ? owner.name : contact.name),
          attachments: [],
          time: new Date(time.getTime() - r * faker.number.int({ min: 90, max: 600 }) * MINUTE).toISOString(),
        });
      }
    }
    return {
      id: total - k,
      from,
      to,
      subject,
      cc: faker.datatype.boolean(0.2) ? [faker.helpers.arrayElement(people).email] : [],
      bcc: outgoing && faker.datatype.boolean(0.15) ? [faker.helpers.arrayElement(people).email] : [],
      message: messageHtml(faker, to[0]?.name ?? '', from.name),
      attachments: folder !== 'spam' && faker.datatype.boolean(0.3) ? Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, () => attachment(faker)) : [],
      isStarred: folder !== 'spam' && faker.datatype.boolean(0.22),
      labels: folder === 'spam' ? [] : faker.helpers.arrayElements(EMAIL_LABELS, { min: 0, max: 2 }),
      time: time.toISOString(),
      replies,
      folder,
      isRead: outgoing || (folder === 'inbox' ? faker.datatype.boolean(0.55) : faker.datatype.boolean(0.5)),
    };
  });
  emails.sort((a, b) => a.id - b.id);

  // Rules the screen demonstrates, whatever the seed drew.
  const newest = (folder: TEmailFolder) => emails.filter((email) => email.folder === folder).at(-1);
  const trashed = newest('trash');
  if (trashed) trashed.isStarred = true;
  const spam = newest('spam');
  if (spam) {
    spam.isRead = false;
    spam.message += '<p>Click <a href="#" onclick="alert(\'pwned\')">here</a> to claim.</p><img src="x" onerror="alert(\'pwned\')"><script>alert("pwned")</script>';
  }
  const newestInbox = newest('inbox');
  if (newestInbox) newestInbox.isRead = false;
  return { emails };
}
