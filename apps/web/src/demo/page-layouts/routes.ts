/**
 * Routes of the template's page-layout demos (docs/requirements/routes.md `/page-layout/*`) and how
 * each changes the shell. Plain data, read by the router (app/product-area.tsx); the page itself is
 * lazy.
 */
import type { LayoutOverrides } from '../../layout/app-shell.tsx';

export type PageLayoutVariant = 'collapseMenu' | 'layoutBoxed' | 'withoutMenu' | 'layoutEmpty' | 'layoutBlank';

export interface PageLayoutDemo {
  variant: PageLayoutVariant;
  path: string;
  /** Shell overrides; `null` = no shell at all (blank layout). */
  overrides: LayoutOverrides | null;
}

/** Route, and how the shell changes, for each variant. */
export const PAGE_LAYOUT_DEMOS: readonly PageLayoutDemo[] = [
  { variant: 'collapseMenu', path: '/page-layout/collapse-menu', overrides: { menuCollapsed: true } },
  { variant: 'layoutBoxed', path: '/page-layout/layout-boxed', overrides: { contentWidth: 'boxed' } },
  { variant: 'withoutMenu', path: '/page-layout/without-menu', overrides: { menuHidden: true } },
  { variant: 'layoutEmpty', path: '/page-layout/layout-empty', overrides: {} },
  { variant: 'layoutBlank', path: '/page-layout/layout-blank', overrides: null },
];
