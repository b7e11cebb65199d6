/**
 * The menus are real lists (axe rule `list`: a `<ul>` holds only `<li>`), so screen
 * readers announce each group as a list with its number of entries; greyed groups are legible.
 */
import { AbilityProvider } from '@casl/react';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAbility } from '../lib/ability.ts';
import { PATHS } from '../lib/paths.ts';
import { DISABLED_TEXT, theme } from '../lib/theme.ts';
import { OWNER_RULES } from '../testing/fixtures.ts';
import { HorizontalMenu } from './horizontal-menu.tsx';
import { navLeaves } from './navigation.ts';
import { VerticalMenu } from './vertical-menu.tsx';

function renderMenu(menu: ReactNode) {
  return render(
    <ThemeProvider theme={theme}>
      <AbilityProvider value={buildAbility(OWNER_RULES)}>
        <MemoryRouter initialEntries={[PATHS.reviews]}>{menu}</MemoryRouter>
      </AbilityProvider>
    </ThemeProvider>,
  );
}

/** Every element child of every `<ul>` in `root` is an `<li>`. */
function expectProperLists(root: HTMLElement) {
  const lists = [...root.querySelectorAll('ul')];
  expect(lists.length).toBeGreaterThan(0);
  for (const list of lists) {
    const tags = [...list.children].map((child) => child.tagName);
    expect(new Set(tags), list.getAttribute('aria-labelledby') ?? list.outerHTML.slice(0, 80)).toEqual(new Set(['LI']));
  }
}

describe('menu lists', () => {
  afterEach(() => {
    delete navLeaves().find((i) => i.id === 'ads-pro')!.disabled;
  });

  it.each([
    ['open', false],
    ['collapsed', true],
  ])('vertical menu, %s: each group is a <ul> of <li> entries, named by its heading', (_name, collapsed) => {
    renderMenu(<VerticalMenu desktop collapsed={collapsed} mobileOpen={false} onMobileClose={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });

    expectProperLists(nav);
    const group = within(nav).getByRole('list', { name: /Reviews & Complaints/ });
    expect(within(group).getByRole('link', { name: 'Reviews' }).closest('li')?.parentElement).toBe(group);
  });

  it('vertical menu: a disabled entry is greyed in a legible colour, not faded', () => {
    // No entry of the product's menu is disabled since Ads pro was built (decision 0043): disable one here.
    navLeaves().find((i) => i.id === 'ads-pro')!.disabled = true;
    renderMenu(<VerticalMenu desktop collapsed={false} mobileOpen={false} onMobileClose={() => undefined} />);
    const group = screen.getByRole('list', { name: /Digital Marketing/ });
    const entry = within(group).getByRole('link', { name: /Ads pro/ });

    expect(entry).toHaveAttribute('aria-disabled', 'true');
    expect(getComputedStyle(entry).opacity).toBe('1');
    expect(entry).toHaveStyle({ color: DISABLED_TEXT.light });
  });

  it('horizontal menu: the groups are a <ul> of <li>', () => {
    renderMenu(<HorizontalMenu floating />);
    const nav = screen.getByTestId('horizontal-menu');

    expectProperLists(nav);
    const list = within(nav).getByRole('list');
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(within(list).getByRole('button', { name: /Reporting/ })).toBeInTheDocument();
  });
});
