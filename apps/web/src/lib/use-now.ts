import { useEffect, useState } from 'react';

/**
 * The time now (ms since the epoch), moved on every `intervalMs` while the caller is mounted:
 * ages and countdowns (a complaint's age, a ticket's SLA, a conversation's reply window) stay
 * true without a refetch. Shared by the complaints, tickets and Overview screens.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
