/**
 * The screens of the Business Overview, Reporting, Menu Management and Digital Marketing groups
 * (docs/requirements/routes.md /apps/business-overview/*, /apps/reporting/*,
 * /apps/menu-management/*, /apps/digital-marketing/instagram-insights and ads-pro) behind one lazy
 * route: the product area's router names this one import instead of one per screen, each of which
 * would put its preload list into the first screen's JavaScript
 * (docs/requirements/quality-goals.md#web; the Reviews budget). Each screen stays its own chunk,
 * loaded when its path is shown.
 */
import { lazy, type ComponentType } from 'react';
import { useLocation } from 'react-router';

/** The four Business Overview pages share one chunk that picks its page by path (decision 0036). */
const BusinessOverviewPage = lazy(() => import('../features/business-overview/components/business-overview-page.tsx'));

/** The paths served here, each with its screen. */
export const INSIGHT_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/apps/business-overview/order-insights': BusinessOverviewPage,
  '/apps/business-overview/revenue-projections': BusinessOverviewPage,
  '/apps/business-overview/delivery-insights': BusinessOverviewPage,
  '/apps/business-overview/dining-insights': BusinessOverviewPage,
  // Instagram media insights (decision 0035): in the Digital Marketing group.
  '/apps/digital-marketing/instagram-insights': lazy(() => import('../features/instagram-insights/components/instagram-insights-page.tsx')),
  // Ads pro (decision 0043): ads imported as CSV, orders attributed by day and outlet.
  '/apps/digital-marketing/ads-pro': lazy(() => import('../features/ads/components/ads-pro-page.tsx')),
  // Data tracker (decision 0041) and Report on demand (decision 0042).
  '/apps/reporting/data-tracker': lazy(() => import('../features/data-tracker/components/data-tracker-page.tsx')),
  '/apps/reporting/report-on-demand': lazy(() => import('../features/reports/components/report-on-demand-page.tsx')),
  '/apps/reporting/outlet-timings': lazy(() => import('../features/outlet-timings/components/outlet-timings-page.tsx')),
  // The menu (decision 0039): live menu and item offers under Reporting, insights and audit history under Menu Management.
  '/apps/reporting/live-menu': lazy(() => import('../features/menu/components/live-menu-page.tsx')),
  '/apps/reporting/item-offer-tracker': lazy(() => import('../features/menu/components/item-offers-page.tsx')),
  '/apps/menu-management/insights': lazy(() => import('../features/menu/components/menu-insights-page.tsx')),
  '/apps/menu-management/audit-history': lazy(() => import('../features/menu/components/audit-history-page.tsx')),
};

/** The screen of the current path (the product area routes only the paths above here). */
export default function InsightScreens() {
  const { pathname } = useLocation();
  const Screen = INSIGHT_SCREENS[pathname.replace(/\/+$/, '')];
  return Screen ? <Screen /> : null;
}
