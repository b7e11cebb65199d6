/**
 * Query-plan drill ("A test EXPLAINs every list query on the grown data and finds no
 * sequential scan and no sort"; docs/requirements/quality-goals.md#server). Runs on
 * PostgreSQL only (drills are excluded from PGlite): a database grown by bench/grow.ts to
 * 200,000 reviews over 2,000 pages and 200,000 messages — enough rows that the planner chooses by
 * cost, after ANALYZE — then the repository list functions run on a Drizzle instance whose
 * logger records each statement with its parameters, and every recorded statement is EXPLAINed
 * (FORMAT JSON) with those parameters. So the plans are those of the SQL the routes issue.
 *
 * A keyset page must walk an index in list order and stop after `limit + 1` rows: no `Seq Scan`
 * on reviews / conversations / messages and no `Sort` node above an estimated 1,000 rows (a page
 * with 60 reviews is rightly read by a bitmap scan and sorted; a large list never). The exception is the
 * full-text filter `q`, whose matches come from the GIN index (a Bitmap scan) and are then
 * top-N sorted: what is asserted there is no sequential scan (docs/decisions/0020).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DEFAULT_SEED_DIR } from '@dinedesk/demo-data';
import { growDatabase, PAGE_PREFIX, type GrownData } from '../../bench/grow.ts';
import { schema, type Db } from '../db/client.ts';
import { seedDemo } from '../db/seed.ts';
import type { KeysetPosition } from '../lib/keyset.ts';
// eslint-disable-next-line no-restricted-imports -- measures the query plans of these repositories themselves
import * as inbox from '../modules/inbox/inbox.repository.ts';
// eslint-disable-next-line no-restricted-imports -- measures the query plans of these repositories themselves
import * as reviews from '../modules/reviews/reviews.repository.ts';
import { openTestDatabase } from './harness.ts';

const LARGE = /^(reviews|conversations|messages)$/;
/** Estimated rows under which sorting is cheaper than an ordered index walk, and harmless. */
const SMALL = 1_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** A scan of a large table or of one of its indexes. */
const onLarge = (n: PlanNode) => LARGE.test(n['Relation Name'] ?? '') || /^(reviews|conversations|messages)_/.test(n['Index Name'] ?? '');

function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)];
}

let t: Awaited<ReturnType<typeof openTestDatabase>>;
let pool: pg.Pool;
let grown: GrownData;
let captured: { query: string; params: unknown[] }[] = [];
let db: Db;
let scoped: string[];

beforeAll(async () => {
  t = await openTestDatabase();
  if (!t.url) throw new Error('list-plans.drill runs on PostgreSQL only (TEST_DB=postgres)');
  await t.database.migrate();
  await seedDemo(t.database.db, DEFAULT_SEED_DIR);
  grown = await growDatabase(t.url, { reviews: 200_000, messages: 200_000, conversations: 40_000, hotMessages: 25_000, batch: 100_000, log: () => {} });
  pool = new pg.Pool({ connectionString: t.url, max: 2 });
  db = drizzle(pool, { schema, logger: { logQuery: (query, params) => void captured.push({ query, params }) } }) as unknown as Db;
  // A brand manager's view: the outlets of 30 pages, the busiest among them.
  const r = await pool.query<{ outlet_id: string }>(`select outlet_id from facebook_pages where id like '${PAGE_PREFIX}%' order by id limit 30`);
  scoped = r.rows.map((x) => x.outlet_id);
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await t?.database.close();
  await t?.drop();
});

