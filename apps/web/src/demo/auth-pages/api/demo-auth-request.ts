/**
 * HTTP helper of the demo sign-in calls. Unlike `demoRequest` (mock/demo-fetch.ts) it hands
 * back the answers the template's mock gives on failure (400 with an error object at login, 200
 * with an error object at register, 401 at refresh), which the pages show. Like it, it waits for
 * the demo mock and never goes through the product's API client: a demo failure can never touch
 * the product's session (docs/requirements/errors.md rules are the product's).
 */
import type { z } from 'zod';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { startDemoMock } from '../../mock/start.ts';

/**
 * POSTs `body` as JSON to `path` once the mock is ready and parses the answer with the first of
 * `schemas` that fits it.
 * @returns the HTTP status and the parsed body
 * @throws {DemoRequestError} on a network failure, a non-JSON answer, or a body no schema fits
 */
export async function postDemoAuth<S extends readonly z.ZodType[]>(
  path: string,
  body: unknown,
  schemas: S,
): Promise<{ status: number; body: z.output<S[number]> }> {
  await startDemoMock();
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new DemoRequestError(`Demo call POST ${path} could not be sent`, 0);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new DemoRequestError(`Demo call POST ${path} did not answer JSON`, response.status);
  }
  for (const schema of schemas) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return { status: response.status, body: parsed.data as z.output<S[number]> };
  }
  throw new DemoRequestError(`Demo call POST ${path} answered an unexpected shape`, response.status);
}
