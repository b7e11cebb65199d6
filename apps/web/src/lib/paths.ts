/**
 * Route paths shared by the router, the menu and features (docs/requirements/routes.md). Features
 * import paths from here rather than from each other or from `app/`.
 */
export const PATHS = {
  /** The Overview. */
  home: '/',
  login: '/login',
  reviews: '/apps/reviews_and_complaints/reviews',
  inbox: '/apps/reviews_and_complaints/inbox',
  /** Complaints; `?complaint=<id>` opens one. */
  complaints: '/apps/reviews_and_complaints/complaints',
  /** Tickets; `?ticket=<id>` opens one. The menu reloads the page for it
   * (docs/requirements/routes.md). */
  tickets: '/apps/reviews_and_complaints/tickets',
  /** Facebook connections; the Login popup lands here with `?longToken=success|failed`
   * (docs/requirements/routes.md). */
  facebookConnect: '/apps/reviews_and_reputation/facebook',
  expiredToken: '/misc/expired-token',
  comingSoon: '/misc/coming-soon',
  notAuthorized: '/misc/not-authorized',
  maintenance: '/misc/maintenance',
  error: '/misc/error',
  accessControl: '/access-control',
  /** invited users choose a password here (public). */
  setPassword: '/set-password',
  usersAccess: '/apps/access-control/users',
  clientOnboarding: '/apps/access-control/client-onboarding',
} as const;

/**
 * The path to return to after sign-in, from `?next=`. Only same-site absolute paths are
 * accepted (no `//host` or `https:`), so the parameter cannot send users to another site.
 * Without one, `/`: the Overview, or for a user who may not read it their first screen
 * (app/product-area.tsx).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return PATHS.home;
  if (next.startsWith(PATHS.login)) return PATHS.home;
  return next;
}

/** `/login?next=<path>` for a signed-out visit to `path` (the route guard,
 * docs/requirements/states.md). */
export function loginPathFor(path: string): string {
  if (!path || path === PATHS.home) return PATHS.login;
  return `${PATHS.login}?next=${encodeURIComponent(path)}`;
}
