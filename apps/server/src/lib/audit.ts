import type { Db } from '../db/client.ts';
import { schema } from '../db/client.ts';

/** One row of the audit log: who did what to which target, in which client. */
export interface AuditEntry {
  clientId: string | null;
  actorUserId: string | null;
  /** Dotted verb, e.g. `role.changed`, `invitation.accepted`, `review.reply`. */
  action: string;
  /** `kind:id`, e.g. `user:<uuid>`, `review:42`. */
  target: string;
  details?: Record<string, unknown>;
  /** Defaults to the database's `now()`. */
  at?: Date;
}

/**
 * Writes one audit row: the only writer of `audit_log`, so every entry has the same
 * shape. Pass the transaction of the change it records, so the row commits or rolls back with it.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({ ...entry, details: entry.details ?? {} });
}
