import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReview, TReviewExport } from '@dinedesk/contracts';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import { safeCell } from './review-export.service.ts';

let h: Harness;
let owner: string;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.login('owner@spice-route.demo');
});
afterAll(() => h?.close());

const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => h.request(method, url, { token, payload });

/** Requests an export and waits for its job; @returns the finished export and its file. */
async function exportOf(token: string, body: Record<string, unknown>) {
  const res = await inject('POST', '/api/review_testing/get_reviews/export', token, body);
  expect(res.statusCode, res.body).toBe(202);
  const queued = res.json() as TReviewExport;
  expect(queued).toMatchObject({ status: 'queued', written: 0 });
  await h.settle();
  const done = (await inject('GET', `/api/review_testing/get_reviews/export/${queued.id}`, token)).json() as TReviewExport;
  const file = await inject('GET', `/api/review_testing/get_reviews/export/${queued.id}/file`, token);
  return { done, file };
}

async function feed(body: Record<string, unknown>): Promise<TReview[]> {
  const out: TReview[] = [];
  let cursor: string | null = null;
  do {
    const page = (await inject('POST', '/api/review_testing/get_reviews/get-reviews', owner, { ...body, limit: 100, ...(cursor ? { cursor } : {}) })).json() as { data: TReview[]; paging: { nextCursor: string | null } };
    out.push(...page.data);
    cursor = page.paging.nextCursor;
  } while (cursor);
  return out;
}

describe('export of the filtered feed', () => {
  it('writes exactly the reviews the filters list, as CSV with a header, and reports its progress', async () => {
    const filters = { source: 'google', sentiment: 'negative' };
    const listed = await feed(filters);
    expect(listed.length).toBeGreaterThan(0);
    const { done, file } = await exportOf(owner, { ...filters, format: 'csv' });
    expect(done).toMatchObject({ status: 'done', total: listed.length, written: listed.length, fileName: expect.stringMatching(/^reviews-.*\.csv$/) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="reviews-.*\.csv"$/);
    const rows = parse(file.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Review id'])).toEqual(listed.map((r) => r.id));
    expect(rows.every((r) => r.Source === 'google' && r.Sentiment === 'negative')).toBe(true);
    expect(rows[0]).toMatchObject({ Reviewer: safeCell(listed[0]!.reviewer.name), 'Written (UTC)': listed[0]!.createdTime });
  });

  it('writes XLSX with the same rows', async () => {
    const filters = { ratings: [1], source: 'facebook' };
    const listed = await feed(filters);
    const { done, file } = await exportOf(owner, { ...filters, format: 'xlsx' });
    expect(done.status).toBe('done');
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Reviews')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Review id');
    expect(sheet.rowCount).toBe(listed.length + 1);
    expect(String(sheet.getRow(2).getCell(1).value)).toBe(listed[0]!.id);
    expect(sheet.getRow(2).getCell(6).value).toBe(1);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(safeCell('=HYPERLINK("http://evil")')).toBe(`'=HYPERLINK("http://evil")`);
    expect(safeCell('+1 great food')).toBe(`'+1 great food`);
    expect(safeCell('@home')).toBe(`'@home`);
    expect(safeCell('Lovely biryani')).toBe('Lovely biryani');
  });

  it('shows an export to users whose access covers the requester’s only, and refuses bad input', async () => {
    const { done } = await exportOf(owner, { format: 'csv', outletId: (await feed({ source: 'google' }))[0]!.outletId });
    // The owner exported with access to every outlet: a brand manager sees less, a viewer as much.
    const manager = await h.login('brand.manager@spice-route.demo');
    expect((await inject('GET', `/api/review_testing/get_reviews/export/${done.id}`, manager)).statusCode).toBe(404);
    expect((await inject('GET', `/api/review_testing/get_reviews/export/${done.id}/file`, await h.login('viewer@spice-route.demo'))).statusCode).toBe(200);
    expect((await inject('GET', `/api/review_testing/get_reviews/export/${done.id}/file`, await h.login('owner@deccan-table.demo'))).statusCode).toBe(404);
    expect((await inject('GET', '/api/review_testing/get_reviews/export/not-a-uuid', owner)).json().field).toBe('params.exportId');
    for (const [body, field] of [
      [{}, 'body.format'],
      [{ format: 'pdf' }, 'body.format'],
      [{ format: 'csv', limit: 5 }, 'body'],
      [{ format: 'csv', sentiment: 'angry' }, 'body.sentiment'],
    ] as const) {
      const res = await inject('POST', '/api/review_testing/get_reviews/export', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it('answers 409 while the export runs, and 404 once it expired', async () => {
    const db = h.server.ctx.db;
    const [user] = await db.select({ id: schema.users.id, clientId: schema.memberships.clientId }).from(schema.users).innerJoin(schema.memberships, eq(schema.memberships.userId, schema.users.id)).where(eq(schema.users.email, 'owner@spice-route.demo'));
    const now = Date.now();
    const [running] = await db.insert(schema.reviewExports).values({ clientId: user!.clientId, userId: user!.id, format: 'csv', filters: {}, status: 'running', total: 10, written: 4, expiresAt: new Date(now + 86_400_000) }).returning();
    const early = await inject('GET', `/api/review_testing/get_reviews/export/${running!.id}/file`, owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('export_running');
    expect((await inject('GET', `/api/review_testing/get_reviews/export/${running!.id}`, owner)).json()).toMatchObject({ status: 'running', total: 10, written: 4 });
    const [expired] = await db.insert(schema.reviewExports).values({ clientId: user!.clientId, userId: user!.id, format: 'csv', filters: {}, status: 'done', content: Buffer.from('x'), expiresAt: new Date(now - 1000) }).returning();
    expect((await inject('GET', `/api/review_testing/get_reviews/export/${expired!.id}/file`, owner)).statusCode).toBe(404);
  });
});
