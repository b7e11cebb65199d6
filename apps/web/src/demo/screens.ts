/**
 * The template's demo screens built so far, by the path they own: the
 * screen renders for that path and every path below it (`/apps/invoice` owns
 * `/apps/invoice/list`, `/apps/invoice/preview/4987`, …) and routes inside itself. Each is
 * its own lazy chunk, fetched when its path is opened, so no product screen loads demo code
 * (docs/requirements/quality-goals.md; checked by the `web-budget` tests). Demo pages of
 * demo/routes.ts without a screen here still show "coming soon" (app/demo-route.tsx).
 *
 * A new demo area adds one line here, in its own folder's name.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface DemoScreen {
  /** The path the screen owns, without a trailing slash, e.g. `/apps/email`. */
  prefix: string;
  Component: LazyExoticComponent<ComponentType>;
}

export const DEMO_SCREENS: readonly DemoScreen[] = [
  { prefix: '/apps/email', Component: lazy(() => import('./email/email-app.tsx')) },
  { prefix: '/apps/chat', Component: lazy(() => import('./chat/chat-app.tsx')) },
  { prefix: '/apps/todo', Component: lazy(() => import('./todo/todo-app.tsx')) },
  { prefix: '/apps/calendar', Component: lazy(() => import('./calendar/calendar-app.tsx')) },
  { prefix: '/apps/user', Component: lazy(() => import('./users/users-app.tsx')) },
  { prefix: '/apps/invoice', Component: lazy(() => import('./invoice/invoice-app.tsx')) },
  { prefix: '/apps/ecommerce', Component: lazy(() => import('./ecommerce/shop-app.tsx')) },
  { prefix: '/dashboard', Component: lazy(() => import('./dashboards/dashboards-app.tsx')) },
  { prefix: '/pages/login-v1', Component: lazy(() => import('./auth-pages/auth-pages-app.tsx')) },
  { prefix: '/pages/login-v2', Component: lazy(() => import('./auth-pages/auth-pages-app.tsx')) },
  { prefix: '/pages/register-v1', Component: lazy(() => import('./auth-pages/auth-pages-app.tsx')) },
  { prefix: '/pages/register-v2', Component: lazy(() => import('./auth-pages/auth-pages-app.tsx')) },
  { prefix: '/pages/forgot-password-v1', Component: lazy(() => import('./auth-pages/auth-pages-app.tsx')) },
  { prefix: '/pages/forgot-password-v2', Component: lazy(() => import('./auth-pages/auth-pages-app.tsx')) },
  { prefix: '/pages/reset-password-v1', Component: lazy(() => import('./auth-pages/auth-pages-app.tsx')) },
  { prefix: '/pages/reset-password-v2', Component: lazy(() => import('./auth-pages/auth-pages-app.tsx')) },
  { prefix: '/pages/account-settings', Component: lazy(() => import('./account/account-app.tsx')) },
  { prefix: '/pages/profile', Component: lazy(() => import('./profile/profile-app.tsx')) },
  { prefix: '/pages/faq', Component: lazy(() => import('./faq/faq-page.tsx')) },
  { prefix: '/pages/knowledge-base', Component: lazy(() => import('./knowledge-base/knowledge-base-app.tsx')) },
  { prefix: '/pages/pricing', Component: lazy(() => import('./pricing/pricing-page.tsx')) },
  { prefix: '/pages/blog', Component: lazy(() => import('./blog/blog-app.tsx')) },
  // The UI showcase: one lazy chunk per section, routing its pages inside.
  { prefix: '/ui-element', Component: lazy(() => import('./ui-elements/ui-elements-app.tsx')) },
  { prefix: '/colors', Component: lazy(() => import('./ui-elements/ui-elements-app.tsx')) },
  { prefix: '/icons', Component: lazy(() => import('./ui-elements/ui-elements-app.tsx')) },
  { prefix: '/cards', Component: lazy(() => import('./cards/cards-app.tsx')) },
  { prefix: '/components', Component: lazy(() => import('./ui-components/ui-components-app.tsx')) },
  { prefix: '/extensions', Component: lazy(() => import('./extensions/extensions-app.tsx')) },
  { prefix: '/forms', Component: lazy(() => import('./forms/forms-app.tsx')) },
  { prefix: '/tables', Component: lazy(() => import('./tables/tables-app.tsx')) },
  { prefix: '/datatables', Component: lazy(() => import('./tables/tables-app.tsx')) },
  { prefix: '/charts', Component: lazy(() => import('./charts/charts-app.tsx')) },
  { prefix: '/maps', Component: lazy(() => import('./maps/maps-app.tsx')) },
];

/** The demo screen that owns `path` (the longest matching prefix), if one is built. */
export function demoScreenFor(path: string): DemoScreen | undefined {
  let found: DemoScreen | undefined;
  for (const screen of DEMO_SCREENS) {
    const owns = path === screen.prefix || path.startsWith(`${screen.prefix}/`);
    if (owns && (!found || screen.prefix.length > found.prefix.length)) found = screen;
  }
  return found;
}
