/**
 * HTTP client of every product call. It implements the status rules in docs/requirements/errors.md
 * and nothing else; features call it through one file per endpoint (`features/<f>/api/*.ts`).
 *
 * Rules (docs/requirements/calls.md and errors.md):
 * - Default method is POST with a JSON body; every call, GET included, sends
 *   `Authorization: Bearer <accessToken>` when a token is stored, and the UI language as
 *   `Accept-Language`, so messages written by the server (a refused password, a throttled
 *   sign-in) come in that language.
 * - 2xx and 302 are OK. 204 (and an empty body) gives `null`.
 * - A non-OK body is parsed as JSON when possible, else kept as text.
 * - 400, 403, 500 → {@link ApiError} whose message is the body's `message`.
 * - Any other non-OK status → {@link ApiError} carrying the body. A 401 also ends the session
 *   and redirects to /misc/expired-token, except on logout and on the login call itself (a
 *   wrong password is a 401 too and must stay on the sign-in page).
 * - {@link apiGet} returns 400 and 500 bodies as results instead of throwing; fetchers use
 *   {@link getJson}, which validates the result and turns an error body back into a throw.
 * - Network failure → ApiError with status 0.
 *
 * No zod and no React here: this module is part of the sign-in page's first download.
 */
import { API } from '@dinedesk/contracts';
import type { z } from 'zod';
import { currentLanguage } from './i18n.ts';
import { navigateTo } from './navigation.ts';
import { clearSessionStorage, readAccessToken } from './storage.ts';

/** Origin of the API; '' means same origin (production: the server also serves the SPA). */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** Where a 401 sends the user (docs/requirements/routes.md and states.md). */
export const EXPIRED_TOKEN_PATH = '/misc/expired-token';

/** Calls whose 401 is an answer, not an expired session (docs/requirements/errors.md names logout;
 * login added). */
const NO_EXPIRY_REDIRECT: ReadonlySet<string> = new Set([API.logout, API.login]);

/** Statuses whose error carries the body's `message` (docs/requirements/errors.md). */
const MESSAGE_STATUSES: ReadonlySet<number> = new Set([400, 403, 500]);

/** Statuses the GET helper returns as results (docs/requirements/errors.md). */
const GET_RESULT_STATUSES: ReadonlySet<number> = new Set([400, 500]);
const NO_STATUSES: ReadonlySet<number> = new Set();

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiErrorInit {
  message: string;
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  /** The parsed response body (JSON value or text), null when there was none. */
  body: unknown;
  /** The offending input on validation errors (`ZErrorResponse.field`). */
  field?: string | undefined;
  /** Machine-readable reason: the server's `code`, or `network` / `invalid_response`. */
  code?: string | undefined;
}

/** The error every failed product call throws (docs/requirements/errors.md). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly field: string | undefined;
  readonly code: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.field = init.field;
    this.code = init.code;
  }
}

export interface RequestOptions {
  /** Defaults to POST (docs/requirements/calls.md). */
  method?: HttpMethod;
  /** Sent as JSON; omitted when undefined. */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on an inbox send. */
  headers?: Readonly<Record<string, string>>;
}

interface RawResponse {
  status: number;
  body: unknown;
}

