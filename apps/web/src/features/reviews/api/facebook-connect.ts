/**
 * Facebook connect (docs/requirements/calls.md `construct-fb-auth-url`; docs/decisions/0022): the
 * Login popup and its result. The accounts list is `get-accounts.ts` (only the connections screen
 * needs its schemas; this module is on the Reviews screen's first paint, for its banners).
 *
 * The popup (700x800, docs/requirements/constants.md) is opened on the click itself, before the
 * dialog URL is known, so popup blockers let it through; it is then sent to Facebook. Facebook
 * sends it back to the server's callback, which lands it on
 * `/apps/reviews_and_reputation/facebook?longToken=…`; that screen, seeing it runs in the popup,
 * posts the result to this window and closes ({@link reportToOpener}). Where the popup is blocked
 * the whole window goes to Facebook and comes back to the same screen.
 *
 * Google Business Profile connects through the same popup and landing screen
 * (`?googleToken=…`, docs/decisions/0024); its start is `google-connect.ts`, kept out of this
 * module because this one is on the Reviews screen's first paint.
 */
import { API, FACEBOOK_CONNECT_ROUTE, FACEBOOK_LOGIN_POPUP, ZConstructFbAuthUrlResponse } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

/** The message the landing screen in the popup posts to the window that opened it. */
export const CONNECT_MESSAGE = 'dinedesk:facebook-connect';
const POPUP_NAME = 'dinedesk-facebook-login';

/** Window features of the centred 700x800 popup (docs/requirements/constants.md). */
export function popupFeatures(): string {
  const { width, height } = FACEBOOK_LOGIN_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens `url` in the 700x800 connect popup, or sends the whole window there when the popup is
 * blocked. Must run within the click's user activation. `onClosed` runs once the popup is gone,
 * whether or not it reported a result (the link to it may be lost on the way).
 * @returns whether a popup opened
 */
export function openConnectPopup(url: string, name: string, onClosed: () => void): boolean {
  // Opened with its final URL, within the click's user activation: an about:blank popup sent
  // on afterwards would lose its opener on the way back (COOP, docs/decisions/0022).
  const popup = window.open(url, name, popupFeatures());
  if (!popup) {
    window.location.assign(url);
    return false;
  }
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(timer);
    onClosed();
  }, 500);
  return true;
}

/**
 * Starts Facebook Login in a popup. `rerequest` asks again for permissions declined before
 * (what a Reconnect after "permissions removed" needs). Resolves once the popup is on its way
 * to Facebook; the result arrives through {@link useConnectResults}, or, if the popup is closed
 * without one, the accounts are refreshed when it closes.
 * @throws {ApiError} when DineDesk refuses to start (e.g. 403 for a role that may not connect)
 */
export function useStartFacebookConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rerequest }: { rerequest: boolean }) => {
      const { url } = await getJson(API.constructFbAuthUrl, ZConstructFbAuthUrlResponse, { authType: 'facebook', ...(rerequest ? { rerequest: 'true' } : {}) });
      return { popup: openConnectPopup(url, POPUP_NAME, () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all })) };
    },
  });
}

/** Result of a Facebook connect as the landing route's query says it. */
export interface FacebookConnectResult {
  longToken: 'success' | 'failed';
  reason: string | null;
  pages: number | null;
}

/** Result of a Google connect (`googleToken`, reasons of GOOGLE_CONNECT_FAILURES). */
export interface GoogleConnectResult {
  googleToken: 'success' | 'failed';
  reason: string | null;
}

/** Result of a connect as the landing route's query says it. */
export type ConnectResult = FacebookConnectResult | GoogleConnectResult;

const isOutcome = (v: string | null): v is 'success' | 'failed' => v === 'success' || v === 'failed';

/** Reads the landing route's result (`longToken` or `googleToken`); null when there is none. */
export function parseConnectResult(search: URLSearchParams): ConnectResult | null {
  const longToken = search.get('longToken');
  const reason = search.get('reason');
  if (isOutcome(longToken)) {
    const pages = Number(search.get('pages'));
    return { longToken, reason, pages: Number.isInteger(pages) && pages > 0 ? pages : null };
  }
  const googleToken = search.get('googleToken');
  return isOutcome(googleToken) ? { googleToken, reason } : null;
}

/**
 * In the popup: hands the result to the window that opened it and closes. @returns false when
 * this window is not such a popup (the result is shown here instead)
 */
export function reportToOpener(result: ConnectResult): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return false;
  try {
    opener.postMessage({ type: CONNECT_MESSAGE, result }, window.location.origin);
  } catch {
    return false;
  }
  window.close();
  return true;
}

/**
 * In the window that opened the popup: on a result (Facebook or Google), refreshes the
 * accounts, pages and Google connections, and shows the landing screen with it. Only messages
 * of this origin count.
 */
export function useConnectResults(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; result?: ConnectResult } | null;
      if (!data || data.type !== CONNECT_MESSAGE || !data.result) return;
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      // The landing query again (longToken or googleToken, reason, pages), without the empty parts.
      const q = new URLSearchParams();
      for (const [key, value] of Object.entries(data.result)) if (value) q.set(key, String(value));
      void navigate(`${FACEBOOK_CONNECT_ROUTE}?${q.toString()}`);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient, navigate]);
}
