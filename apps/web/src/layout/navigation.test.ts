import { describe, expect, it } from 'vitest';
import { buildAbility } from '../lib/ability.ts';
import { navigation, navLeaves } from './navigation.ts';
import { visibleNavigation } from './vertical-menu.tsx';

describe('navigation data (spec §2)', () => {
  it('has every menu route of the spec, once', () => {
    const links = navLeaves().map((item) => item.navLink);
    expect(new Set(links).size).toBe(links.length);
    expect(links).toEqual([
      '/',
      '/apps/reviews_and_complaints/reviews',
      '/apps/reviews_and_complaints/inbox',
      '/apps/reviews_and_complaints/complaints',
      '/apps/reviews_and_complaints/tickets',
      '/apps/reviews_and_complaints/competitor-analysis',
      '/apps/reviews_and_complaints/automation',
      '/apps/menu-management/insights',
      '/apps/menu-management/audit-history',
      '/apps/business-overview/delivery-insights',
      '/apps/business-overview/order-insights',
      '/apps/business-overview/revenue-projections',
      '/apps/business-overview/dining-insights',
      '/apps/reporting/data-tracker',
      '/apps/reporting/report-on-demand',
      '/apps/reporting/live-menu',
      '/apps/reporting/outlet-timings',
      '/apps/reporting/item-offer-tracker',
      '/apps/digital-marketing/ads-pro',
      '/apps/digital-marketing/instagram-insights',
      '/apps/access-control/users',
      '/apps/access-control/client-onboarding',
    ]);
  });

  it('guards every entry with an {action, subject}', () => {
    for (const item of navLeaves()) expect(item.action && item.subject, item.id).toBeTruthy();
  });

  it('has no disabled group or entry (Menu Management and Digital Marketing are built and gated by their modules), and the reloading Tickets entry', () => {
    expect(navigation.filter((g) => g.disabled).map((g) => g.id)).toEqual([]);
    expect(navLeaves().filter((i) => i.disabled).map((i) => i.id)).toEqual([]);
    expect(navLeaves().filter((i) => i.reload).map((i) => i.id)).toEqual(['tickets']);
  });
});

describe('visibleNavigation (spec §6)', () => {
  it('shows everything to `manage all`', () => {
    const all = visibleNavigation(navigation, buildAbility([{ action: 'manage', subject: 'all' }]));
    expect(navLeaves(all)).toHaveLength(navLeaves().length);
  });

  it('keeps only allowed entries and drops empty groups', () => {
    const visible = visibleNavigation(navigation, buildAbility([{ action: 'read', subject: 'Review' }]));
    expect(visible.map((g) => g.id)).toEqual(['reviews-and-complaints']);
    expect(navLeaves(visible).map((i) => i.id)).toEqual(['reviews']);
  });

  it('shows nothing to a signed-out visitor (read Auth only)', () => {
    expect(visibleNavigation(navigation, buildAbility(null))).toEqual([]);
  });
});
