/**
 * The pages (docs/requirements/routes.md): misc pages, a proper 404, the access-control demo
 * (docs/requirements/roles.md demo roles), the `/page-layout/*` variants, demo routes not built
 * yet, and the ripple time-out (docs/requirements/constants.md).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RIPPLE_TIMEOUT_MS } from '../lib/constants.ts';
import { theme } from '../lib/theme.ts';
import { mockApi } from '../testing/api-server.ts';
import { signInAs } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render.tsx';
import { setViewportWidth } from '../testing/viewport.ts';
import { DEMO_PAGES } from '../demo/routes.ts';
import { demoScreenFor } from '../demo/screens.ts';

describe('misc pages', () => {
  it.each([
    ['/misc/maintenance', 'Under maintenance'],
    ['/misc/error', 'Internal server error'],
    ['/misc/coming-soon', 'Coming soon'],
    ['/misc/not-authorized', 'You are not authorized'],
  ])('%s works signed out, outside the shell, with a way back', async (path, heading) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to DineDesk' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('app-shell')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} · DineDesk`));
  });

  it('the expired-token page leads back to sign-in', async () => {
    mockApi();
    renderApp('/misc/expired-token');
    expect(await screen.findByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
  });

  it('unknown paths get a 404, signed in too', async () => {
    signInAs();
    mockApi();
    renderApp('/apps/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});

describe('/access-control ( demo roles)', () => {
  it('shows every card to a super admin (manage all) and previews the demo client', async () => {
    // Owners no longer have manage all (docs/decisions/0003); the super admin still does.
    signInAs({ role: 'super_admin', ability: [{ action: 'manage', subject: 'all' }] });
    mockApi();
    renderApp('/access-control');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Access control' })).toBeInTheDocument();
    expect(screen.getByTestId('acl-common')).toBeInTheDocument();
    expect(screen.getByTestId('acl-client')).toBeInTheDocument();
    expect(screen.getByTestId('acl-admin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Demo client' }));
    expect(screen.getByTestId('acl-client')).toBeInTheDocument();
    expect(screen.queryByTestId('acl-admin')).not.toBeInTheDocument();
    const rules = within(screen.getByTestId('acl-rules')).getAllByRole('row').map((row) => row.textContent);
    expect(rules).toEqual(['readACL', 'readAuth']);

    await user.click(screen.getByRole('button', { name: 'Demo admin' }));
    expect(screen.getByTestId('acl-admin')).toBeInTheDocument();
  });

  it('a user who may read ACL but not manage all sees the client cards only', async () => {
    signInAs({ role: 'viewer', ability: [{ action: 'read', subject: 'ACL' }, { action: 'read', subject: 'Auth' }] });
    mockApi();
    renderApp('/access-control');
    expect(await screen.findByTestId('acl-client')).toBeInTheDocument();
    expect(screen.queryByTestId('acl-admin')).not.toBeInTheDocument();
  });

  it('is not authorized without read ACL', async () => {
    signInAs({ role: 'agent', ability: [{ action: 'read', subject: 'Review' }] });
    mockApi();
    renderApp('/access-control');
    expect(await screen.findByRole('heading', { name: 'You are not authorized' })).toBeInTheDocument();
  });
});

describe('/page-layout/*', () => {
  it('collapse-menu shows the menu collapsed without changing the stored setting', async () => {
    setViewportWidth(1280);
    signInAs();
    mockApi();
    renderApp('/page-layout/collapse-menu');
    expect(await screen.findByRole('heading', { name: 'Collapsed menu' })).toBeInTheDocument();
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-menu-collapsed', 'true');
    expect(localStorage.getItem('menuCollapsed')).toBeNull();
  });

  it('layout-boxed boxes the content', async () => {
    setViewportWidth(1280);
    signInAs();
    mockApi();
    renderApp('/page-layout/layout-boxed');
    expect(await screen.findByRole('heading', { name: 'Boxed layout' })).toBeInTheDocument();
    expect(document.getElementById('main-content')?.parentElement).toHaveStyle({ maxWidth: '1440px' });
  });

  it('without-menu has no menu, not even the phone drawer button', async () => {
    setViewportWidth(1280);
    signInAs();
    mockApi();
    renderApp('/page-layout/without-menu');
    expect(await screen.findByRole('heading', { name: 'Without menu' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.getByTestId('navbar')).toBeInTheDocument();
  });

  it('layout-empty is the full shell with an empty content area', async () => {
    setViewportWidth(1280);
    signInAs();
    mockApi();
    renderApp('/page-layout/layout-empty');
    expect(await screen.findByRole('heading', { name: 'Empty layout' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByTestId('footer')).toBeInTheDocument();
  });

  it('layout-blank has no menu, navbar or footer but still needs a session', async () => {
    signInAs();
    mockApi();
    const view = renderApp('/page-layout/layout-blank');
    expect(await screen.findByTestId('blank-layout')).toBeInTheDocument();
    expect(screen.queryByTestId('app-shell')).not.toBeInTheDocument();
    expect(screen.queryByTestId('navbar')).not.toBeInTheDocument();
    view.unmount();

    localStorage.clear();
    const { loadSessionFromStorage } = await import('../lib/session-store.ts');
    loadSessionFromStorage();
    const signedOut = renderApp('/page-layout/layout-blank');
    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
    expect(signedOut.location.current?.pathname).toBe('/login');
  });
});

describe('demo routes', () => {
  it('every demo page has its screen (demo/screens.ts) or a route of its own: none is left "coming soon"', () => {
    const ownRoutes = /^\/(misc\/|access-control$|page-layout\/)/;
    expect(DEMO_PAGES.filter((page) => !demoScreenFor(page.link) && !ownRoutes.test(page.link)).map((page) => page.link)).toEqual([]);
  });

  it('a showcase page renders its screen in the shell', async () => {
    signInAs();
    mockApi();
    renderApp('/charts/recharts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Charts' })).toBeInTheDocument();
    expect(screen.getByTestId('app-shell')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Coming soon' })).not.toBeInTheDocument();
  });
});

describe('ripple (time-out 500 ms)', () => {
  it('runs the ripple animation for RIPPLE_TIMEOUT_MS', async () => {
    expect(RIPPLE_TIMEOUT_MS).toBe(500);
    render(
      <ThemeProvider theme={theme}>
        <Button>Ripple</Button>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Ripple' });
    fireEvent.mouseDown(button, { clientX: 10, clientY: 10 });
    const ripple = await waitFor(() => {
      const element = button.querySelector('.MuiTouchRipple-rippleVisible');
      if (!element) throw new Error('no ripple yet');
      return element;
    });
    expect(getComputedStyle(ripple).animationDuration).toBe('500ms');
    fireEvent.mouseUp(button);
    const leaving = await waitFor(() => {
      const element = button.querySelector('.MuiTouchRipple-childLeaving');
      if (!element) throw new Error('not leaving yet');
      return element;
    });
    expect(getComputedStyle(leaving).animationDuration).toBe('500ms');
  });
});
