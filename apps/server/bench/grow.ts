/**
 * Grows a migrated and seeded DineDesk database to list-benchmark size: `outlets`
 * extra outlets (one brand per 100, one Facebook Page each, every fourth with an Instagram
 * account) in the demo client `spice-route`, so its owner sees them; `reviews` reviews and
 * `messages` messages over `conversations` conversations on those pages.
 *
 * Rows are generated server-side (`INSERT … SELECT generate_series(…)` in batches), which runs
 * at COPY speed without streaming rows through node; texts are the seed's own review texts and
 * dialogue turns (packages/demo-data). The spread is skewed on purpose, as real data is:
 * - reviews: page k gets the reviews whose scrambled position u satisfies
 *   floor(pages·u³) = k, so page 0 holds ≈ 7.9 % (≈ 79k of 1M), page 1 ≈ 2 %, and most pages a few hundred;
 * - conversations: the same cubic skew over the pages (page 0 ≈ 7.9 %); on pages with an
 *   Instagram account one in five is an Instagram conversation of that account;
 * - messages: conversation 1 of page 0 gets `hotMessages` (default 20,000), the next nine of
 *   page 0 10,000 each, the rest spread evenly (≥ 1 each).
 * Times run back from now over three years with distinct values (keyset ties are rare, as on Graph).
 * After the inserts the conversation counters are recomputed and the tables ANALYZEd.
 *
 * CLI: `node --import tsx apps/server/bench/grow.ts <database-url> [reviews] [messages]`.
 */
import pg from 'pg';
import { DEFAULT_SEED_DIR, loadSeedDir } from '@dinedesk/demo-data';

export interface GrowOptions {
  outlets?: number;
  reviews?: number;
  messages?: number;
  conversations?: number;
  hotMessages?: number;
  /** Rows per INSERT statement (one transaction each). */
  batch?: number;
  log?: (line: string) => void;
}

/** What the grown database holds, for the benchmark and the plan test to aim at. */
export interface GrownData {
  clientId: string;
  /** The page with the most reviews and conversations (page 0 of the skew). */
  hotPageId: string;
  /** The Instagram account of the hot page. */
  hotInstagramId: string;
  /** A page with about the median number of reviews. */
  typicalPageId: string;
  /** The Messenger conversation with `hotMessages` messages. */
  hotConversationId: number;
  counts: { outlets: number; reviews: number; conversations: number; messages: number };
  seconds: number;
}

export const BENCH_CLIENT_KEY = 'spice-route';
/** Graph ids are digits (routes check `pageId`): bench pages are `9000000000` + 5 digits, Instagram accounts `1784000000` + 5. */
export const PAGE_PREFIX = '9000000000';
export const IG_PREFIX = '1784000000';
/** The Graph-style id of bench page `k` (0-based) or of its Instagram account. */
export const benchPageId = (k: number) => PAGE_PREFIX + String(k).padStart(5, '0');
export const benchInstagramId = (k: number) => IG_PREFIX + String(k).padStart(5, '0');

