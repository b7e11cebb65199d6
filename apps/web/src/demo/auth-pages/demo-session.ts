/**
 * The demo sign-in's session, kept apart from the product's (docs/requirements/data.md stores the
 * product's `accessToken`, `email`, `userData`; the template's mock would write the same names):
 * one sessionStorage entry, `dinedesk.demo.session.v1`, holding `{ userData, accessToken,
 * refreshToken }`. Nothing here reads or writes the product's keys, its session store or its
 * cookies, so signing in or out of the demo never changes who is signed in to DineDesk.
 *
 * sessionStorage, like the demo data (mock/session-state.ts): the users registered in a tab
 * live as long as the tab, so a demo session must not outlive them.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { ZDemoUserData, type TDemoUserData } from './schema.ts';

/** The storage key of the demo session. */
export const DEMO_SESSION_KEY = 'dinedesk.demo.session.v1';

const ZDemoSession = z.object({
  userData: ZDemoUserData,
  accessToken: z.string(),
  /** Null after a registration: the register call answers no refresh token
   * (docs/requirements/calls.md). */
  refreshToken: z.string().nullable(),
});

export type DemoSession = z.infer<typeof ZDemoSession>;

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: DemoSession | null } = { raw: null, session: null };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The stored demo session, or null (none, or unreadable). */
export function readDemoSession(): DemoSession | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(DEMO_SESSION_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw === cached.raw) return cached.session;
  let session: DemoSession | null = null;
  if (raw !== null) {
    try {
      const parsed = ZDemoSession.safeParse(JSON.parse(raw));
      session = parsed.success ? parsed.data : null;
    } catch {
      session = null;
    }
  }
  cached = { raw, session };
  return session;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** Stores a demo session (after login, register or refresh). */
export function startDemoSession(session: DemoSession): void {
  try {
    storage()?.setItem(DEMO_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Without storage the session lasts until the page is left; nothing else depends on it.
  }
  notify();
}

/** Ends the demo session (the product's is left alone). */
export function endDemoSession(): void {
  try {
    storage()?.removeItem(DEMO_SESSION_KEY);
  } catch {
    // see startDemoSession
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current demo session, re-rendering on sign-in and sign-out. */
export function useDemoSession(): DemoSession | null {
  return useSyncExternalStore(subscribe, readDemoSession, () => null);
}

/**
 * When `token` expires (its `exp` claim, seconds since the epoch), or null when it has none or
 * cannot be read. Only reads the payload, never verifies it (the mock does that): a few lines
 * rather than jose's `decodeJwt`, so jose stays in the mock's chunk.
 */
export function tokenExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

/** Display name of a demo user: the full name, or the username for a new registration. */
export function demoUserName(user: TDemoUserData): string {
  return user.fullName || user.username;
}
