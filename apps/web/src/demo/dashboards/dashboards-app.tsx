/**
 * The template's two dashboards (docs/requirements/routes.md demo routes `/dashboard/analytics` and
 * "/ (ecommerce dashboard)"; docs/requirements/calls.md card calls). It owns `/dashboard` and
 * routes below it:
 * - `/dashboard/ecommerce`: the eCommerce dashboard. The template had it at `/`, which stays
 *   the product's home (a signed-in owner lands on Reviews): docs/decisions/0034;
 * - `/dashboard/analytics`: the Analytics dashboard;
 * - `/dashboard` and anything else below it go to the eCommerce dashboard.
 * Each card is its own call, so cards fill in as their answers arrive and one failing card
 * does not take the others down.
 */
import { Navigate, Route, Routes } from 'react-router';
import { AnalyticsDashboard } from './components/analytics-dashboard.tsx';
import { EcommerceDashboard } from './components/ecommerce-dashboard.tsx';

/** The dashboards screen (see the module comment). */
export default function DashboardsApp() {
  return (
    <Routes>
      <Route path="/dashboard/ecommerce" element={<EcommerceDashboard />} />
      <Route path="/dashboard/analytics" element={<AnalyticsDashboard />} />
      <Route path="*" element={<Navigate replace to="/dashboard/ecommerce" />} />
    </Routes>
  );
}
