import type { FastifyBaseLogger } from 'fastify';
import { LINK_ATTACHMENT_TYPES, MEDIA_ATTACHMENT_TYPES, ZAttachment, type TAttachment } from '@dinedesk/contracts';
import { cleanText } from '../../lib/text.ts';

/**
 * What Meta sends into the inbox, turned into what DineDesk stores and shows ("Every
 * payload Meta sends"; docs/decisions/0013-meta-payloads.md has the table of every event and
 * attachment type). Two directions, two rules:
 * - Payloads from Meta (webhooks, the Conversations API backfill) are never refused: text is
 *   cleaned ({@link cleanText}), unknown shapes become `unsupported`, impossible times become
 *   the receipt time. Meta retries a refused delivery for ~36 h and the catch-up reads the same
 *   thread every pass, so a refusal would repeat forever.
 * - Rows read back from the database are checked again ({@link readAttachments}), because a
 *   row written by an older version, by hand or by a bug must not make its thread answer 500.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? cleanText(v) : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

const MEDIA = new Set<string>(MEDIA_ATTACHMENT_TYPES);
const LINKS = new Set<string>(LINK_ATTACHMENT_TYPES);

/** The first non-empty title of a template payload (button/generic/media/receipt templates). */
function templateOf(payload: Json): TAttachment {
  const elements = Array.isArray(payload.elements) ? payload.elements.filter(isObject) : [];
  const first = elements[0] ?? {};
  const buttonsOf = (list: unknown) => (Array.isArray(list) ? list.filter(isObject).map((b) => str(b.title)).filter((t): t is string => t !== null) : []);
  const buttons = [...buttonsOf(payload.buttons), ...buttonsOf(first.buttons)];
  const defaultAction = isObject(first.default_action) ? first.default_action : {};
  const templateType = str(payload.template_type);
  const subtitle = str(first.subtitle);
  const url = str(first.url) ?? str(defaultAction.url);
  const imageUrl = str(first.image_url);
  return {
    type: 'template',
    ...(templateType ? { templateType } : {}),
    // The text of a button template, else the title of the first element; a template with
    // neither still gets a title so it never shows as an empty bubble.
    title: str(payload.text) ?? str(first.title) ?? str(payload.recipient_name) ?? (templateType ? `${templateType} template` : 'template'),
    ...(subtitle ? { subtitle } : {}),
    ...(url ? { url } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    buttons,
  };
}

/**
 * One attachment of a webhook `message.attachments[]` (Messenger Platform and Instagram
 * Messaging webhook references), as stored and shown:
 * - `image|video|audio|file`: `payload.url` (stickers: images with `payload.sticker_id`)
 * - `fallback`: `payload.{url,title}`, or `url`/`title` on the attachment itself (older shape)
 * - Instagram `share`, `story_mention`, `reel`, `ig_reel`: `payload.url` (`payload.title` on reels)
 * - `template` (echoes of the page's structured sends): text or first element's title, buttons
 * - `location`: `payload.coordinates.{lat,long}` (WGS 84 degrees)
 * - anything else, Meta's `unsupported_type`, or a known type missing what it needs:
 *   `{type:'unsupported', originalType}`.
 * Text is cleaned with {@link cleanText}. Never throws.
 */
export function fromMetaAttachment(raw: unknown): TAttachment {
  if (!isObject(raw)) return { type: 'unsupported', originalType: 'unknown', url: null };
  const type = typeof raw.type === 'string' && raw.type ? cleanText(raw.type).slice(0, 64) : 'unknown';
  const payload = isObject(raw.payload) ? raw.payload : {};
  const url = str(payload.url) ?? str(raw.url);
  const title = str(payload.title) ?? str(raw.title);
  if (MEDIA.has(type) && url) {
    const stickerId = num(payload.sticker_id);
    return { type: type as (typeof MEDIA_ATTACHMENT_TYPES)[number], url, ...(stickerId !== null ? { stickerId: String(stickerId) } : {}) };
  }
  if (LINKS.has(type)) return { type: type as (typeof LINK_ATTACHMENT_TYPES)[number], url, ...(title ? { title } : {}) };
  if (type === 'template') return templateOf(payload);
  if (type === 'location') {
    const coordinates = isObject(payload.coordinates) ? payload.coordinates : {};
    const lat = num(coordinates.lat);
    const long = num(coordinates.long);
    if (lat !== null && long !== null && Math.abs(lat) <= 90 && Math.abs(long) <= 180) return { type: 'location', lat, long, ...(title ? { title } : {}), ...(url ? { url } : {}) };
  }
  return { type: 'unsupported', originalType: type, url };
}

/** Attachments of a webhook message: a missing list is none, a list that is not one is one unsupported item. */
export function fromMetaAttachments(raw: unknown): TAttachment[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return [fromMetaAttachment(raw)];
  return raw.map(fromMetaAttachment);
}

/**
 * The attachments of a stored row, each checked against the contract: a stored value that is
 * not a list, or an item that no longer parses (an older shape, a planted row), is shown as
 * `unsupported` instead of failing the whole thread.
 * @returns the attachments and whether any had to be repaired (the caller logs it once)
 */
export function readAttachments(stored: unknown): { attachments: TAttachment[]; repaired: boolean } {
  if (stored === null || stored === undefined) return { attachments: [], repaired: false };
  if (!Array.isArray(stored)) return { attachments: [{ type: 'unsupported', originalType: 'unknown', url: null }], repaired: true };
  let repaired = false;
  const attachments = stored.map((item): TAttachment => {
    const parsed = ZAttachment.safeParse(item);
    if (parsed.success) return parsed.data;
    repaired = true;
    const originalType = isObject(item) && typeof item.type === 'string' && item.type ? item.type.slice(0, 64) : 'unknown';
    return { type: 'unsupported', originalType, url: null };
  });
  return { attachments, repaired };
}

/** Snippet of a conversation whose last message the guest unsent. */
export const UNSENT_SNIPPET = '[unsent]';

/**
 * The conversation list's snippet of a message: its text; else a title the attachment carries
 * (template, link, location); else `[type]` (`[image]`, `[attachment]` for unsupported ones),
 * which the web shows in the reader's language.
 */
export function snippetOf(text: string | null, attachments: readonly TAttachment[]): string {
  if (text) return text;
  const a = attachments[0];
  if (!a) return '';
  if (a.type === 'template') return a.title;
  if ((a.type === 'fallback' || a.type === 'share' || a.type === 'reel' || a.type === 'ig_reel' || a.type === 'location') && a.title) return a.title;
  return `[${a.type === 'unsupported' ? 'attachment' : a.type}]`;
}

/** Facebook's launch (2004-02-04): no Meta event is older; earlier values are seconds or garbage. */
const EARLIEST_EVENT_MS = Date.UTC(2004, 1, 4);
/** Clock skew tolerated between Meta and this server before a time counts as impossible. */
const FUTURE_SLACK_MS = 10 * 60_000;

/**
 * The time of a webhook event from its `timestamp` (epoch milliseconds,
 * docs/requirements/platform-apis.md#webhooks). A value that is not a finite number (or numeric
 * string), before 2004, or more than 10 minutes after receipt (e.g. `1e20`, `-5`, `"NaN"`, seconds
 * instead of milliseconds) cannot be stored faithfully and would be refused by the database or by
 * `Date`: the receipt time is used instead and `why` says what was wrong, for the log.
 */
export function eventTime(raw: unknown, receivedAt: Date): { at: Date; why: string | null } {
  const n = num(raw);
  if (n === null) return { at: receivedAt, why: `timestamp ${JSON.stringify(raw)?.slice(0, 40) ?? 'missing'} is not a number` };
  if (n < EARLIEST_EVENT_MS) return { at: receivedAt, why: `timestamp ${n} is before 2004 (seconds instead of milliseconds?)` };
  if (n > receivedAt.getTime() + FUTURE_SLACK_MS) return { at: receivedAt, why: `timestamp ${n} is in the future` };
  return { at: new Date(Math.trunc(n)), why: null };
}

const reported = new Set<string>();
const REPORTED_LIMIT = 10_000;

/**
 * Logs a bad row or item once per process (a thread is loaded again and again; its bad row
 * should show in the log, not flood it). `key` identifies the row, e.g. `message:42`.
 */
export function reportOnce(log: Pick<FastifyBaseLogger, 'warn'> | undefined, key: string, details: Record<string, unknown>, msg: string): void {
  if (!log || reported.has(key)) return;
  if (reported.size >= REPORTED_LIMIT) reported.clear();
  reported.add(key);
  log.warn({ ...details, badRow: key }, msg);
}
