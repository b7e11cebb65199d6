/**
 * The client's audit log (`GET /api/audit-log`, Administration → Users & access), as the web
 * words it (docs/decisions/0008 "Audit history in words"). Its own entry,
 * `@dinedesk/contracts/audit`: only that screen reads it, so it stays out of the first paint.
 */
import { z } from 'zod';

/** Who did it: the user (their name now, or their email when they have none), or null for the system. */
export const ZAuditActor = z.object({ id: z.string().nullable(), name: z.string() }).nullable();

/** What it was done to: `kind` and `id` from the row (`user`, `outlet`, `review`, …), `name` as the client knows it, or null. */
export const ZAuditTarget = z.object({ kind: z.string(), id: z.string(), name: z.string().nullable() });

export const ZAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** Dotted verb, e.g. `access.updated`, `role.changed`, `review.reply` (lib/audit.ts). */
  action: z.string(),
  actor: ZAuditActor,
  target: ZAuditTarget,
  /** What the row recorded (ids, roles, before and after), as written. */
  details: z.record(z.string(), z.unknown()),
  /**
   * Names of the ids the details hold, keyed `brand:<id>`, `outlet:<id>`, `user:<id>`,
   * `page:<id>`, `rule:<id>`: only rows of this client (another client's id gets no name).
   */
  names: z.record(z.string(), z.string()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLogResponse = z.object({ data: z.array(ZAuditEntry) });
export type TAuditLogResponse = z.infer<typeof ZAuditLogResponse>;
