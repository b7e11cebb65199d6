/**
 * MSW handler of the profile demo (docs/requirements/calls.md): `GET /profile/data` → the profile.
 * Read only: the page's likes and poll votes are the visitor's own, kept on the page
 * (docs/decisions/0032).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import { PROFILE_API, type TProfileData } from './schema.ts';

/** The profile handler over `state`. */
export function createProfileHandlers(state: DemoState<{ profile: TProfileData }>): RequestHandler[] {
  return [http.get<never, never, TProfileData>(PROFILE_API.data, () => HttpResponse.json(structuredClone(state.data.profile)))];
}
