/** How a tab saves its section: the update call's answer, or null when it failed (the page says so). */
import type { TAccountSettings, TAccountUpdate } from '../schema.ts';

export type SaveSection = (update: TAccountUpdate) => Promise<TAccountSettings | null>;
