/**
 * Which server test files run on which database engine (read by vitest.config.ts; the reasons
 * and the measurements are in docs/decisions/0016 "Which engine runs what").
 *
 * - The main project runs every server test file once, on {@link MAIN_ENGINE}.
 * - The parity project runs on the other engine what can differ between the two:
 *   every repository's SQL ({@link REPOSITORY_PARITY}: each repository file and the test files
 *   that drive its statements through its routes), the tests whose subject is the engine
 *   ({@link ENGINE_TESTS}), and the tests only one engine can run ({@link POSTGRES_ONLY},
 *   {@link PGLITE_ONLY}).
 * Paths are relative to apps/server. `engines.test.ts` keeps the table complete: a new
 * repository without a parity file, or a listed file that is gone, fails it.
 */

/** The engine of the main project. */
export const MAIN_ENGINE = 'pglite' as 'pglite' | 'postgres';
export const PARITY_ENGINE: 'pglite' | 'postgres' = MAIN_ENGINE === 'postgres' ? 'pglite' : 'postgres';

/**
 * Each repository (the only files that write SQL, with the job queue) → the test files that run
 * its statements through its module's routes. One or two per repository: the module's main file,
 * not its restart, realtime or hardening variants, which test processes and timing rather than
 * statements.
 */
export const REPOSITORY_PARITY: Record<string, readonly string[]> = {
  'src/modules/access/access.repository.ts': ['src/modules/access/auth.test.ts', 'src/modules/access/access-cache.test.ts'],
  'src/modules/access/invitations.repository.ts': ['src/modules/tenancy/tenancy.test.ts'],
  'src/modules/access/recipients.repository.ts': ['src/modules/access/recipients.test.ts'],
  'src/modules/ads/ads.repository.ts': ['src/modules/ads/ads.test.ts'],
  'src/modules/automation/automation.repository.ts': ['src/modules/automation/automation.test.ts', 'src/modules/automation/automation.messages.test.ts'],
  'src/modules/comments/comments.repository.ts': ['src/modules/comments/comments.test.ts'],
  'src/modules/competitors/competitors.repository.ts': ['src/modules/competitors/competitors.test.ts'],
  'src/modules/complaints/complaints.repository.ts': ['src/modules/complaints/complaints.test.ts'],
  'src/modules/google/google.repository.ts': ['src/modules/google/google.test.ts'],
  'src/modules/inbox/inbox.repository.ts': ['src/modules/inbox/inbox.test.ts'],
  'src/modules/inbox/webhook.repository.ts': ['src/modules/inbox/webhook.intake.test.ts'],
  'src/modules/instagram/instagram.repository.ts': ['src/modules/instagram/instagram.test.ts'],
  'src/modules/jobs/jobs.repository.ts': ['src/modules/jobs/jobs.test.ts'],
  'src/modules/menu/menu.repository.ts': ['src/modules/menu/menu.test.ts'],
  'src/modules/meta/meta.repository.ts': ['src/modules/meta/facebook-connect.test.ts'],
  'src/modules/orders/orders.repository.ts': ['src/modules/orders/orders.test.ts'],
  'src/modules/overview/overview.repository.ts': ['src/modules/overview/overview.test.ts'],
  'src/modules/reporting/data-tracker.repository.ts': ['src/modules/reporting/data-tracker.test.ts'],
  'src/modules/reporting/reporting.repository.ts': ['src/modules/reporting/reporting.test.ts'],
  'src/modules/reports/reports.repository.ts': ['src/modules/reports/reports.test.ts'],
  'src/modules/reviews/reviews.repository.ts': ['src/modules/reviews/reviews.test.ts', 'src/modules/reviews/review-export.test.ts', 'src/modules/reviews/reply-templates.test.ts', 'src/modules/reviews/reviews-sunset.test.ts'],
  'src/modules/tenancy/tenancy.repository.ts': ['src/modules/tenancy/tenancy.test.ts'],
  'src/modules/tickets/tickets.repository.ts': ['src/modules/tickets/tickets.test.ts', 'src/db/demo-clock.test.ts'],
};

/**
 * Tests whose subject is the engine, with branches by engine: the job queue's own SQL (pg-boss
 * schema, transactions), reopening a database and migrating it again, and the restart tests
 * (PostgreSQL runs two servers at once on one database, PGlite one after the other).
 */
export const ENGINE_TESTS: readonly string[] = [
  'src/lib/jobs.test.ts',
  'src/modules/reviews/reviews.persistence.test.ts',
  'src/modules/automation/automation.restart.test.ts',
  'src/modules/tickets/tickets.restart.test.ts',
  'src/modules/reports/reports.restart.test.ts',
];

/** Several processes on one database, and drills that stop PostgreSQL: PostgreSQL only. */
export const POSTGRES_ONLY: readonly string[] = ['src/**/*.scaleout.test.ts', 'src/**/*.drill.test.ts'];

/** The server as a process on its default engine, with its DATA_DIR lock: PGlite only. */
export const PGLITE_ONLY: readonly string[] = ['src/process.test.ts'];

/** What the parity project includes (globs relative to apps/server). */
export function parityFiles(): string[] {
  const only = PARITY_ENGINE === 'postgres' ? POSTGRES_ONLY : PGLITE_ONLY;
  return [...new Set([...Object.values(REPOSITORY_PARITY).flat(), ...ENGINE_TESTS, ...only])].sort();
}

/** What the main project leaves out: the other engine's own tests. */
export function mainExcludes(): string[] {
  return [...(MAIN_ENGINE === 'postgres' ? PGLITE_ONLY : POSTGRES_ONLY)];
}
