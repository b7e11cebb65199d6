/**
 * The current time, refreshed every `periodMs` (default one minute): enough for "5 min ago"
 * and for the reply-window countdown, which shows minutes (docs/requirements/screen-contents.md
 * Inbox countdown).
 */
import { useEffect, useState } from 'react';

export const MINUTE_MS = 60_000;

export function useNow(periodMs: number = MINUTE_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), periodMs);
    return () => window.clearInterval(timer);
  }, [periodMs]);
  return now;
}
