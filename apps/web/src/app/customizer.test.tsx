/**
 * The customizer (docs/requirements/data.md): every setting changes the shell at once and is stored
 * under its key, and a new page load (a fresh render from storage) shows it again. Logout keeps
 * them. It lives in app/ because it composes the shell (layout/) with the app's theme root.
 */
import { AbilityProvider } from '@casl/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeRoot } from './theme-root.tsx';
import { buildAbility } from '../lib/ability.ts';
import { LAYOUT_DEFAULTS, readLayoutSettings } from '../lib/layout-settings.ts';
import { clearSessionStorage } from '../lib/storage.ts';
import { OWNER_RULES, signInAs } from '../testing/fixtures.ts';
import { setViewportWidth } from '../testing/viewport.ts';
import { MemoryRouter } from 'react-router';
import { AppShell, type LayoutOverrides } from '../layout/app-shell.tsx';
import { reloadLayoutSettings, useLayoutSettings } from '../layout/layout-settings-store.ts';

function renderShell(overrides?: LayoutOverrides) {
  signInAs({ fullName: 'Asha Rao' });
  return render(
    <ThemeRoot>
      <AbilityProvider value={buildAbility(OWNER_RULES)}>
        <MemoryRouter initialEntries={['/apps/reviews_and_complaints/reviews']}>
          <AppShell onLogout={() => undefined} loggingOut={false} overrides={overrides}>
            <h1>Screen content</h1>
          </AppShell>
        </MemoryRouter>
      </AbilityProvider>
    </ThemeRoot>,
  );
}

/** Unmounts and renders again from storage, as a reload would. */
function reload(view: ReturnType<typeof renderShell>) {
  view.unmount();
  reloadLayoutSettings();
  return renderShell();
}

async function openCustomizer() {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('customizer-toggle'));
  const panel = await screen.findByTestId('customizer');
  return { user, panel };
}

const bodyBackground = () => getComputedStyle(document.body).backgroundColor;

