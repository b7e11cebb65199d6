/**
 * Session state (docs/requirements/data.md: "Session state holds userData with a loggingOut flag").
 *
 * The store mirrors localStorage (storage.ts is the writer and announces changes), with the
 * stored `userData` validated by the contract schema: a value written by an older build, or
 * edited by hand, is treated as signed out, and the leftover keys are removed so guards and
 * the sign-in page agree. Server state does not belong here; it lives in TanStack Query.
 */
import { ZUserData, type TUserData } from '@dinedesk/contracts';
import { create } from 'zustand';
import {
  clearSessionStorage,
  isSessionKey,
  onSessionChange,
  readAccessToken,
  readStoredUserData,
  writeSession,
  writeUserData,
  type SessionEndReason,
} from './storage.ts';

export type { SessionEndReason } from './storage.ts';

export interface SessionState {
  /** The signed-in user, or null when signed out. */
  userData: TUserData | null;
  /** True between the logout click and the end of the session (docs/requirements/states.md). */
  loggingOut: boolean;
  /**
   * Why the last session ended. Route guards read it so that, when a session ends on a
   * product route, they send the user where the ending asked (expired-token page or /login)
   * rather than racing that navigation with their own `/login?next=` redirect.
   */
  endReason: SessionEndReason | null;
}

/** The validated stored user, or null (clearing half-written or invalid sessions). */
function storedUser(): TUserData | null {
  const token = readAccessToken();
  const parsed = ZUserData.safeParse(readStoredUserData());
  if (token && parsed.success) return parsed.data;
  if (token || readStoredUserData() !== null) clearSessionStorage('expired');
  return null;
}

export const useSessionStore = create<SessionState>()(() => ({
  userData: storedUser(),
  loggingOut: false,
  endReason: null,
}));

/** Re-reads localStorage into the store (another tab changed the session; tests). */
export function loadSessionFromStorage(): void {
  useSessionStore.setState({ userData: storedUser(), loggingOut: false, endReason: null });
}

onSessionChange((change) => {
  if (change.type === 'ended') {
    useSessionStore.setState({ userData: null, loggingOut: false, endReason: change.reason });
  }
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (isSessionKey(event.key)) loadSessionFromStorage();
  });
}

/** Starts a session after sign-in: persists the three keys, then publishes `userData`. */
export function startSession(accessToken: string, userData: TUserData): void {
  writeSession(accessToken, userData);
  useSessionStore.setState({ userData, loggingOut: false, endReason: null });
}

/** Refreshes `userData` (and so the abilities) from the server's answer
 * (docs/requirements/states.md). */
export function updateUserData(userData: TUserData): void {
  writeUserData(userData);
  useSessionStore.setState({ userData });
}

export function setLoggingOut(loggingOut: boolean): void {
  useSessionStore.setState({ loggingOut });
}

/** Ends the session locally: clears the stored keys; the store follows
 * (docs/requirements/states.md). */
export function clearSession(reason: SessionEndReason): void {
  clearSessionStorage(reason);
}
