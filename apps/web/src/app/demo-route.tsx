/**
 * The catch-all route of the product area, fetched on demand: a template demo page not built
 * yet (demo/routes.ts, docs/requirements/routes.md demo routes) shows "coming soon" inside the
 * shell, so a search result or bookmark never ends on a 404; a built demo screen (demo/screens.ts)
 * renders for its path and those below it (in the shell, but for the demo sign-in pages: blank and
 * signed out); any other unknown path gets the 404. Kept out of the
 * first signed-in screen's JavaScript, with the demo page list and its titles. A demo page
 * starts the demo mock (its later screens will call it); the 404 does not.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDemoMock } from '../demo/mock/start.ts';
import { DEMO_PAGES, demoPageTitleKey, type DemoPageTarget } from '../demo/routes.ts';
import { demoScreenFor, type DemoScreen } from '../demo/screens.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ComingSoonContent } from '../pages/misc/coming-soon.tsx';
import { NotFoundPage } from '../pages/misc/not-found-page.tsx';

function DemoComingSoon({ target }: { target: DemoPageTarget }) {
  const { t } = useTranslation('demo');
  const title = t(demoPageTitleKey(target));
  useDocumentTitle(title);
  useDemoMock();
  return <ComingSoonContent screenName={title} />;
}

/**
 * A built demo screen (demo/screens.ts): it sets its own title and routes below its path. While
 * its chunk loads, the shell's own Suspense shows the top progress bar.
 */
function DemoScreenHost({ screen }: { screen: DemoScreen }) {
  useDemoMock();
  const { Component } = screen;
  return <Component />;
}

/**
 * The demo screens that render signed out, in the blank layout (no shell, no product sign-in),
 * as the template's public sign-in pages do: `/pages/login-v1`, `register-v2`, ….
 * They keep their own demo session (demo/auth-pages/demo-session.ts). Every other demo screen
 * stays behind the product's sign-in.
 */
const SIGNED_OUT_SCREEN = /^\/pages\/(login|register|forgot-password|reset-password)-v[12]$/;

export interface DemoRouteProps {
  /** Wraps the content in the signed-in shell (auth guard included). */
  shell: (content: ReactNode) => ReactNode;
}

/** Renders the demo screen or page of the current path in the shell, or the 404. */
function DemoRoute({ shell }: DemoRouteProps) {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const screen = demoScreenFor(path);
  if (screen) return SIGNED_OUT_SCREEN.test(screen.prefix) ? <DemoScreenHost screen={screen} /> : shell(<DemoScreenHost screen={screen} />);
  const page = DEMO_PAGES.find((candidate) => candidate.link === path);
  return page ? shell(<DemoComingSoon target={page.target} />) : <NotFoundPage />;
}

export default DemoRoute;
