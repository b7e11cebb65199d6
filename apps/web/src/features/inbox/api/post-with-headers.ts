/**
 * A JSON POST that carries extra request headers, for the one inbox call that needs one
 * (`Idempotency-Key` on a send). `lib/api-client.ts` has no header option and is shared code
 * this feature does not change, so this module applies the same spec §8 rules for POST:
 *
 * - bearer token from storage; JSON body; 2xx and 302 are OK;
 * - a non-OK answer raises {@link ApiError} with the body's `message` (and `field`, `code`);
 * - a 401 also ends the session and goes to the expired-token page;
 * - no answer at all is an ApiError with status 0 and code `network`;
 * - the OK body is validated with the contract schema (code `invalid_response` otherwise).
 *
 * If the API client gains a `headers` option, this file can be replaced by `postJson`.
 */
import type { z } from 'zod';
import { ApiError, buildUrl, EXPIRED_TOKEN_PATH } from '../../../lib/api-client.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { clearSessionStorage, readAccessToken } from '../../../lib/storage.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(body: unknown, key: string): string | undefined {
  const value = isRecord(body) ? body[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

async function parseBody(res: Response): Promise<unknown> {
  const raw = await res.text();
  if (raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * POSTs `body` with `headers` added and validates the answer with `schema`.
 * @throws {ApiError} per spec §8 (status 0 / code `network` when the server was not reached).
 */
export async function postJsonWithHeaders<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  extraHeaders: Readonly<Record<string, string>>,
): Promise<z.output<S>> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json', ...extraHeaders });
  const token = readAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let res: Response;
  try {
    res = await fetch(buildUrl(path), { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new ApiError({
      message: 'Could not reach the DineDesk server. Check your connection and try again.',
      status: 0,
      body: null,
      code: 'network',
    });
  }
  const answer = await parseBody(res);
  const ok = (res.status >= 200 && res.status < 300) || res.status === 302;
  if (!ok) {
    if (res.status === 401) {
      clearSessionStorage('expired');
      navigateTo(EXPIRED_TOKEN_PATH);
    }
    const fallback = typeof answer === 'string' && answer.trim() ? answer.trim().slice(0, 500) : `Request failed with status ${res.status}`;
    throw new ApiError({
      message: text(answer, 'message') ?? fallback,
      status: res.status,
      body: answer,
      field: text(answer, 'field'),
      code: text(answer, 'code'),
    });
  }
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  throw new ApiError({
    message: 'Unexpected response from the server',
    status: res.status,
    body: answer,
    code: 'invalid_response',
  });
}
