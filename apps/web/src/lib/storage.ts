/**
 * Browser storage (docs/requirements/data.md: "Stored in the browser: accessToken, email, userData,
 * skin, menuCollapsed"). The key names are part of the contract with the e2e suite and older
 * builds, so the spec's ones are spelled exactly as the spec lists them.
 *
 * Two kinds of keys:
 * - session keys (`accessToken`, `email`, `userData`): this module is their single writer and
 *   announces every change, so the session store, the query cache and other listeners follow
 *   without this module importing them;
 * - preferences (layout settings and the language): survive sign-out on purpose, and are read
 *   and written through {@link readPreference} / {@link writePreference} by
 *   `layout-settings.ts` and `i18n.ts`, which validate the values.
 *
 * No zod on purpose: this module is in the sign-in page's initial JavaScript; `userData` is
 * validated where it is read into the session store (session-store.ts).
 */

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  email: 'email',
  userData: 'userData',
  /** Layout preferences (docs/requirements/data.md names `skin` and `menuCollapsed`; the rest are
   * ours). */
  skin: 'skin',
  menuCollapsed: 'menuCollapsed',
  menuLayout: 'menuLayout',
  contentWidth: 'contentWidth',
  navbarType: 'navbarType',
  navbarColor: 'navbarColor',
  footerType: 'footerType',
  direction: 'direction',
  /** UI language (docs/requirements/data.md: en, de, fr, pt). */
  language: 'language',
} as const;

/** A stored preference: every key except the session's. */
export type PreferenceKey = Exclude<keyof typeof STORAGE_KEYS, 'accessToken' | 'email' | 'userData'>;

/** The keys written at sign-in and removed on logout and on an expired session
 * (docs/requirements/states.md). */
export const SESSION_KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.email, STORAGE_KEYS.userData] as const;

/** Why a session ended: a logout, or a 401 / token failure (docs/requirements/states.md and
 * validation.md). */
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

/** The bearer token sent with every product call (docs/requirements/calls.md), or null when signed
 * out. */
export function readAccessToken(): string | null {
  return read(STORAGE_KEYS.accessToken) || null;
}

/** The stored email; its presence triggers the user-details fetch on start
 * (docs/requirements/states.md). */
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

/** Persists a fresh session: all three keys, the email taken from `userData`
 * (docs/requirements/data.md and states.md). */
export function writeSession(accessToken: string, userData: StoredUserData): void {
  write(STORAGE_KEYS.accessToken, accessToken);
  write(STORAGE_KEYS.email, userData.email);
  write(STORAGE_KEYS.userData, JSON.stringify(userData));
  emit({ type: 'started' });
}

/** Replaces the stored `userData` (after get-client-details answers,
 * docs/requirements/states.md). */
export function writeUserData(userData: StoredUserData): void {
  write(STORAGE_KEYS.email, userData.email);
  write(STORAGE_KEYS.userData, JSON.stringify(userData));
  emit({ type: 'updated' });
}

/** Removes the session keys (logout and 401, docs/requirements/states.md); layout preferences are
 * kept. */
export function clearSessionStorage(reason: SessionEndReason): void {
  for (const key of SESSION_KEYS) remove(key);
  emit({ type: 'ended', reason });
}

/** Whether a `storage` event (another tab) concerns the session; null key = storage cleared. */
export function isSessionKey(key: string | null): boolean {
  return key === null || (SESSION_KEYS as readonly string[]).includes(key);
}

/**
 * A stored preference as text, or null. Values are stored as plain strings (`dark`, `true`);
 * a JSON-quoted value as the template wrote it (`"dark"`) is unquoted, so either reads back.
 */
export function readPreference(key: PreferenceKey): string | null {
  const raw = read(STORAGE_KEYS[key]);
  if (raw === null) return null;
  return raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
}

/** Stores a preference; never touches the session keys. */
export function writePreference(key: PreferenceKey, value: string): void {
  write(STORAGE_KEYS[key], value);
}

/** The preference a `storage` event (another tab) concerns, or null. */
export function preferenceKeyOf(storageKey: string | null): PreferenceKey | null {
  if (storageKey === null) return null;
  const entry = Object.entries(STORAGE_KEYS).find(([, name]) => name === storageKey);
  if (!entry || (SESSION_KEYS as readonly string[]).includes(storageKey)) return null;
  return entry[0] as PreferenceKey;
}
