/**
 * The permanent side menu is a fixed paper over a spacer (not MUI's Drawer, whose modal code
 * would weigh on the first paint). It must sit where the Drawer did: at the start
 * side, with its border towards the content, in left-to-right and (through the RTL Emotion
 * cache, as app/rtl-cache.ts sets it up) right-to-left; the phone drawer appears only when
 * opened.
 */
import { AbilityProvider } from '@casl/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { TAbilityRule } from '@dinedesk/contracts';
import { buildAbility } from '../lib/ability.ts';
import { PATHS } from '../lib/paths.ts';
import { createAppTheme } from '../lib/theme.ts';
import { OWNER_RULES } from '../testing/fixtures.ts';
import { navLeaves } from './navigation.ts';
import { MENU_COLLAPSED_WIDTH, MENU_WIDTH, VerticalMenu } from './vertical-menu.tsx';

function renderIn(direction: 'ltr' | 'rtl', menu: ReactNode, rules: TAbilityRule[] = OWNER_RULES) {
  return render(
    <CacheProvider value={direction === 'rtl' ? rtlCache : createCache({ key: 'ltr' })}>
      <ThemeProvider theme={createAppTheme({ skin: 'light', direction })}>
        <AbilityProvider value={buildAbility(rules)}>
          <MemoryRouter initialEntries={[PATHS.reviews]}>{menu}</MemoryRouter>
        </AbilityProvider>
      </ThemeProvider>
    </CacheProvider>,
  );
}

const noop = () => undefined;
/** The app's right-to-left Emotion cache (app/rtl-cache.ts, which layout may not import). */
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });

describe('vertical menu placement', () => {
  it('left to right: fixed at the left, border on its right, the spacer as wide as the menu', () => {
    renderIn('ltr', <VerticalMenu desktop collapsed={false} mobileOpen={false} onMobileClose={noop} />);
    const paper = getComputedStyle(screen.getByTestId('vertical-menu-paper'));
    expect(paper.position).toBe('fixed');
    expect(paper.left).toBe('0px');
    expect(paper.right).not.toBe('0px');
    expect(paper.borderRightWidth).toBe('1px');
    expect(paper.width).toBe(`${MENU_WIDTH}px`);
    expect(getComputedStyle(screen.getByTestId('vertical-menu')).width).toBe(`${MENU_WIDTH}px`);
  });

  it('right to left: mirrored to the right, border on its left', () => {
    renderIn('rtl', <VerticalMenu desktop collapsed mobileOpen={false} onMobileClose={noop} />);
    const paper = getComputedStyle(screen.getByTestId('vertical-menu-paper'));
    expect(paper.right).toBe('0px');
    expect(paper.left).not.toBe('0px');
    expect(paper.borderLeftWidth).toBe('1px');
    expect(paper.width).toBe(`${MENU_COLLAPSED_WIDTH}px`);
  });

  it('on a phone nothing renders until the drawer is opened', async () => {
    const view = renderIn('ltr', <VerticalMenu desktop={false} collapsed={false} mobileOpen={false} onMobileClose={noop} />);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    view.rerender(
      <CacheProvider value={createCache({ key: 'ltr' })}>
        <ThemeProvider theme={createAppTheme({ skin: 'light', direction: 'ltr' })}>
          <AbilityProvider value={buildAbility(OWNER_RULES)}>
            <MemoryRouter initialEntries={[PATHS.reviews]}>
              <VerticalMenu desktop={false} collapsed={false} mobileOpen onMobileClose={noop} />
            </MemoryRouter>
          </AbilityProvider>
        </ThemeProvider>
      </CacheProvider>,
    );
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('presentation')).toBeInTheDocument();
  });
});

describe('vertical menu entries (decisions 0035, 0043)', () => {
  afterEach(() => {
    delete navLeaves().find((i) => i.id === 'ads-pro')!.disabled;
  });

  it('Digital Marketing holds working Instagram insights and Ads pro links', () => {
    renderIn('ltr', <VerticalMenu desktop collapsed={false} mobileOpen={false} onMobileClose={noop} />);
    const group = screen.getByRole('list', { name: /Digital Marketing/ });
    const instagram = within(group).getByRole('link', { name: 'Instagram insights' });
    expect(instagram).toHaveAttribute('href', '/apps/digital-marketing/instagram-insights');
    expect(instagram).not.toHaveAttribute('aria-disabled', 'true');
    const adsPro = within(group).getByRole('link', { name: 'Ads pro' });
    expect(adsPro).toHaveAttribute('href', '/apps/digital-marketing/ads-pro');
    expect(adsPro).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(group).queryByText('Not enabled for this client')).not.toBeInTheDocument();
  });

  it('an entry disabled on its own says why, and its group is not greyed', () => {
    // No entry of the product's menu is disabled since Ads pro was built: disable one here.
    navLeaves().find((i) => i.id === 'ads-pro')!.disabled = true;
    renderIn('ltr', <VerticalMenu desktop collapsed={false} mobileOpen={false} onMobileClose={noop} />);
    const group = screen.getByRole('list', { name: /Digital Marketing/ });
    const adsPro = within(group).getByRole('link', { name: /Ads pro/ });
    expect(adsPro).toHaveAttribute('aria-disabled', 'true');
    expect(adsPro).toHaveTextContent('Not enabled for this client');
    // The group itself is not greyed: its heading has no hint.
    expect(within(group).getAllByText('Not enabled for this client')).toHaveLength(1);
  });
});

describe('module groups the user was not granted ( disabled groups)', () => {
  it('are shown disabled with the reason, their entries greyed and not links one can follow', () => {
    // A reviews-only role: Menu Management and Digital Marketing (among others) were not granted.
    renderIn('ltr', <VerticalMenu desktop collapsed={false} mobileOpen={false} onMobileClose={noop} />, [{ action: 'read', subject: 'Review' }]);
    for (const name of [/Menu Management/, /Digital Marketing/]) {
      const group = screen.getByRole('list', { name });
      expect(within(group).getByText('Not in your access: an owner can grant it')).toBeInTheDocument();
      const entries = within(group).getAllByRole('link');
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) expect(entry).toHaveAttribute('aria-disabled', 'true');
    }
    const reviews = screen.getByRole('list', { name: 'Reviews & Complaints' });
    expect(within(reviews).getByRole('link', { name: 'Reviews' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(reviews).queryByText('Not in your access: an owner can grant it')).not.toBeInTheDocument();
    // Administration is no module: hidden, not disabled.
    expect(screen.queryByRole('list', { name: /Administration/ })).not.toBeInTheDocument();
  });

  it('are open to an owner, who has every module', () => {
    renderIn('ltr', <VerticalMenu desktop collapsed={false} mobileOpen={false} onMobileClose={noop} />);
    expect(screen.queryByText('Not in your access: an owner can grant it')).not.toBeInTheDocument();
  });
});
