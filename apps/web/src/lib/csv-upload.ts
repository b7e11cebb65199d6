/**
 * A CSV file sent as the request body with upload progress: the import screens' one upload
 * (orders: docs/decisions/0036; ads: docs/decisions/0043). Their servers take
 * the file itself as the body (`Content-Type: text/csv`), the options in the query string, and
 * answer 202 with the queued import. Sent with XMLHttpRequest, whose upload events give the
 * progress bar (fetch has none).
 */
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { readAccessToken } from './storage.ts';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs `file` to `url` (already holding its query string: `buildUrl(path, query)`), reporting the
 * fraction sent (0–1) as it goes.
 * @returns the 202 answer parsed with `schema` (the queued import)
 * @throws {ApiError} with the server's message, `field` and `code` (400 naming the field, 413 too
 *   large, 403, 404); status 0 and code `network` when the server cannot be reached; an answer
 *   other than a 202 matching `schema` is an error with that status
 */
export function uploadCsv<S extends z.ZodType>(url: string, file: Blob, schema: S, onProgress: (fraction: number) => void): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = readAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError({ message: 'Could not reach the DineDesk server. Check your connection and try again.', status: 0, body: null, code: 'network' }));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status === 202) {
        const parsed = schema.safeParse(body);
        if (parsed.success) return resolve(parsed.data);
      }
      const b = (body ?? {}) as { message?: unknown; field?: unknown; code?: unknown };
      reject(new ApiError({ message: typeof b.message === 'string' ? b.message : `Upload failed with status ${xhr.status}`, status: xhr.status, body, field: typeof b.field === 'string' ? b.field : undefined, code: typeof b.code === 'string' ? b.code : undefined }));
    };
    xhr.send(file);
  });
}