/** Builds `base + path + ?query`, skipping empty values so optional filters vanish. */
export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE_URL}${path}${qs ? `?${qs}` : ''}`;
}

function isOk(status: number): boolean {
  return (status >= 200 && status < 300) || status === 302;
}

/** JSON when the text parses as JSON, otherwise the text; null for no content. */
async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return null;
  const text = await res.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(body: unknown, key: string): string | undefined {
  if (!isRecord(body)) return undefined;
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}

/** The `message` of an error body, or a text body itself, or a generic fallback. */
function messageOf(body: unknown, status: number): string {
  const message = stringField(body, 'message');
  if (message) return message;
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 500);
  return `Request failed with status ${status}`;
}

function errorFrom(status: number, body: unknown): ApiError {
  return new ApiError({
    message: messageOf(body, status),
    status,
    body,
    field: stringField(body, 'field'),
    code: stringField(body, 'code'),
  });
}

/** docs/requirements/states.md and errors.md: a 401 clears the stored session (listeners drop the
 * user and the cache). */
function expireSession(): void {
  clearSessionStorage('expired');
  navigateTo(EXPIRED_TOKEN_PATH);
}

/** Applies the non-OK rules in docs/requirements/errors.md; `allowed` statuses are returned instead
 * of thrown. */
function settle(path: string, raw: RawResponse, allowed: ReadonlySet<number>): RawResponse {
  const { status, body } = raw;
  if (isOk(status) || allowed.has(status)) return raw;
  if (MESSAGE_STATUSES.has(status)) throw errorFrom(status, body);
  if (status === 401 && !NO_EXPIRY_REDIRECT.has(path)) expireSession();
  throw errorFrom(status, body);
}

async function send(path: string, options: RequestOptions): Promise<RawResponse> {
  const method = options.method ?? 'POST';
  const headers = new Headers({ ...options.headers, Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = readAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined && method !== 'GET') {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(options.body);
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), init);
  } catch (cause) {
    // A cancelled query is not a failure: let TanStack Query see the AbortError it expects.
    if (options.signal?.aborted) throw cause;
    throw new ApiError({
      message: 'Could not reach the DineDesk server. Check your connection and try again.',
      status: 0,
      body: null,
      code: 'network',
    });
  }
  return { status: res.status, body: await parseBody(res) };
}

/**
 * Sends one product call and returns its parsed body (null for 204).
 * @throws {ApiError} on every non-OK status (docs/requirements/errors.md) and on network failure
 *                    (status 0).
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const raw = await send(path, options);
  return settle(path, raw, NO_STATUSES).body;
}

/**
 * GETs a file (an export) with the session's bearer token, as a Blob.
 * @throws {ApiError} on a non-OK status (with the server's message) or network failure
 */
export async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const token = readAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(buildUrl(path), { method: 'GET', headers, credentials: 'same-origin', ...(signal ? { signal } : {}) });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ message: 'Could not reach the DineDesk server. Check your connection and try again.', status: 0, body: null, code: 'network' });
  }
  if (!isOk(res.status)) settle(path, { status: res.status, body: await parseBody(res) }, NO_STATUSES);
  return res.blob();
}

async function getRaw(path: string, query?: QueryParams, signal?: AbortSignal): Promise<RawResponse> {
  const options: RequestOptions = { method: 'GET' };
  if (query) options.query = query;
  if (signal) options.signal = signal;
  return settle(path, await send(path, options), GET_RESULT_STATUSES);
}

/**
 * The GET helper in docs/requirements/errors.md: returns the body of OK, 400 and 500 answers.
 * @throws {ApiError} on 403, 401 (after the expiry redirect), other statuses and network failure.
 */
export async function apiGet(path: string, query?: QueryParams, signal?: AbortSignal): Promise<unknown> {
  return (await getRaw(path, query, signal)).body;
}

/** POSTs `body` as JSON (docs/requirements/calls.md default). */
export async function apiPost(path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
  const options: RequestOptions = { method: 'POST', body };
  if (signal) options.signal = signal;
  return apiRequest(path, options);
}

/** Validates a settled answer; an unexpected `{message}` body is raised as that message. */
function validate<S extends z.ZodType>(raw: RawResponse, schema: S): z.output<S> {
  const parsed = schema.safeParse(raw.body);
  if (parsed.success) return parsed.data;
  if (stringField(raw.body, 'message')) throw errorFrom(raw.status, raw.body);
  const where = parsed.error.issues.map((issue) => issue.path.join('.') || issue.message).join(', ');
  throw new ApiError({
    message: `Unexpected response from the server (${where})`,
    status: raw.status,
    body: raw.body,
    code: 'invalid_response',
  });
}

/**
 * GETs `path` and validates the answer with its contract `schema`.
 *
 * Because {@link apiGet} hands 400/500 bodies back as results (docs/requirements/errors.md), a
 * fetcher would otherwise cache `{message}` as if it were data. Here a 400/500 answer, or an OK
 * answer whose body is `{message}` instead of the expected shape (get-client-details says "Token
 * has expired" that way, docs/requirements/validation.md), becomes an {@link ApiError} carrying
 * that message.
 * @throws {ApiError} as above, with code `invalid_response` for any other mismatch.
 */
export async function getJson<S extends z.ZodType>(
  path: string,
  schema: S,
  query?: QueryParams,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const raw = await getRaw(path, query, signal);
  if (GET_RESULT_STATUSES.has(raw.status)) throw errorFrom(raw.status, raw.body);
  return validate(raw, schema);
}

/**
 * POSTs `body` as JSON and validates the answer with its contract `schema`.
 * @throws {ApiError} per docs/requirements/errors.md, or with code `invalid_response` when the
 *                    shape is wrong.
 */
export async function postJson<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  signal?: AbortSignal,
  headers?: Readonly<Record<string, string>>,
): Promise<z.output<S>> {
  const options: RequestOptions = { method: 'POST', body };
  if (signal) options.signal = signal;
  if (headers) options.headers = headers;
  return validate(settle(path, await send(path, options), NO_STATUSES), schema);
}
