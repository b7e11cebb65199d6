/**
 * HTTP helper of the demo areas. Demo calls are not product calls: the docs/requirements/errors.md
 * status rules (a 401 ends the session, …) do not apply, so they do not go through
 * `lib/api-client.ts`, and a demo call failing can never sign anyone out. Answers are validated
 * with the area's zod schema, like product answers are with the contracts.
 */
import type { z } from 'zod';
import { startDemoMock } from './start.ts';

/** A demo call that failed: HTTP status (0 for network), or `invalid_response`. */
export class DemoRequestError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'DemoRequestError';
    this.status = status;
  }
}

export interface DemoRequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/**
 * Sends a demo call once the mock is ready (starting it if it is not yet: the first demo call of
 * a page fetches MSW) and validates the JSON answer with `schema`.
 * @throws {DemoRequestError} on a non-2xx status, a network failure or an unexpected shape.
 */
export async function demoRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  { method = 'GET', body, signal }: DemoRequestOptions = {},
): Promise<z.output<S>> {
  await startDemoMock();
  const headers = new Headers({ Accept: 'application/json' });
  const init: RequestInit = { method, headers };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new DemoRequestError(`Demo call ${method} ${path} could not be sent`, 0);
  }
  if (!response.ok) throw new DemoRequestError(`Demo call ${method} ${path} failed`, response.status);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    // `vite preview` answers unknown paths with index.html: a missing worker shows up here.
    throw new DemoRequestError(`Demo call ${method} ${path} did not answer JSON`, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DemoRequestError(`Demo call ${method} ${path} answered an unexpected shape`, response.status);
  return parsed.data;
}
