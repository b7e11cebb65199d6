import { count } from 'drizzle-orm';
import { buildDemoTenancy, loadSeedDir, reviewShiftWeeks, type DemoClient } from '@dinedesk/demo-data';
import { MODULES, type TModule, type TRole } from '@dinedesk/contracts';
import type { Db } from './client.ts';
import { schema } from './client.ts';
import { hashPassword } from '../lib/password.ts';
import { seedLondonOrders } from '../modules/orders/index.ts';
import { seedDemoAds } from '../modules/ads/index.ts';
import { demoShiftEnabled, insertDemoClock, shiftOutletOrders } from './demo-clock.ts';

/** Password of every demo account (README "Demo accounts"); demo data only, not a secret. */
export const DEMO_PASSWORD = 'DineDesk-demo-2026';

export interface DemoUser {
  email: string;
  fullName: string;
  role: TRole;
  /** For scoped roles: indexes of the brands / outlets (in brand order) they are granted. */
  brands?: number[];
  outlets?: number[];
  /** Modules granted to non-owner roles (default: every module). */
  modules?: TModule[];
}

/** Demo users of each client: one per role, scoped roles granted a part of the client. */
export function demoUsersOf(client: DemoClient): DemoUser[] {
  const d = `${client.key}.demo`;
  return [
    { email: `owner@${d}`, fullName: `${client.name} Owner`, role: 'client_owner' },
    { email: `brand.manager@${d}`, fullName: `${client.brands[0]?.name ?? 'Brand'} Manager`, role: 'brand_manager', brands: [0, 1] },
    { email: `outlet.manager@${d}`, fullName: `${client.brands[2]?.name ?? 'Outlet'} Outlet Manager`, role: 'outlet_manager', outlets: [2] },
    { email: `agent@${d}`, fullName: `${client.name} Agent`, role: 'agent' },
    { email: `viewer@${d}`, fullName: `${client.name} Viewer`, role: 'viewer' },
  ];
}

export const SUPER_ADMIN_EMAIL = 'admin@dinedesk.demo';
/** Owner of both demo clients: the navbar client switcher (README "Demo accounts"). */
export const GROUP_OWNER_EMAIL = 'group.owner@dinedesk.demo';

/**
 * Seeds the demo clients, brands, outlets, Facebook Pages (without tokens: they are connected
 * through the Graph API afterwards) and users, in one transaction, only into an empty database,
 * so a restart keeps what users did.
 * @returns false when the database already had clients
 */
/** A restaurant group's everyday replies, with the template variables. */
const DEMO_TEMPLATES = [
  { name: 'Thank you (praise)', body: 'Thank you, {reviewer_first_name}! We are glad you enjoyed your meal at {outlet}. The whole team at {brand} looks forward to welcoming you again.' },
  { name: 'Sorry (food)', body: 'Dear {reviewer_first_name}, we are sorry your food at {outlet} was not what it should be. We have shared your words with our kitchen team, and we would love the chance to make it right on your next visit.' },
  { name: 'Sorry (wait)', body: 'Dear {reviewer_first_name}, thank you for your patience and your honest review. Long waits are not the {brand} we want to be: the {outlet} team is changing how it handles busy hours.' },
];

/**
 * @param now the server's clock (`ctx.now`): the demo's start, from which the demo clock moves the
 *   data forward (db/demo-clock.ts, docs/decisions/0006) unless `SEED_DEMO_SHIFT=0`
 */
export async function seedDemo(db: Db, seedDir: string, now: () => Date = () => new Date()): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(schema.clients);
  if (n > 0) return false;
  const data = loadSeedDir(seedDir);
  const tenancy = buildDemoTenancy(data);
  const shift = demoShiftEnabled();
  const startedAt = now();
  const ordersWeeks: Record<string, number> = {};
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [admin] = await tx.insert(schema.users).values({ email: SUPER_ADMIN_EMAIL, fullName: 'DineDesk Admin', passwordHash, isSuperAdmin: true }).returning();
    void admin;
    const [groupOwner] = await tx.insert(schema.users).values({ email: GROUP_OWNER_EMAIL, fullName: 'Group Owner', passwordHash }).returning();
    // Explicit, increasing membership times: every insert of one transaction gets the same
    // now(), and the group owner's default client must not depend on random uuids.
    const seededAt = Date.now();
    for (const [ci, c] of tenancy.entries()) {
      const [client] = await tx.insert(schema.clients).values({ key: c.key, name: c.name }).returning();
      await tx.insert(schema.replyTemplates).values(DEMO_TEMPLATES.map((t) => ({ ...t, clientId: client!.id })));
      const outletIds: string[] = [];
      const brandIds: string[] = [];
      for (const b of c.brands) {
        const [brand] = await tx.insert(schema.brands).values({ clientId: client!.id, key: b.key, name: b.name, cuisines: b.cuisines }).returning();
        brandIds.push(brand!.id);
        for (const o of b.outlets) {
          const [outlet] = await tx.insert(schema.outlets).values({ clientId: client!.id, brandId: brand!.id, key: o.key, name: o.name, city: o.city, latitude: o.latitude, longitude: o.longitude }).returning();
          outletIds.push(outlet!.id);
          await tx.insert(schema.facebookPages).values({ id: o.facebookPageId, clientId: client!.id, outletId: outlet!.id, name: b.name });
        }
      }
      await tx.insert(schema.memberships).values({ userId: groupOwner!.id, clientId: client!.id, role: 'client_owner', createdAt: new Date(seededAt + ci * 1000) });
      for (const u of demoUsersOf(c)) {
        const [user] = await tx.insert(schema.users).values({ email: u.email, fullName: u.fullName, passwordHash }).returning();
        await tx.insert(schema.memberships).values({ userId: user!.id, clientId: client!.id, role: u.role });
        const grants = [
          ...(u.brands ?? []).map((i) => ({ kind: 'brand', refId: brandIds[i] })),
          ...(u.outlets ?? []).map((i) => ({ kind: 'outlet', refId: outletIds[i] })),
          ...(u.role === 'client_owner' ? [] : (u.modules ?? MODULES).map((m) => ({ kind: 'module', refId: m }))),
        ].filter((g): g is { kind: string; refId: string } => Boolean(g.refId));
        if (grants.length) await tx.insert(schema.accessGrants).values(grants.map((g) => ({ ...g, userId: user!.id, clientId: client!.id })));
      }
      // The first client also runs two London takeaways with their real orders, and
      // Takeaway 1 has the generated demo ad campaigns of its order period (Ads pro, decision 0043).
      if (ci === 0) {
        const london = await seedLondonOrders(tx, client!.id, seedDir);
        if (london['takeaway-1']) await seedDemoAds(tx, client!.id, london['takeaway-1'].outletId);
        // Each takeaway's history is its own source: each moves so its newest order is this week.
        if (shift) for (const o of Object.values(london)) ordersWeeks[o.outletId] = await shiftOutletOrders(tx, o.outletId, startedAt);
      }
    }
    if (shift) await insertDemoClock(tx, { startedAt, reviewsWeeks: reviewShiftWeeks(data, startedAt), ordersWeeks });
  });
  return true;
}
