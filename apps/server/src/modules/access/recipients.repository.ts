import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TModule } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { accessGrants, memberships, outlets, users } from '../../db/schema.ts';

/**
 * Who may be told about an outlet, now (docs/decisions/0044-recipients-at-send-time.md). Every
 * mail, bell notification and socket push about a client's data is addressed through
 * {@link recipientsNow} at the moment it is sent, never from a list kept since the alert was
 * queued: a teammate removed from the client, or moved off the outlet, or whose module was
 * switched off meanwhile, is no longer a recipient.
 *
 * The rule is the one of session.service `loadAccess`, read from the database in one query:
 * a member of the client (a membership row: super admins who are not members get no client
 * mail); owners see every outlet and module; other roles need the module granted, and brand
 * managers the outlet's brand or the outlet, outlet managers the outlet; agents and viewers
 * every outlet.
 */

/** A member who may be told: id, email, full name and role in the client. */
export interface Recipient {
  id: string;
  fullName: string;
  email: string;
  role: string;
}

/**
 * Members of `clientId` who see every outlet of `outletList` in `module` now (an empty list: any
 * member with the module), optionally narrowed to `only` (user ids), roles, or a name/email
 * search `q`. By full name. The search and limit serve the mention picker, which lists the
 * same people the mail may reach.
 */
export function membersWhoSee(
  db: Db,
  clientId: string,
  outletList: readonly { id: string; brandId: string }[],
  opts: { module: TModule; only?: readonly string[]; roles?: readonly string[]; q?: string; limit?: number },
): Promise<Recipient[]> {
  const m = memberships;
  const g = accessGrants;
  const grant = (kind: string, ref: string) =>
    sql`exists (select 1 from ${g} where ${g.userId} = ${m.userId} and ${g.clientId} = ${clientId} and ${g.kind} = ${kind} and ${g.refId} = ${ref})`;
  const seesOutlet = (o: { id: string; brandId: string }) => sql`(
      ${m.role} in ('agent', 'viewer')
      or (${m.role} = 'outlet_manager' and ${grant('outlet', o.id)})
      or (${m.role} = 'brand_manager' and (${grant('brand', o.brandId)} or ${grant('outlet', o.id)}))
    )`;
  const scoped = outletList.length ? sql.join(outletList.map(seesOutlet), sql` and `) : sql`${m.role} in ('agent', 'viewer', 'outlet_manager', 'brand_manager')`;
  const conds: SQL[] = [eq(m.clientId, clientId), sql`(${m.role} = 'client_owner' or (${grant('module', opts.module)} and ${scoped}))`];
  if (opts.only) conds.push(opts.only.length ? inArray(m.userId, [...opts.only]) : sql`false`);
  if (opts.roles) conds.push(opts.roles.length ? inArray(m.role, [...opts.roles]) : sql`false`);
  if (opts.q) {
    const like = `%${opts.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conds.push(sql`(${users.fullName} ilike ${like} or ${users.email} ilike ${like})`);
  }
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email, role: m.role })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(...conds))
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(opts.limit ?? 500);
}

/**
 * The recipients of an alert about `outletIds` of `clientId`, resolved now: those of `userIds`
 * (or of `roles`) who are members and see every one of these outlets in `module`. An outlet
 * that is not the client's (or no longer exists) is seen by nobody, so the answer is empty.
 * @returns recipients by full name; people who may not be told are left out silently (the
 *   caller records how many it told, never who it did not)
 */
export async function recipientsNow(
  db: Db,
  clientId: string,
  outletIds: readonly string[],
  opts: { module: TModule; userIds?: readonly string[]; roles?: readonly string[] },
): Promise<Recipient[]> {
  if (opts.userIds && !opts.userIds.length) return [];
  const wanted = [...new Set(outletIds)];
  const rows = wanted.length ? await db.select({ id: outlets.id, brandId: outlets.brandId }).from(outlets).where(and(eq(outlets.clientId, clientId), inArray(outlets.id, wanted))) : [];
  if (rows.length !== wanted.length) return [];
  return membersWhoSee(db, clientId, rows, { module: opts.module, ...(opts.userIds ? { only: [...new Set(opts.userIds)] } : {}), ...(opts.roles ? { roles: opts.roles } : {}) });
}

/**
 * The role with which `userId` sees each of `outletIds` in `module` now, or null for the outlets
 * they do not see (not a member, not granted the module, brand or outlet). For releasing the work
 * a teammate holds on outlets they lost (tickets, complaints).
 */
export async function sightOf(db: Db, clientId: string, userId: string, outletIds: readonly string[], module: TModule): Promise<Map<string, string | null>> {
  const sight = new Map<string, string | null>();
  for (const outletId of new Set(outletIds)) {
    const [me] = await recipientsNow(db, clientId, [outletId], { module, userIds: [userId] });
    sight.set(outletId, me?.role ?? null);
  }
  return sight;
}
