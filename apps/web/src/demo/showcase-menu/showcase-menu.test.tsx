/**
 * The UI showcase in the side menu ("each in the side menu under its section"): the
 * "UI showcase" entry opens the sections, a section lists its pages, a showcase page opens its
 * own section with the page marked current, and the shell's path test matches exactly the pages
 * that have a section.
 */
import { AbilityProvider } from '@casl/react';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { VerticalMenu } from '../../layout/vertical-menu.tsx';
import { buildAbility } from '../../lib/ability.ts';
import { PATHS } from '../../lib/paths.ts';
import { createAppTheme } from '../../lib/theme.ts';
import { OWNER_RULES } from '../../testing/fixtures.ts';
import { DEMO_PAGES, SHOWCASE_SECTIONS } from '../routes.ts';
import { SHOWCASE_PATH, ShowcaseGroup } from './showcase-group.tsx';
import { SHOWCASE_PAGES, sectionOf } from './showcase-menu.tsx';

function renderAt(path: string, collapsed = false) {
  return render(
    <ThemeProvider theme={createAppTheme({ skin: 'light', direction: 'ltr' })}>
      <AbilityProvider value={buildAbility(OWNER_RULES)}>
        <MemoryRouter initialEntries={[path]}>
          <VerticalMenu desktop collapsed={collapsed} mobileOpen={false} onMobileClose={() => undefined} menuEnd={ShowcaseGroup} />
        </MemoryRouter>
      </AbilityProvider>
    </ThemeProvider>,
  );
}

describe('UI showcase menu', () => {
  it('stays closed on a product screen until opened; then lists the eight sections, each unfolding to its pages', async () => {
    const user = userEvent.setup();
    renderAt(PATHS.reviews);
    const toggle = screen.getByTestId('menu-showcase-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('showcase-menu')).not.toBeInTheDocument();
    await user.click(toggle);
    const menu = await screen.findByTestId('showcase-menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getAllByTestId(/^showcase-section-/).map((b) => b.textContent)).toEqual(['UI Elements', 'Cards', 'Components', 'Extensions', 'Forms', 'Tables', 'Charts', 'Maps']);
    const tables = screen.getByTestId('showcase-section-tables');
    expect(tables).toHaveAttribute('aria-expanded', 'false');
    await user.click(tables);
    const list = screen.getByRole('list', { name: 'Tables' });
    expect(within(list).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Basic Tables', '/tables/reactstrap'],
      ['Data Tables', '/datatables/basic'],
    ]);
    await user.click(toggle);
    expect(screen.queryByTestId('showcase-menu')).not.toBeInTheDocument();
  });

  it('on a showcase page, opens its section with the page marked current', async () => {
    renderAt('/extensions/editor');
    const list = await screen.findByRole('list', { name: 'Extensions' });
    expect(within(list).getByRole('link', { name: 'Rich Text Editor' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('list', { name: 'Forms' })).not.toBeInTheDocument();
  });

  it('in the icon-only menu, gives each section one icon leading to its first page', async () => {
    // A showcase page: the showcase is open without a click.
    renderAt('/charts/recharts', true);
    const menu = await screen.findByTestId('showcase-menu');
    const links = within(menu).getAllByRole('link');
    expect(links).toHaveLength(SHOWCASE_SECTIONS.length);
    expect(within(menu).getByRole('link', { name: 'Maps' })).toHaveAttribute('href', '/maps/leaflet');
  });

  it('every page with a section is in the menu once, and the shell tells showcase paths from the others', () => {
    const listed = SHOWCASE_SECTIONS.flatMap((section) => SHOWCASE_PAGES[section].map((page) => page.link));
    expect(new Set(listed).size).toBe(listed.length);
    for (const page of DEMO_PAGES) {
      expect(SHOWCASE_PATH.test(page.link), page.link).toBe(page.section !== undefined);
      expect(sectionOf(page.link), page.link).toBe(page.section);
    }
    expect(SHOWCASE_PATH.test('/apps/reviews_and_complaints/reviews')).toBe(false);
    expect(SHOWCASE_PATH.test('/formsy')).toBe(false);
  });
});
