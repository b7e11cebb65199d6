/**
 * Google Business Profile connect (`construct-fb-auth-url?authType=google`;
 * docs/decisions/0024): Google's consent page in the same 700x800 popup as Facebook Login. The
 * popup lands on the connections screen with `?googleToken=success|failed`, which reports to
 * this window like a Facebook result does (facebook-connect.ts: `reportToOpener`,
 * `useConnectResults`).
 *
 * Its own module, not facebook-connect.ts: only the connections screen starts a Google connect,
 * and that module is on the Reviews screen's first paint.
 */
import { API, ZConstructFbAuthUrlResponse } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { openConnectPopup } from './facebook-connect.ts';
import { reviewKeys } from './keys.ts';

const POPUP_NAME = 'dinedesk-google-login';

/**
 * Starts a Google connect (or a Reconnect: Google's consent is the same) in the popup.
 * Resolves once the popup is on its way to Google; the result arrives through
 * `useConnectResults`, or, if the popup is closed without one, the Google connections are
 * refreshed when it closes.
 * @throws {ApiError} when DineDesk refuses to start (e.g. 403 for a role that may not connect)
 */
export function useStartGoogleConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { url } = await getJson(API.constructFbAuthUrl, ZConstructFbAuthUrlResponse, { authType: 'google' });
      return { popup: openConnectPopup(url, POPUP_NAME, () => void queryClient.invalidateQueries({ queryKey: reviewKeys.googleConnections() })) };
    },
  });
}
