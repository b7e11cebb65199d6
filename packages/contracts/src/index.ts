/**
 * @dinedesk/contracts: zod schemas (Z…) and types (T…) of every API call and socket event.
 * Automation is its own entry, `@dinedesk/contracts/automation`: only its own screen loads it,
 * and through this barrel its schemas would land in every screen's first paint.
 */
export * from './auth.ts';
export * from './common.ts';
export * from './complaints.ts';
export * from './facebook-connect.ts';
export * from './google.ts';
export * from './inbox.ts';
export * from './jobs.ts';
export * from './mentions.ts';
export * from './paths.ts';
export * from './reviews.ts';
export * from './review-tools.ts';
export * from './tenancy.ts';
export * from './tickets.ts';
export * from './realtime.ts';
