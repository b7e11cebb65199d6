import { describe, expect, it } from 'vitest';
import { buildAbility } from '../lib/ability.ts';
import de from '../locales/de/translation.json';
import en from '../locales/en/translation.json';
import fr from '../locales/fr/translation.json';
import pt from '../locales/pt/translation.json';
import { navigation, navLeaves, searchableScreens } from './navigation.ts';

const translations: Record<string, { nav: { notGranted: string; notEnabled: string } }> = { en, de, fr, pt };
import { visibleNavigation } from './vertical-menu.tsx';

describe('navigation data', () => {
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

describe('visibleNavigation', () => {
  it('shows everything to `manage all`', () => {
    const all = visibleNavigation(navigation, buildAbility([{ action: 'manage', subject: 'all' }]));
    expect(navLeaves(all)).toHaveLength(navLeaves().length);
  });

  it('keeps only allowed entries; a module group with none is disabled with the reason, other empty groups are dropped', () => {
    const visible = visibleNavigation(navigation, buildAbility([{ action: 'read', subject: 'Review' }]));
    expect(visible.map((g) => g.id)).toEqual(['reviews-and-complaints', 'menu-management', 'business-overview', 'reporting', 'digital-marketing']);
    expect(visible.filter((g) => g.disabled).map((g) => g.id)).toEqual(['menu-management', 'business-overview', 'reporting', 'digital-marketing']);
    expect(visible.filter((g) => g.disabled).map((g) => g.disabledReason)).toEqual(Array(4).fill('nav.notGranted'));
    // A disabled group shows all its entries (greyed); the granted group only what the role may open.
    expect(visible.find((g) => g.id === 'digital-marketing')!.children!.map((i) => i.id)).toEqual(['ads-pro', 'instagram-insights']);
    expect(visible[0]!.children!.map((i) => i.id)).toEqual(['reviews']);
    // Home and Administration are no modules: without their entries they are not shown.
    expect(visible.some((g) => g.id === 'home' || g.id === 'administration')).toBe(false);
  });

  it('the search offers no screen of a disabled group', () => {
    const ability = buildAbility([{ action: 'read', subject: 'Review' }, { action: 'read', subject: 'Reporting' }]);
    expect(searchableScreens(ability).map((i) => i.id)).toEqual(['reviews', 'dining-insights', 'data-tracker', 'report-on-demand', 'live-menu', 'outlet-timings', 'item-offer-tracker']);
  });

  it('spells the reason in all four languages', () => {
    for (const language of ['en', 'de', 'fr', 'pt']) {
      expect(translations[language]!.nav.notGranted, language).toMatch(/\S{3}/);
      expect(translations[language]!.nav.notGranted, language).not.toBe(translations[language]!.nav.notEnabled);
    }
  });

  it('shows nothing to a signed-out visitor (read Auth only)', () => {
    expect(visibleNavigation(navigation, buildAbility(null))).toEqual([]);
  });
});