/** @throws Error when the database was not seeded (no `spice-route` client). */
export async function growDatabase(url: string, o: GrowOptions = {}): Promise<GrownData> {
  const nOutlets = o.outlets ?? 2_000;
  const nReviews = o.reviews ?? 1_000_000;
  const nMessages = o.messages ?? 1_000_000;
  const nConversations = o.conversations ?? Math.max(10, Math.round(nMessages / 20));
  const hot = Math.min(o.hotMessages ?? 20_000, Math.floor(nMessages / 4));
  const batch = o.batch ?? 250_000;
  const log = o.log ?? ((l: string) => console.log(l));
  const seed = loadSeedDir(DEFAULT_SEED_DIR);
  const reviewTexts = seed.reviews.map((r) => r.text).filter(Boolean);
  const names = [...new Set(seed.reviews.map((r) => r.reviewerName).filter(Boolean))];
  const turns = seed.dialogues.map((d) => d.text).filter(Boolean);
  if (!reviewTexts.length || !turns.length || !names.length) throw new Error('seed data has no review texts or dialogues');

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const timed = async (what: string, rows: number, run: () => Promise<unknown>) => {
    const t = Date.now();
    await run();
    const s = (Date.now() - t) / 1000;
    log(`  ${what}: ${rows.toLocaleString('en')} rows in ${s.toFixed(1)} s (${Math.round(rows / Math.max(s, 0.001)).toLocaleString('en')} rows/s)`);
  };
  try {
    const c = await client.query<{ id: string }>('select id from clients where key = $1', [BENCH_CLIENT_KEY]);
    const clientId = c.rows[0]?.id;
    if (!clientId) throw new Error(`no client '${BENCH_CLIENT_KEY}': migrate and seed the database first`);
    await client.query('set synchronous_commit = off');
    // Session-local text arrays the generators pick from by index.
    await client.query('create temp table seed_text (kind text, n int, t text)');
    await client.query(
      `insert into seed_text select 'review', ord, t from unnest($1::text[]) with ordinality as u(t, ord)
       union all select 'name', ord, t from unnest($2::text[]) with ordinality as u(t, ord)
       union all select 'turn', ord, t from unnest($3::text[]) with ordinality as u(t, ord)`,
      [reviewTexts, names, turns],
    );
    // Indexed lookups, not subscripts of one big array: an array value is detoasted per row.
    await client.query('create unique index on seed_text (kind, n)');
    await client.query('analyze seed_text');
    // Whole seconds: cursors carry milliseconds, as Graph and webhook times do.
    await client.query(`create temp table t0 as select date_trunc('second', now()) as at`);
    const nText = { review: reviewTexts.length, name: names.length, turn: turns.length };

    await timed('brands, outlets, pages', nOutlets * 2, async () => {
      await client.query(
        `insert into brands (client_id, key, name, cuisines)
         select $1, 'bench-brand-' || b, 'Bench Brand ' || lpad(b::text, 3, '0'), '["North Indian"]'::jsonb
         from generate_series(0, ($2 - 1) / 100) b`,
        [clientId, nOutlets],
      );
      await client.query(
        `insert into outlets (client_id, brand_id, key, name, city)
         select $1, b.id, 'bench-outlet-' || k, 'Bench Outlet ' || lpad(k::text, 4, '0'), (array['Delhi','Mumbai','Pune','Bengaluru'])[1 + k % 4]
         from generate_series(0, $2 - 1) k join brands b on b.client_id = $1 and b.key = 'bench-brand-' || (k / 100)`,
        [clientId, nOutlets],
      );
      await client.query(
        `insert into facebook_pages (id, client_id, outlet_id, name, sync_status, instagram_user_id, instagram_username)
         select '${PAGE_PREFIX}' || lpad(k::text, 5, '0'), $1, o.id, o.name, 'ok',
                case when k % 4 = 0 then '${IG_PREFIX}' || lpad(k::text, 5, '0') end, case when k % 4 = 0 then 'bench_ig_' || k end
         from generate_series(0, $2 - 1) k join outlets o on o.client_id = $1 and o.key = 'bench-outlet-' || k`,
        [clientId, nOutlets],
      );
    });
    await client.query(`create temp table bench_pages as select substr(p.id, ${PAGE_PREFIX.length + 1})::int as k, p.id, p.outlet_id
      from facebook_pages p where p.id like '${PAGE_PREFIX}%'`);
    await client.query('create unique index on bench_pages (k)');

    // Scrambled position u in [0,1) of row i (7919 is prime, coprime to any n not a multiple of it).
    const u = (i: string, n: number) => `((((${i})::bigint * 7919) % ${n})::float8 / ${n})`;
    // Building the full-text index once after the load is several times faster than keeping it up per row.
    await client.query('drop index if exists reviews_text_fts_idx');
    await timed('reviews', nReviews, async () => {
      for (let from = 0; from < nReviews; from += batch) {
        const to = Math.min(nReviews, from + batch) - 1;
        await client.query(
          `insert into reviews (client_id, outlet_id, page_id, external_key, story_id, reviewer_id, reviewer_name, rating,
             recommendation_type, review_text, created_time, comment_count, page_reply_count, last_reply_at, synced_at)
           select $1, p.outlet_id, p.id, 'bench-r-' || i, 'bench-story-' || i, 'bench-u-' || (i % 50000),
             tn.t, r.rating,
             case when r.rating >= 3 then 'positive' else 'negative' end,
             tr.t,
             date_trunc('milliseconds', t0.at - make_interval(secs => i * (94608000.0 / $2) + (i % 7))),
             case when i % 3 = 0 then 1 else 0 end, case when i % 3 = 0 then 1 else 0 end,
             case when i % 3 = 0 then t0.at - make_interval(secs => i * (94608000.0 / $2)) + interval '1 hour' end, now()
           from generate_series($3::int, $4::int) i
           cross join t0
           cross join lateral (select (1 + (i * 13) % 5)::smallint as rating) r
           join bench_pages p on p.k = least($5 - 1, floor($5 * power(${u('i', nReviews)}, 3))::int)
           join seed_text tr on tr.kind = 'review' and tr.n = 1 + (i * 31) % ${nText.review}
           join seed_text tn on tn.kind = 'name' and tn.n = 1 + i % ${nText.name}`,
          [clientId, nReviews, from, to, nOutlets],
        );
      }
    });

    // Messenger accounts: every page; Instagram accounts: every fourth page (conversation i % 10 = 9).
    await timed('conversations', nConversations, async () => {
      await client.query(
        `insert into conversations (client_id, outlet_id, page_id, channel, account_id, guest_id, guest_name, snippet, updated_time, unread_count)
         select $1, p.outlet_id, p.id, case when ig then 'instagram' else 'messenger' end, case when ig then '${IG_PREFIX}' || lpad(p.k::text, 5, '0') else p.id end,
           'bench-psid-' || i, tn.t, '',
           t0.at - make_interval(secs => i * 60 + (i % 11)), (i % 4 = 0)::int
         from generate_series(0, $2 - 1) i
         cross join t0
         join bench_pages p on p.k = least($3 - 1, floor($3 * power(${u('i', nConversations)}, 3))::int)
         join seed_text tn on tn.kind = 'name' and tn.n = 1 + i % ${nText.name}
         cross join lateral (select i % 5 = 4 and p.k % 4 = 0 as ig) c`,
        [clientId, nConversations, nOutlets],
      );
    });
    const hotConv = await client.query<{ id: string }>(
      `select c.id from conversations c join bench_pages p on p.id = c.account_id and p.k = 0 where c.channel = 'messenger' order by c.updated_time desc, c.id desc limit 10`,
    );
    const hotIds = hotConv.rows.map((r) => Number(r.id));
    const hotConversationId = hotIds[0]!;
    const convIds = await client.query<{ lo: string; hi: string; n: string }>(`select min(id) lo, max(id) hi, count(*) n from conversations where guest_id like 'bench-psid-%'`);
    const { lo, hi } = convIds.rows[0]!;
    const big = [hot, ...hotIds.slice(1).map(() => Math.min(10_000, Math.floor((nMessages - hot) / 20)))];
    const bigTotal = big.reduce((a, b) => a + b, 0);
    await client.query('create temp table big_convs (pos int, conv bigint, n int, start_at int)');
    let at = 0;
    for (const [pos, n] of big.entries()) {
      await client.query('insert into big_convs values ($1, $2, $3, $4)', [pos, hotIds[pos], n, at]);
      at += n;
    }
    await timed('messages', nMessages, async () => {
      // The hot conversations first, then every conversation round-robin with the rest.
      for (let from = 0; from < nMessages; from += batch) {
        const to = Math.min(nMessages, from + batch) - 1;
        await client.query(
          `insert into messages (conversation_id, client_id, mid, direction, text, attachments, created_time)
           select coalesce(bc.conv, $2::bigint + (i - $4) % ($3::bigint - $2 + 1)), $1, 'bench-mid-' || i,
             case when i % 2 = 0 then 'guest' else 'page' end, tt.t, '[]'::jsonb,
             t0.at - make_interval(secs => i * 30 + (i % 13))
           from generate_series($5::int, $6::int) i
           cross join t0
           left join big_convs bc on i >= bc.start_at and i < bc.start_at + bc.n
           join seed_text tt on tt.kind = 'turn' and tt.n = 1 + i % ${nText.turn}`,
          [clientId, lo, hi, bigTotal, from, to],
        );
      }
    });
    await timed('conversation counters', Number(convIds.rows[0]!.n), async () => {
      await client.query(
        `update conversations c set message_count = m.n, updated_time = m.newest, last_guest_message_at = m.newest,
           snippet = left(coalesce(m.snippet, ''), 200)
         from (select conversation_id, count(*) n, max(created_time) newest, (array_agg(text order by created_time desc))[1] snippet
               from messages where mid like 'bench-mid-%' group by conversation_id) m
         where m.conversation_id = c.id`,
      );
    });
    await timed('reviews_text_fts_idx', nReviews, () => client.query(`create index reviews_text_fts_idx on reviews using gin (to_tsvector('simple', review_text))`));
    // VACUUM too: the counter update left a dead version of every conversation row.
    await timed('vacuum analyze', 0, () => client.query('vacuum analyze reviews, conversations, messages, facebook_pages, outlets, brands'));
    const typical = await client.query<{ page_id: string }>(`select page_id from reviews where page_id like '${PAGE_PREFIX}%' group by page_id order by count(*) desc offset ${Math.floor(nOutlets / 2)} limit 1`);
    const seconds = (Date.now() - started) / 1000;
    log(`grown in ${seconds.toFixed(1)} s`);
    return {
      clientId,
      hotPageId: benchPageId(0),
      hotInstagramId: benchInstagramId(0),
      typicalPageId: typical.rows[0]?.page_id ?? benchPageId(1),
      hotConversationId,
      counts: { outlets: nOutlets, reviews: nReviews, conversations: nConversations, messages: nMessages },
      seconds,
    };
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, r, m] = process.argv.slice(2);
  if (!url) {
    console.error('usage: grow.ts <database-url> [reviews] [messages]');
    process.exit(2);
  }
  console.log(await growDatabase(url, { reviews: r ? Number(r) : undefined, messages: m ? Number(m) : undefined }));
}
