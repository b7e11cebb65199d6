import { describe, expect, it } from 'vitest';
import { loginPathFor, PATHS, safeNextPath } from './paths.ts';

describe('safeNextPath', () => {
  it.each([
    [null, PATHS.home],
    ['', PATHS.home],
    ['/', PATHS.home],
    ['/login?next=/x', PATHS.home],
    ['//evil.example/path', PATHS.home],
    ['/\\evil.example', PATHS.home],
    ['https://evil.example', PATHS.home],
    ['javascript:alert(1)', PATHS.home],
    [PATHS.reviews, PATHS.reviews],
    ['/apps/reporting/live-menu?x=1', '/apps/reporting/live-menu?x=1'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});

describe('loginPathFor', () => {
  it('carries the requested path in ?next=', () => {
    expect(loginPathFor('/apps/a?b=1')).toBe('/login?next=%2Fapps%2Fa%3Fb%3D1');
    expect(loginPathFor('/')).toBe('/login');
  });
});
