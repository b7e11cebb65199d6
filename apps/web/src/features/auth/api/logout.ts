/**
 * `GET /api/logout` (spec §7). A 401 here does not redirect to expired-token (spec §8), and
 * the local session ends whatever the server answers (see use-logout.ts).
 */
import { API } from '@dinedesk/contracts';
import { apiGet } from '../../../lib/api-client.ts';

export async function logout(): Promise<void> {
  await apiGet(API.logout);
}
