/**
 * `GET /api/logout` (docs/requirements/calls.md). A 401 here does not redirect to expired-token
 * (docs/requirements/errors.md), and the local session ends whatever the server answers (see
 * use-logout.ts).
 */
import { API } from '@dinedesk/contracts';
import { apiGet } from '../../../lib/api-client.ts';

export async function logout(): Promise<void> {
  await apiGet(API.logout);
}
