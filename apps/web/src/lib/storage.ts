/**
 * Browser storage of the session (spec §3: "Stored in the browser: accessToken, email,
 * userData"). The key names are part of the contract with the e2e suite and older builds,
 * so they are spelled exactly as the spec lists them.
 *
 * This module is the single writer of those keys and announces every change, so the session
 * store, the query cache and other listeners follow without this module importing them. It
 * has no zod on purpose: it is in the sign-in page's initial JavaScript; `userData` is
 * validated where it is read into the session store (session-store.ts).
 */

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  email: 'email',
  userData: 'userData',
  /** Layout preference (spec §3 "menuCollapsed"); survives sign-out on purpose. */
  menuCollapsed: 'menuCollapsed',
} as const;

/** The keys written at sign-in and removed on logout and on an expired session (spec §4). */
export const SESSION_KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.email, STORAGE_KEYS.userData] as const;

/** Why a session ended: a logout, or a 401 / token failure (spec §4, §5). */
export type SessionEndReason = 'logout' | 'expired';

export type SessionChange = { type: 'started' } | { type: 'updated' } | { type: 'ended'; reason: SessionEndReason };

type Listener = (change: SessionChange) => void;
const listeners = new Set<Listener>();

/** Subscribes to session changes made through this module; returns the unsubscribe. */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(change: SessionChange): void {
  for (const listener of [...listeners]) listener(change);
}

// Storage can throw (quota, disabled storage, Safari private mode). A session that cannot be
// persisted still works for the open tab, so failures are swallowed here, in one place.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* see above */
  }
}
function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* see above */
  }
}

/** The bearer token sent with every product call (spec §7), or null when signed out. */
export function readAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken) || null;
}

/** The stored email; its presence triggers the user-details fetch on start (spec §4). */
export function readEmail(): string | null {
  return read(STORAGE_KEYS.email) || null;
}

/** The stored `userData` as parsed JSON, unvalidated; null when missing or not JSON. */
export function readStoredUserData(): unknown {
  const raw = read(STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The shape written to `userData`; the session store validates it with `ZUserData`. */
interface StoredUserData {
  email: string;
}

/** Persists a fresh session: all three keys, the email taken from `userData` (spec §3, §4). */
export function writeSession(accessToken: string, userData: StoredUserData): void {
  write(STORAGE_KEYS.accessToken, accessToken);
  write(STORAGE_KEYS.email, userData.email);
  write(STORAGE_KEYS.userData, JSON.stringify(userData));
  emit({ type: 'started' });
}

/** Replaces the stored `userData` (after get-client-details answers, spec §4). */
export function writeUserData(userData: StoredUserData): void {
  write(STORAGE_KEYS.email, userData.email);
  write(STORAGE_KEYS.userData, JSON.stringify(userData));
  emit({ type: 'updated' });
}

/** Removes the session keys (logout and 401, spec §4); layout preferences are kept. */
export function clearSessionStorage(reason: SessionEndReason): void {
  for (const key of SESSION_KEYS) remove(key);
  emit({ type: 'ended', reason });
}

/** Whether a `storage` event (another tab) concerns the session; null key = storage cleared. */
export function isSessionKey(key: string | null): boolean {
  return key === null || (SESSION_KEYS as readonly string[]).includes(key);
}

/** Whether the side menu is collapsed (spec §3 `menuCollapsed`). */
export function readMenuCollapsed(): boolean {
  return read(STORAGE_KEYS.menuCollapsed) === 'true';
}

export function writeMenuCollapsed(collapsed: boolean): void {
  write(STORAGE_KEYS.menuCollapsed, String(collapsed));
}
