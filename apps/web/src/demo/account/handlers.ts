/**
 * MSW handlers of the account-settings demo (docs/requirements/calls.md), typed with the schema's
 * types:
 * - `GET /account-setting/data` → the settings;
 * - `POST /account-setting/update {general?, info?, social?, notification?}` → the settings
 *   after replacing each section sent (this app's addition); a bad or missing section → 400
 *   `{ message }` naming the field. Changes are saved to the area's {@link DemoState}.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { AccountDb } from './data.ts';
import { ACCOUNT_API, ZAccountUpdate, type TAccountError, type TAccountSettings } from './schema.ts';

/** "info.website: Invalid URL" from the first zod issue. */
function describeIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  return `${field}: ${issue?.message ?? 'invalid'}`;
}

/** The account handlers over `state`. */
export function createAccountHandlers(state: DemoState<AccountDb>): RequestHandler[] {
  const db = state.data;
  return [
    http.get<never, never, TAccountSettings>(ACCOUNT_API.data, () => HttpResponse.json(structuredClone(db.settings))),

    http.post<never, DefaultBodyType, TAccountSettings | TAccountError>(ACCOUNT_API.update, async ({ request }) => {
      const parsed = ZAccountUpdate.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return HttpResponse.json({ message: describeIssue(parsed.error.issues) }, { status: 400 });
      db.settings = { ...db.settings, ...parsed.data };
      state.save();
      return HttpResponse.json(structuredClone(db.settings));
    }),
  ];
}