describe('customizer', () => {
  it('starts from the spec defaults', async () => {
    setViewportWidth(1280);
    renderShell();
    const shell = screen.getByTestId('app-shell');
    expect(readLayoutSettings()).toEqual(LAYOUT_DEFAULTS);
    expect(shell).toHaveAttribute('data-skin', 'light');
    expect(screen.getByTestId('vertical-menu')).toBeInTheDocument();
    expect(screen.getByTestId('navbar')).toHaveStyle({ position: 'sticky' });
    expect(screen.getByTestId('navbar').querySelector('header')).toHaveStyle({ borderRadius: '8px' });
    expect(screen.getByTestId('navbar')).toHaveAttribute('data-navbar-color', 'white');
    expect(screen.getByTestId('footer')).not.toHaveStyle({ position: 'sticky' });
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByText('DineDesk')).toBeInTheDocument();

    const { panel } = await openCustomizer();
    expect(within(within(panel).getByRole('radiogroup', { name: 'Skin' })).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Collapsed menu' })).not.toBeChecked();
  });

  it('skin: dark applies the dark palette and persists under `skin`', async () => {
    setViewportWidth(1280);
    const view = renderShell();
    const light = bodyBackground();
    const { user, panel } = await openCustomizer();

    await user.click(within(within(panel).getByRole('radiogroup', { name: 'Skin' })).getByRole('radio', { name: 'Dark' }));

    expect(localStorage.getItem('skin')).toBe('dark');
    expect(document.documentElement.dataset.skin).toBe('dark');
    await waitFor(() => expect(bodyBackground()).toBe('rgb(22, 29, 49)'));
    expect(light).not.toBe(bodyBackground());

    reload(view);
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-skin', 'dark');
    await waitFor(() => expect(bodyBackground()).toBe('rgb(22, 29, 49)'));
  });

  it.each(['bordered', 'semi-dark'] as const)('skin: %s is stored and applied', async (skin) => {
    setViewportWidth(1280);
    const view = renderShell();
    const { user, panel } = await openCustomizer();
    const label = skin === 'bordered' ? 'Bordered' : 'Semi dark';
    await user.click(within(within(panel).getByRole('radiogroup', { name: 'Skin' })).getByRole('radio', { name: label }));
    expect(localStorage.getItem('skin')).toBe(skin);
    reload(view);
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-skin', skin);
    const menuPaper = screen.getByTestId('vertical-menu-paper');
    // Semi-dark: only the menu is dark; the content keeps the light background.
    if (skin === 'semi-dark') {
      expect(menuPaper).toHaveStyle({ backgroundColor: 'rgb(40, 48, 70)' });
      expect(bodyBackground()).toBe('rgb(245, 245, 249)');
    } else {
      // Bordered: a border where the light skin has a shadow.
      expect(screen.getByTestId('navbar').querySelector('header')).toHaveStyle({ border: '1px solid rgba(0, 0, 0, 0.12)' });
    }
  });

  it('menu collapsed: shrinks the menu to icons and persists under `menuCollapsed`', async () => {
    setViewportWidth(1280);
    const view = renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByText('Reviews')).toBeInTheDocument();
    const { user, panel } = await openCustomizer();

    await user.click(within(panel).getByRole('switch', { name: 'Collapsed menu' }));
    // The open panel is modal (the page behind is hidden from assistive technology).
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('customizer')).not.toBeInTheDocument());

    expect(localStorage.getItem('menuCollapsed')).toBe('true');
    expect(within(nav).queryByText('Reviews')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toBeInTheDocument();

    reload(view);
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-menu-collapsed', 'true');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
  });

  it('menu layout: horizontal replaces the side menu and persists under `menuLayout`', async () => {
    setViewportWidth(1280);
    const view = renderShell();
    const { user, panel } = await openCustomizer();

    await user.click(within(panel).getByRole('radio', { name: 'Horizontal' }));

    expect(localStorage.getItem('menuLayout')).toBe('horizontal');
    expect(await screen.findByTestId('horizontal-menu')).toBeInTheDocument();
    expect(screen.queryByTestId('vertical-menu')).not.toBeInTheDocument();
    // The collapsed switch means nothing for a horizontal menu.
    expect(within(panel).getByRole('switch', { name: 'Collapsed menu' })).toBeDisabled();

    reload(view);
    expect(await screen.findByTestId('horizontal-menu')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('horizontal-menu')).getByRole('button', { name: /Reporting/ }));
    expect(await screen.findByRole('menuitem', { name: 'Live menu' })).toHaveAttribute('href', '/apps/reporting/live-menu');
  });

  it('content width: boxed limits the layout width and persists under `contentWidth`', async () => {
    setViewportWidth(1280);
    const view = renderShell();
    const { user, panel } = await openCustomizer();

    await user.click(within(panel).getByRole('radio', { name: 'Boxed' }));

    expect(localStorage.getItem('contentWidth')).toBe('boxed');
    const box = () => document.getElementById('main-content')?.parentElement;
    expect(box()).toHaveStyle({ maxWidth: '1440px' });
    reload(view);
    expect(box()).toHaveStyle({ maxWidth: '1440px' });
  });

  it.each([
    ['Sticky', 'sticky', 'sticky'],
    ['Static', 'static', 'relative'],
  ] as const)('navbar type: %s positions the navbar and persists', async (label, stored, position) => {
    setViewportWidth(1280);
    const view = renderShell();
    const { user, panel } = await openCustomizer();
    await user.click(within(within(panel).getByRole('radiogroup', { name: 'Navbar type' })).getByRole('radio', { name: label }));
    expect(localStorage.getItem('navbarType')).toBe(stored);
    reload(view);
    expect(screen.getByTestId('navbar')).toHaveStyle({ position });
    // Only the floating navbar is a rounded card.
    expect(screen.getByTestId('navbar').querySelector('header')).not.toHaveStyle({ borderRadius: '8px' });
  });

  it('navbar type: hidden removes the navbar; colour: primary paints it', async () => {
    setViewportWidth(1280);
    const view = renderShell();
    const { user, panel } = await openCustomizer();

    await user.click(within(panel).getByRole('radio', { name: 'Primary' }));
    expect(localStorage.getItem('navbarColor')).toBe('primary');
    expect(screen.getByTestId('navbar').querySelector('header')).toHaveStyle({ backgroundColor: 'rgb(99, 87, 224)' });

    await user.click(within(within(panel).getByRole('radiogroup', { name: 'Navbar type' })).getByRole('radio', { name: 'Hidden' }));
    expect(localStorage.getItem('navbarType')).toBe('hidden');
    expect(screen.queryByTestId('navbar')).not.toBeInTheDocument();

    reload(view);
    expect(screen.queryByTestId('navbar')).not.toBeInTheDocument();
    expect(useLayoutSettings.getState().navbarColor).toBe('primary');
  });

  it('footer type: sticky and hidden', async () => {
    setViewportWidth(1280);
    const view = renderShell();
    const { user, panel } = await openCustomizer();
    const footerGroup = within(panel).getByRole('radiogroup', { name: 'Footer type' });

    await user.click(within(footerGroup).getByRole('radio', { name: 'Sticky' }));
    expect(localStorage.getItem('footerType')).toBe('sticky');
    expect(screen.getByTestId('footer')).toHaveStyle({ position: 'sticky' });

    await user.click(within(footerGroup).getByRole('radio', { name: 'Hidden' }));
    expect(localStorage.getItem('footerType')).toBe('hidden');
    expect(screen.queryByTestId('footer')).not.toBeInTheDocument();
    reload(view);
    expect(screen.queryByTestId('footer')).not.toBeInTheDocument();
  });

  it('RTL: sets the direction on the document and the theme, and persists under `direction`', async () => {
    setViewportWidth(1280);
    const view = renderShell();
    const { user, panel } = await openCustomizer();

    await user.click(within(panel).getByRole('switch', { name: 'Right-to-left (RTL)' }));

    expect(localStorage.getItem('direction')).toBe('rtl');
    expect(document.documentElement.dir).toBe('rtl');
    // The mirroring Emotion cache (key "muirtl") takes over once its chunk is in.
    await waitFor(() => expect(document.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull());
    reload(view);
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('reset restores the spec defaults', async () => {
    setViewportWidth(1280);
    renderShell();
    const { user, panel } = await openCustomizer();
    await user.click(within(within(panel).getByRole('radiogroup', { name: 'Skin' })).getByRole('radio', { name: 'Dark' }));
    await user.click(within(panel).getByRole('switch', { name: 'Collapsed menu' }));
    await user.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
    expect(readLayoutSettings()).toEqual(LAYOUT_DEFAULTS);
    expect(localStorage.getItem('skin')).toBe('light');
  });

  it('logout clears only the session keys, never the layout settings', async () => {
    setViewportWidth(1280);
    renderShell();
    const { user, panel } = await openCustomizer();
    await user.click(within(within(panel).getByRole('radiogroup', { name: 'Skin' })).getByRole('radio', { name: 'Dark' }));
    await user.click(within(panel).getByRole('switch', { name: 'Collapsed menu' }));

    clearSessionStorage('logout');

    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('skin')).toBe('dark');
    expect(localStorage.getItem('menuCollapsed')).toBe('true');
  });

  it('a page-layout override wins over the stored setting without changing it', () => {
    setViewportWidth(1280);
    renderShell({ menuCollapsed: true });
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-menu-collapsed', 'true');
    expect(localStorage.getItem('menuCollapsed')).toBeNull();
    // The route fixes the state, so there is no toggle.
    expect(screen.queryByRole('button', { name: 'Expand menu' })).not.toBeInTheDocument();
  });

  it('on a phone the menu is a drawer and the panel fits the screen', async () => {
    setViewportWidth(360);
    renderShell();
    expect(screen.queryByTestId('vertical-menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    const { panel } = await openCustomizer();
    expect(panel.closest('.MuiDrawer-paper')).toHaveStyle({ maxWidth: '100vw' });
  });
});
