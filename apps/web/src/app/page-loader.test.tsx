/**
 * The loader of the first lazy chunk ("no blank white screen between sign-in and the
 * shell: show a shell skeleton"): a skeleton of the shell, in the stored layout, for a signed-in
 * visit of a product route; a thin bar anywhere else.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../lib/paths.ts';
import { signInAs } from '../testing/fixtures.ts';
import { setViewportWidth } from '../testing/viewport.ts';
import { PageLoader } from './page-loader.tsx';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PageLoader />
    </MemoryRouter>,
  );
}

/** The skeleton's side menu: the first child of the skeleton, when it has a width. */
const sideMenuWidth = () => (screen.getByTestId('shell-skeleton').firstElementChild as HTMLElement).style.width;

describe('PageLoader', () => {
  it('shows the shell skeleton, busy and named, to a signed-in visitor of a product screen', () => {
    setViewportWidth(1350);
    signInAs();
    renderAt(PATHS.reviews);

    const skeleton = screen.getByTestId('shell-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBe(skeleton);
    expect(sideMenuWidth()).toBe('264px');
  });

  it('follows the stored layout: a collapsed menu, the dark skin', () => {
    setViewportWidth(1350);
    localStorage.setItem('menuCollapsed', 'true');
    localStorage.setItem('skin', 'dark');
    signInAs();
    renderAt(PATHS.inbox);

    expect(sideMenuWidth()).toBe('76px');
    expect(screen.getByTestId('shell-skeleton')).toHaveStyle({ background: '#161d31' });
  });

  it('has no side menu on a phone', () => {
    setViewportWidth(390);
    signInAs();
    renderAt(PATHS.reviews);

    expect(sideMenuWidth()).toBe('');
  });

  it.each([
    ['signed out, on a product route', PATHS.reviews, false],
    ['on the sign-in page', PATHS.login, true],
    ['on a full-page misc screen', PATHS.error, true],
  ])('shows only the top bar %s', (_name, path, signedIn) => {
    if (signedIn) signInAs();
    renderAt(path);

    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByTestId('shell-skeleton')).not.toBeInTheDocument();
  });
});
