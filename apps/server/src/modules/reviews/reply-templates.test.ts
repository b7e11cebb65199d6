import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReplyTemplate } from '@dinedesk/contracts';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let owner: string;

beforeAll(async () => {
  h = await startHarness({ sync: false });
  owner = await h.login('owner@spice-route.demo');
});
afterAll(() => h?.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => h.request(method, url, { token, payload });
const list = async (token: string) => (await call('GET', '/api/review_testing/reply-templates', token)).json().data as TReplyTemplate[];

describe('reply templates', () => {
  it('seeds each demo client with its own templates, readable by every role of the module', async () => {
    const mine = await list(owner);
    expect(mine.map((t) => t.name)).toEqual(['Sorry (food)', 'Sorry (wait)', 'Thank you (praise)']);
    const agent = await list(await h.login('agent@spice-route.demo'));
    expect(agent.map((t) => t.id)).toEqual(mine.map((t) => t.id));
    const other = await list(await h.login('owner@deccan-table.demo'));
    expect(other.some((t) => mine.some((m) => m.id === t.id))).toBe(false);
  });

  it('lets owners and brand managers create, rename and delete; others get 403', async () => {
    const manager = await h.login('brand.manager@spice-route.demo');
    const created = await call('POST', '/api/review_testing/reply-templates/save', manager, { name: 'Welcome back', body: 'Welcome back to {outlet}, {reviewer_first_name}!' });
    expect(created.statusCode, created.body).toBe(200);
    const t = created.json() as TReplyTemplate;
    expect(t).toMatchObject({ name: 'Welcome back', updatedByName: expect.any(String) });
    const renamed = await call('POST', '/api/review_testing/reply-templates/save', owner, { id: t.id, name: 'Welcome back (regulars)', body: t.body });
    expect(renamed.json()).toMatchObject({ id: t.id, name: 'Welcome back (regulars)' });
    for (const email of ['outlet.manager@spice-route.demo', 'agent@spice-route.demo', 'viewer@spice-route.demo']) {
      const token = await h.login(email);
      expect((await call('POST', '/api/review_testing/reply-templates/save', token, { name: 'Mine', body: 'x' })).statusCode, email).toBe(403);
      expect((await call('POST', '/api/review_testing/reply-templates/delete', token, { id: t.id })).statusCode, email).toBe(403);
    }
    // Another client's owner cannot touch it: 404, nothing changed.
    const otherOwner = await h.login('owner@deccan-table.demo');
    expect((await call('POST', '/api/review_testing/reply-templates/save', otherOwner, { id: t.id, name: 'Hijack', body: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/api/review_testing/reply-templates/delete', otherOwner, { id: t.id })).statusCode).toBe(404);
    expect((await list(owner)).find((x) => x.id === t.id)?.name).toBe('Welcome back (regulars)');
    expect((await call('POST', '/api/review_testing/reply-templates/delete', manager, { id: t.id })).json()).toEqual({ deleted: true });
    expect((await list(owner)).some((x) => x.id === t.id)).toBe(false);
  });

  it('refuses a taken name with 409 and bad input with 400 naming the field', async () => {
    const taken = await call('POST', '/api/review_testing/reply-templates/save', owner, { name: 'Sorry (food)', body: 'Another body' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'body.name', code: 'template_name_taken' });
    for (const [body, field] of [
      [{ name: 'x', body: 'Hello {first_name}' }, 'body.body'],
      [{ name: '', body: 'x' }, 'body.name'],
      [{ name: 'x'.repeat(81), body: 'x' }, 'body.name'],
      [{ name: 'x', body: 'y'.repeat(4001) }, 'body.body'],
      [{ name: 'x\u0000', body: 'y' }, 'body.name'],
      [{ name: 'x', body: 42 }, 'body.body'],
      [{ id: 'nope', name: 'x', body: 'y' }, 'body.id'],
      [{ name: 'x', body: 'y', extra: true }, 'body'],
    ] as const) {
      const res = await call('POST', '/api/review_testing/reply-templates/save', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
  });
});