/** Runs `call` (repository code) and returns the plan of each statement it issued. */
async function plansOf(call: (db: Db) => Promise<unknown>): Promise<{ sql: string; plan: PlanNode }[]> {
  captured = [];
  await call(db);
  const issued = captured;
  captured = [];
  expect(issued.length).toBeGreaterThan(0);
  const out = [];
  for (const q of issued) {
    const r = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${q.query}`, q.params);
    out.push({ sql: q.query, plan: r.rows[0]!['QUERY PLAN'][0].Plan });
  }
  return out;
}

/**
 * @param cursorColumn with a cursor: the list's time column, which must be bounded inside the
 *   index condition (a cursor applied as a filter reads and drops every row before it)
 */
function expectKeysetPlan(p: { sql: string; plan: PlanNode }, allowSort = false, cursorColumn?: string) {
  const all = nodes(p.plan);
  const where = `${p.sql}\n${JSON.stringify(p.plan, null, 1).slice(0, 3000)}`;
  expect(all.filter((n) => n['Node Type'] === 'Seq Scan' && LARGE.test(n['Relation Name'] ?? '')), where).toEqual([]);
  // A Sort is only allowed over a handful of rows: the planner rightly sorts a page with 60
  // reviews instead of walking an index; what must never happen is sorting a large list.
  const bigSorts = all.filter((n) => n['Node Type'].includes('Sort') && nodes(n).some((c) => onLarge(c) && (c['Plan Rows'] ?? 0) > SMALL));
  if (!allowSort) expect(bigSorts, where).toEqual([]);
  expect(p.plan['Node Type'], where).toBe('Limit');
  if (cursorColumn) expect(all.some((n) => onLarge(n) && (n['Index Cond'] ?? '').includes(cursorColumn)), where).toBe(true);
}

/** A position deep in a list (row `at` in list order), as a cursor would carry it. */
async function positionAt(sql: string, params: unknown[], at: number): Promise<KeysetPosition> {
  const r = await pool.query<{ t: Date; id: string }>(`${sql} offset ${at} limit 1`, params);
  return { time: r.rows[0]!.t, id: Number(r.rows[0]!.id) };
}

describe('list query plans on grown data', () => {
  it('reviews: every filter the route takes, page 1 and deep, owner and scoped role', async () => {
    const deep = await positionAt('select created_time t, id from reviews where client_id = $1 order by created_time desc, id desc', [grown.clientId], 20_000);
    const filters: Partial<reviews.ReviewFilter>[] = [
      {},
      { pageId: grown.hotPageId },
      { pageId: grown.typicalPageId },
      { rating: 5 },
      { rating: 1 },
      { recommendation: 'negative' },
      { recommendation: 'positive' },
      { replied: true },
      { replied: false },
      { rating: 2, replied: false },
      { recommendation: 'negative', replied: true },
      { pageId: grown.hotPageId, rating: 4, replied: false },
    ];
    let checked = 0;
    for (const outletIds of [null, scoped]) {
      for (const f of filters) {
        for (const after of [undefined, deep]) {
          const plans = await plansOf((d) => reviews.listReviews(d, { clientId: grown.clientId, outletIds, limit: 20, after, ...f }));
          expect(plans).toHaveLength(1);
          expectKeysetPlan(plans[0]!, false, after && 'created_time');
          checked++;
        }
      }
    }
    expect(checked).toBe(filters.length * 4);
  });

  it('reviews: a full-text search reads the GIN index, never the whole table', async () => {
    for (const q of ['biryani', 'service slow', 'zzzunseenword']) {
      const plans = await plansOf((d) => reviews.listReviews(d, { clientId: grown.clientId, outletIds: null, limit: 20, q }));
      expectKeysetPlan(plans[0]!, true);
    }
  });

  it('conversations: Messenger and Instagram accounts, page 1 and deep, with the account lookup', async () => {
    for (const [channel, account] of [
      ['messenger', grown.hotPageId],
      ['instagram', grown.hotInstagramId],
    ] as const) {
      const deep = await positionAt(
        'select updated_time t, id from conversations where account_id = $1 and channel = $2 order by updated_time desc, id desc',
        [channel === 'messenger' ? account : grown.hotPageId, 'messenger'],
        2_000,
      );
      for (const after of [undefined, deep]) {
        const plans = await plansOf(async (d) => {
          await inbox.findAccount(d, channel, account);
          await inbox.listConversations(d, channel, account, after, 25);
        });
        expect(plans).toHaveLength(2);
        expect(nodes(plans[0]!.plan).some((n) => n['Node Type'].startsWith('Index')), plans[0]!.sql).toBe(true);
        expectKeysetPlan(plans[1]!, false, after && 'updated_time');
      }
    }
  });

  it('messages: the 25k-message conversation, page 1 and deep, with the conversation lookup', async () => {
    const id = grown.hotConversationId;
    const deep = await positionAt('select created_time t, id from messages where conversation_id = $1 order by created_time desc, id desc', [id], 20_000);
    for (const after of [undefined, deep]) {
      const plans = await plansOf(async (d) => {
        await inbox.getConversation(d, grown.hotPageId, id);
        await inbox.listMessages(d, id, after, 25);
      });
      expect(plans).toHaveLength(2);
      expect(nodes(plans[0]!.plan).some((n) => n['Node Type'].startsWith('Index')), plans[0]!.sql).toBe(true);
      expectKeysetPlan(plans[1]!, false, after && 'created_time');
    }
  });
});
