/**
 * The Business Overview group (docs/requirements/routes.md: /apps/business-overview/order-insights,
 * revenue-projections, delivery-insights, dining-insights; docs/decisions/0036) as one
 * lazy screen that shows the page of the current path. The four pages share their controls,
 * tables and charts, so one chunk serves them all, and the product area's router names one
 * import instead of four (each with its preload list in the first screen's JavaScript).
 */
import { useLocation } from 'react-router';
import { DeliveryInsightsPage } from './delivery-insights-page.tsx';
import { DiningInsightsPage } from './dining-insights-page.tsx';
import { OrderInsightsPage } from './order-insights-page.tsx';
import { RevenueProjectionsPage } from './revenue-projections-page.tsx';

/** The group's paths (docs/requirements/routes.md), each with its page. */
export const BUSINESS_OVERVIEW_PAGES = {
  '/apps/business-overview/order-insights': OrderInsightsPage,
  '/apps/business-overview/revenue-projections': RevenueProjectionsPage,
  '/apps/business-overview/delivery-insights': DeliveryInsightsPage,
  '/apps/business-overview/dining-insights': DiningInsightsPage,
} as const;

function BusinessOverviewPage() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') as keyof typeof BUSINESS_OVERVIEW_PAGES;
  const Page = BUSINESS_OVERVIEW_PAGES[path] ?? OrderInsightsPage;
  return <Page />;
}

export default BusinessOverviewPage;
