import { describe, expect, it } from 'vitest';
import { loginPathFor, PATHS, safeNextPath } from './paths.ts';

describe('safeNextPath', () => {
  it.each([
    [null, PATHS.reviews],
    ['', PATHS.reviews],
    ['/', PATHS.reviews],
    ['/login?next=/x', PATHS.reviews],
    ['//evil.example/path', PATHS.reviews],
    ['/\\evil.example', PATHS.reviews],
    ['https://evil.example', PATHS.reviews],
    ['javascript:alert(1)', PATHS.reviews],
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
