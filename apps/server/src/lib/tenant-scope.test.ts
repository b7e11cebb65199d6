import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { schema } from '../db/client.ts';
import { inTenantScope, outletScope, tenantScope } from './tenant-scope.ts';

const dialect = new PgDialect();
const render = (q: Parameters<PgDialect['sqlToQuery']>[0]) => {
  const { sql, params } = dialect.sqlToQuery(q);
  return { sql, params };
};
const A = '11111111-1111-4111-8111-111111111111';
const O1 = '22222222-2222-4222-8222-222222222222';
const O2 = '33333333-3333-4333-8333-333333333333';

describe('tenant scope (one helper for "outlets this user may see")', () => {
  it('adds no outlet condition for roles that see every outlet, and `false` for none', () => {
    expect(outletScope(null, schema.reviews.outletId)).toBeUndefined();
    expect(render(outletScope([], schema.reviews.outletId)!).sql).toBe('false');
    expect(render(outletScope([O1, O2], schema.reviews.outletId)!)).toEqual({ sql: '"reviews"."outlet_id" in ($1, $2)', params: [O1, O2] });
  });

  it('narrows to the client and its visible outlets; a scope without a client sees nothing', () => {
    expect(render(tenantScope({ clientId: A, outletIds: [O1] }, schema.facebookPages))).toEqual({
      sql: '("facebook_pages"."client_id" = $1 and "facebook_pages"."outlet_id" in ($2))',
      params: [A, O1],
    });
    expect(render(tenantScope({ clientId: A, outletIds: null }, schema.facebookPages)).sql).toBe('"facebook_pages"."client_id" = $1');
    expect(render(tenantScope({ clientId: null, outletIds: null }, schema.facebookPages)).sql).toBe('false');
  });

  it('applies the same rule to a row already read', () => {
    expect(inTenantScope({ clientId: A, outletIds: null }, { clientId: A, outletId: O2 })).toBe(true);
    expect(inTenantScope({ clientId: A, outletIds: [O1] }, { clientId: A, outletId: O2 })).toBe(false);
    expect(inTenantScope({ clientId: A, outletIds: [O1] }, { clientId: A, outletId: O1 })).toBe(true);
    expect(inTenantScope({ clientId: A, outletIds: null }, { clientId: 'another', outletId: O1 })).toBe(false);
    expect(inTenantScope({ clientId: null, outletIds: null }, { clientId: A, outletId: O1 })).toBe(false);
  });
});

/** Non-test TypeScript files of the server, relative to src/. */
function sources(): { path: string; text: string }[] {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !full.includes(`${join('src', 'test')}`)) out.push({ path: relative(root, full), text: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return out;
}

describe('one place each', () => {
  it('has no copy of the visible-outlets filter outside lib/tenant-scope.ts', () => {
    const copies = sources().filter(
      (f) => f.path !== join('lib', 'tenant-scope.ts') && /00000000-0000-0000-0000-000000000000|outletIds\.includes\(|outletIds\.length \?/.test(f.text),
    );
    expect(copies.map((f) => f.path)).toEqual([]);
  });

  it('writes audit rows only through lib/audit.ts', () => {
    const writers = sources().filter((f) => f.path !== join('lib', 'audit.ts') && /insert\((schema\.)?auditLog\)/.test(f.text));
    expect(writers.map((f) => f.path)).toEqual([]);
  });
});
