/**
 * Converts a zone-less local timestamp `YYYY-MM-DDTHH:MM:SS` to a UTC Date.
 * The shared data README states reviews are India time (+05:30) and orders UK time.
 * @param offsetMinutes the local zone's offset east of UTC, in minutes (India: 330)
 * @throws Error when the timestamp is not in that shape
 */
export function localToUtc(local: string, offsetMinutes: number): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) throw new Error(`not a local ISO timestamp: ${JSON.stringify(local)}`);
  const [, y, mo, d, h, mi, s] = m;
  const utcMs = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, s ? +s : 0) - offsetMinutes * 60_000;
  return new Date(utcMs);
}

export const INDIA_OFFSET_MINUTES = 330;
