import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { HttpError, badRequest } from './errors.ts';

/**
 * A CSV file sent as a request body, checked and streamed to disk (the order import and the ads
 * import; docs/decisions/0036, 0043). The upload is the file itself, never parsed in
 * memory: the import job reads it from disk afterwards.
 */

/** Content types a browser or a script sends for a `.csv` file. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'text/comma-separated-values']);

const tooLarge = (limit: number, what: string) => new HttpError(413, `file is larger than the ${limit / 1024 / 1024} MiB limit of ${what}: split it into smaller files`, { field: 'file' });

/**
 * Refuses what the headers already show: another content type, an empty body, a declared length
 * over `limit` bytes. `what` names the import in the message ("an order import").
 * @throws HttpError 400 naming `file`, 413 naming `file`
 */
export function checkCsvRequest(contentType: string | undefined, contentLength: number | null, limit: number, what: string): void {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CSV_TYPES.has(type)) throw badRequest(`file must be a CSV file sent as text/csv${type ? `, not ${type}` : ''}`, 'file');
  if (contentLength === 0) throw badRequest('file is empty: send the CSV file as the request body', 'file');
  if (contentLength !== null && contentLength > limit) throw tooLarge(limit, what);
}

/** Whether a first chunk of an upload looks like text rather than a binary file (NUL bytes, ZIP/XLSX, PDF, images). */
export function looksLikeText(chunk: Buffer): boolean {
  if (chunk.includes(0)) return false;
  const head = chunk.subarray(0, 8).toString('latin1');
  return !(head.startsWith('PK\u0003\u0004') || head.startsWith('%PDF') || head.startsWith('\u0089PNG') || head.startsWith('\u00ff\u00d8\u00ff') || head.startsWith('GIF8') || head.startsWith('\u00d0\u00cf\u0011\u00e0'));
}

/**
 * Streams `body` into `path`, at most `limit` bytes; the first chunk must look like text.
 *
 * Safe whatever the framing (a declared length, or `Transfer-Encoding: chunked` with none): the
 * file stream always has an `'error'` listener, so destroying it with a write still pending can
 * never surface as an unhandled `ERR_STREAM_DESTROYED` that stops the process; the request stream
 * is read through an iterator that does not destroy it on an early exit, so the 4xx still reaches
 * the client (the error handler closes the connection after a 413 rather than read the rest).
 * @returns the bytes written
 * @throws HttpError 400 (`file`: binary or empty), 413 (`file`: too large); the partial file is
 *   removed (awaited) before the error is thrown, so nothing of a refused upload stays on disk
 */
export async function saveUpload(body: Readable, path: string, limit: number, what: string): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  // Remembered, never thrown from an event: the loop below looks at it after each write.
  let writeError: Error | null = null;
  out.on('error', (e) => {
    writeError ??= e;
  });
  const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
  let bytes = 0;
  try {
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      if (bytes === 0 && !looksLikeText(chunk)) throw badRequest('file must be a CSV text file; this one is binary (a spreadsheet, PDF or image?): save it as CSV first', 'file');
      bytes += chunk.length;
      if (bytes > limit) throw tooLarge(limit, what);
      if (writeError) throw writeError;
      if (!out.write(chunk)) await new Promise<void>((r) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          r();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    }
    if (writeError) throw writeError;
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    if (bytes === 0) throw badRequest('file is empty: send the CSV file as the request body', 'file');
    return bytes;
  } catch (e) {
    out.destroy();
    await closed;
    await rm(path, { force: true });
    // Discard what the client is still sending (a small body ends on its own; a 413 closes the connection).
    if (!body.destroyed) body.resume();
    throw e;
  }
}
