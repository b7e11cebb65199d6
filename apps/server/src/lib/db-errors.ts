/**
 * Telling "the database is unreachable" apart from every other failure (the drill
 * "PostgreSQL restarts: requests fail fast with 503 and a clear message, then recover without a
 * server restart"). node-postgres reports a lost or refused connection as a socket error, a
 * shutdown as SQLSTATE 57P01–57P03, a broken connection as class 08, and a full pool as its
 * connect timeout; Drizzle wraps each in a DrizzleQueryError whose `cause` is pg's error.
 */

/** SQLSTATEs of a server going away or not accepting connections (PostgreSQL Appendix A). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** Messages pg and pg-pool use without a code (pg 8). */
const UNAVAILABLE_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i, /Connection ended unexpectedly/i];

/** True when `err`, or an error it wraps (`cause`, up to 5 deep), says the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is told to wait (`Retry-After`) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL unique violation (23505), also when drizzle wraps the driver error in `cause`. */
export function uniqueViolation(e: unknown): boolean {
  for (let err: unknown = e; err && typeof err === 'object'; err = (err as { cause?: unknown }).cause) {
    if ((err as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
