/**
 * `npm run guest -w @dinedesk/meta-sim -- [--page <page-id|ig-user-id>] [--channel messenger|instagram]
 *   [--text "..."] [--image <url>] [--conversation <t_…>] [--guest <psid|igsid>] [--json]`
 * Other payloads Meta sends (docs/decisions/0013-meta-payloads.md):
 *   `--attachment <type> [--url <url>] [--title "..."] [--lat <deg> --long <deg>]` an attachment of
 *     any webhook type (image, video, audio, file, fallback, share, story_mention, reel, ig_reel,
 *     location, template, unsupported_type, or an unknown one);
 *   `--postback "<button title>" [--payload <p>]` the guest taps a button;
 *   `--unsend <message-id>` the guest unsends a message; `--read` / `--delivery` with
 *   `--conversation <id>`: the guest reads / receives the thread now;
 *   `--template "<text>" --conversation <id>` the Page sends a button template (DineDesk sees its echo).
 *
 * Posts one guest message to a running simulator (`POST /__sim/guest-message`), so anyone can
 * watch a message arrive in DineDesk's inbox (and as a webhook, when the Page subscribed).
 * Env: META_SIM_URL (default http://127.0.0.1:4100).
 * Defaults: no page → the first Page of `GET /__sim/inbox`; no text and no image → the next
 * customer line of the CamRest676 dialogues (chosen by the simulator); no conversation or
 * guest → a new synthetic guest. `--page` may be an Instagram account id (implies instagram).
 * Prints one line describing the message (`--json`: the control API's JSON answer); exits 1 on
 * errors with the reason on stderr.
 */
import { parseArgs } from 'node:util';

const USAGE =
  'usage: guest [--page <page-id|ig-user-id>] [--channel messenger|instagram] [--text "..."] [--image <url>] [--conversation <id>] [--guest <id>] [--json]\n' +
  '       [--attachment <type> [--url <url>] [--title "..."] [--lat <deg> --long <deg>]] [--postback "<title>" [--payload <p>]]\n' +
  '       guest --unsend <message-id> | guest --conversation <id> (--read | --delivery | --template "<text>")';

interface InboxPage {
  pageId: string;
  name: string;
  igUserId: string;
}

async function call(base: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  }
  if (!res.ok) {
    const reason = json && typeof json === 'object' && 'error' in json ? String((json as { error: unknown }).error) : text;
    throw new Error(`${method} ${path} answered ${res.status}: ${reason}`);
  }
  return json;
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        page: { type: 'string' },
        channel: { type: 'string' },
        text: { type: 'string' },
        image: { type: 'string' },
        conversation: { type: 'string' },
        guest: { type: 'string' },
        attachment: { type: 'string' },
        url: { type: 'string' },
        title: { type: 'string' },
        lat: { type: 'string' },
        long: { type: 'string' },
        postback: { type: 'string' },
        payload: { type: 'string' },
        unsend: { type: 'string' },
        read: { type: 'boolean' },
        delivery: { type: 'boolean' },
        template: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const base = (process.env.META_SIM_URL ?? 'http://127.0.0.1:4100').replace(/\/+$/, '');
  const str = (k: string): string | undefined => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const channel = str('channel');
  if (channel !== undefined && channel !== 'messenger' && channel !== 'instagram') {
    console.error(`--channel must be messenger or instagram\n${USAGE}`);
    process.exit(2);
  }
  const print = (r: unknown, line: string) => console.log(values.json ? JSON.stringify(r) : line);
  const unsend = str('unsend');
  if (unsend) {
    const r = (await call(base, 'POST', '/__sim/guest-unsend', { messageId: unsend })) as { conversationId: string; unsent: boolean };
    return print(r, `message ${unsend} in conversation ${r.conversationId} ${r.unsent ? 'unsent' : 'was already unsent'}`);
  }
  const template = str('template');
  if (values.read || values.delivery || template !== undefined) {
    const conversationId = str('conversation');
    if (!conversationId) throw new Error('--read, --delivery and --template need --conversation <id>');
    if (template !== undefined) {
      const r = (await call(base, 'POST', '/__sim/page-template', { conversationId, text: template })) as { messageId: string };
      return print(r, `page sent a template to conversation ${conversationId}: message ${r.messageId}`);
    }
    const r = (await call(base, 'POST', values.read ? '/__sim/guest-read' : '/__sim/guest-delivery', { conversationId })) as { watermark: number };
    return print(r, `guest ${values.read ? 'read' : 'received'} conversation ${conversationId} up to ${new Date(r.watermark).toISOString()}`);
  }
  const body: Record<string, unknown> = {};
  const attachment = str('attachment');
  if (attachment) {
    const lat = str('lat');
    const long = str('long');
    body.attachment = { type: attachment, ...(str('url') ? { url: str('url') } : {}), ...(str('title') ? { title: str('title') } : {}), ...(lat ? { lat: Number(lat) } : {}), ...(long ? { long: Number(long) } : {}) };
  }
  const postback = str('postback');
  if (postback) body.postback = { title: postback, ...(str('payload') ? { payload: str('payload') } : {}) };
  const conversation = str('conversation');
  const guest = str('guest');
  if (conversation) body.conversationId = conversation;
  if (guest) body.guestId = guest;
  if (channel) body.channel = channel;
  const text = str('text');
  const image = str('image');
  if (text !== undefined) body.text = text;
  if (image !== undefined) body.imageUrl = image;
  const page = str('page');
  if (page || (!conversation && !guest)) {
    const inbox = (await call(base, 'GET', '/__sim/inbox')) as { pages: InboxPage[] };
    const target = page ? inbox.pages.find((p) => p.pageId === page || p.igUserId === page) : inbox.pages[0];
    if (!target) throw new Error(page ? `no Page or Instagram account with id ${page}` : 'the simulator has no Pages');
    if (page && target.igUserId === page) body.igUserId = page;
    else body.pageId = target.pageId;
  }
  const r = (await call(base, 'POST', '/__sim/guest-message', body)) as { conversationId: string; messageId: string; guestId: string; pageId: string; channel: string; text: string };
  if (values.json) console.log(JSON.stringify(r));
  else console.log(`guest ${r.guestId} → page ${r.pageId} (${r.channel}), conversation ${r.conversationId}, message ${r.messageId}: ${JSON.stringify(r.text)}`);
}

main().catch((e: unknown) => {
  console.error(`guest: ${(e as Error).message}`);
  process.exit(1);
});
