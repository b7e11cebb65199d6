/**
 * @dinedesk/demo-data: the real restaurant data DineDesk seeds from, its header-based
 * loader, and the deterministic mapping of restaurants to demo clients and Graph ids.
 */
import { fileURLToPath } from 'node:url';

export * from './clock.ts';
export * from './ids.ts';
export * from './load.ts';
export * from './tenancy.ts';
export * from './time.ts';

/** The shipped data directory (used when SEED_DIR is unset). */
export const DEFAULT_SEED_DIR = fileURLToPath(new URL('../data/', import.meta.url));
