/**
 * `npm run guest -w @dinedesk/meta-sim -- [--page <page-id|ig-user-id>] [--channel messenger|instagram]
 *   [--text "..."] [--image <url>] [--conversation <t_…>] [--guest <psid|igsid>] [--json]`
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

const USAGE = 'usage: guest [--page <page-id|ig-user-id>] [--channel messenger|instagram] [--text "..."] [--image <url>] [--conversation <id>] [--guest <id>] [--json]';

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
  const body: Record<string, string> = {};
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
