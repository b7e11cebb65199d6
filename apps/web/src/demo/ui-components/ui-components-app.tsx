/**
 * The UI showcase's "Components" section: one page per MUI component family under
 * `/components/<name>` (alerts, avatar, badges, breadcrumbs, buttons, carousel, collapse,
 * dropdowns, list group, modals, navs, pagination, pills, popovers, progress, spinners, tabs,
 * timeline, toasts, tooltips), each with a working main control. Pages are grouped by theme in
 * `pages/`; any other path below `/components` goes to the alerts page.
 */
import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ButtonsPage } from './pages/buttons-page.tsx';
import { CarouselPage } from './pages/carousel-page.tsx';
import { AvatarPage, BadgesPage, ListGroupPage, PillsPage, TimelinePage, TooltipsPage } from './pages/display-pages.tsx';
import { AlertsPage, ProgressPage, SpinnersPage, ToastsPage } from './pages/feedback-pages.tsx';
import { BreadcrumbsPage, DropdownsPage, NavsPage, PaginationPage, TabsPage } from './pages/navigation-pages.tsx';
import { CollapsePage, ModalsPage, PopoversPage } from './pages/overlay-pages.tsx';

/** Each page by its path below `/components/` (the links of demo/routes.ts). */
export const COMPONENT_PAGES: Readonly<Record<string, () => ReactElement>> = {
  alerts: AlertsPage,
  avatar: AvatarPage,
  badges: BadgesPage,
  breadcrumbs: BreadcrumbsPage,
  buttons: ButtonsPage,
  carousel: CarouselPage,
  collapse: CollapsePage,
  dropdowns: DropdownsPage,
  'list-group': ListGroupPage,
  modals: ModalsPage,
  navs: NavsPage,
  pagination: PaginationPage,
  pills: PillsPage,
  popovers: PopoversPage,
  progress: ProgressPage,
  spinners: SpinnersPage,
  tabs: TabsPage,
  timeline: TimelinePage,
  toasts: ToastsPage,
  tooltips: TooltipsPage,
};

/** The section's screen (see the module comment). */
export default function UiComponentsApp() {
  return (
    <Routes>
      {Object.entries(COMPONENT_PAGES).map(([path, Page]) => (
        <Route key={path} path={`/components/${path}`} element={<Page />} />
      ))}
      <Route path="*" element={<Navigate replace to="/components/alerts" />} />
    </Routes>
  );
}
