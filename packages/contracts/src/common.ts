import { z } from 'zod';

/**
 * Body of every non-OK product response. The web client raises an error carrying `message`
 * for 400/403/500 and the whole body otherwise (docs/requirements/errors.md). `field` names the
 * offending input on validation failures (dotted path, e.g. `body.message`).
 */
export const ZErrorResponse = z.object({
  message: z.string(),
  field: z.string().optional(),
  code: z.string().optional(),
  /** Every invalid field of a validation failure (the first one is also in `message`/`field`). */
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** What the reply check found (`code: reply_check`, reviews.ts `ZReplyWarning`). */
  warnings: z.array(z.object({ code: z.string(), message: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** Keyset page of a list call: pass `nextCursor` back as `?cursor=` for the next page. */
export const ZPaging = z.object({ nextCursor: z.string().nullable() });
export type TPaging = z.infer<typeof ZPaging>;

/** ISO-8601 timestamp in UTC as sent on the wire. */
export const ZIsoTime = z.iso.datetime({ offset: true });

/**
 * Id of a DineDesk row (a PostgreSQL bigint identity, handled as a JS number) sent as a string
 * of digits. Bounded to 2^53 − 1: a longer id would be rounded to another row's id, and 19 or
 * more digits overflow bigint in PostgreSQL, so both are a 400 naming the field.
 * @param name the field name used in messages, e.g. `conversationId`
 */
export const ZRowId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^[1-9]\d{0,15}$/, `${name} must be an id (digits, no sign or leading zero)`)
    .refine((v) => Number.isSafeInteger(Number(v)), `${name} is out of range`);

/** Opaque cursor: base64url, bounded so a crafted one cannot blow up the parser. */
export const ZCursor = z.string().min(1).max(512).regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid');

export const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /**
   * The process's link to the other server processes (Redis, decision 0021): `off`
   * without REDIS_URL, `degraded` while Redis is unreachable. Degraded is not failing: the
   * process still serves reads, sends and sign-in; live updates reach its own sockets only until
   * the link is back, then every socket catches up.
   */
  redis: z.enum(['off', 'ok', 'degraded']),
  /**
   * Free space of DATA_DIR (docs/decisions/0016 "Free space while running"): `low` below
   * DISK_MIN_FREE_MB, while changes and imports answer 507 and jobs wait; reads still answer.
   */
  disk: z.enum(['ok', 'low']),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealth>;
