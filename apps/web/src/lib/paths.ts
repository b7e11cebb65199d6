/**
 * Route paths shared by the router, the menu and features (spec §2). Features import paths
 * from here rather than from each other or from `app/`.
 */
export const PATHS = {
  /** The Overview (issue #14). */
  home: '/',
  login: '/login',
  reviews: '/apps/reviews_and_complaints/reviews',
  inbox: '/apps/reviews_and_complaints/inbox',
  /** Complaints (issue #12); `?complaint=<id>` opens one. */
  complaints: '/apps/reviews_and_complaints/complaints',
  /** Tickets (issue #12); `?ticket=<id>` opens one. The menu reloads the page for it (spec §2). */
  tickets: '/apps/reviews_and_complaints/tickets',
  /** Facebook connections; the Login popup lands here with `?longToken=success|failed` (spec §2). */
  facebookConnect: '/apps/reviews_and_reputation/facebook',
  expiredToken: '/misc/expired-token',
  comingSoon: '/misc/coming-soon',
  notAuthorized: '/misc/not-authorized',
  maintenance: '/misc/maintenance',
  error: '/misc/error',
  accessControl: '/access-control',
  /** Issue #4: invited users choose a password here (public). */
  setPassword: '/set-password',
  usersAccess: '/apps/access-control/users',
  clientOnboarding: '/apps/access-control/client-onboarding',
} as const;

/**
 * The path to return to after sign-in, from `?next=`. Only same-site absolute paths are
 * accepted (no `//host` or `https:`), so the parameter cannot send users to another site.
 * Without one, `/`: the Overview, or for a user who may not read it their first screen
 * (app/product-area.tsx, issue #14).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return PATHS.home;
  if (next.startsWith(PATHS.login)) return PATHS.home;
  return next;
}

/** `/login?next=<path>` for a signed-out visit to `path` (the route guard, spec §4). */
export function loginPathFor(path: string): string {
  if (!path || path === PATHS.home) return PATHS.login;
  return `${PATHS.login}?next=${encodeURIComponent(path)}`;
}
