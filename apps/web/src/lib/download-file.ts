/**
 * A file from the API saved as a download under a name of our choosing (not opened in a tab): the
 * import screens' validation reports (orders: docs/decisions/0036; ads: docs/decisions/0043).
 */
import { getBlob } from './api-client.ts';

/**
 * GETs `path` (signed in, like every call) and hands the answer to the browser as `fileName`.
 * @throws {ApiError} when the server refuses (404 for a report that does not exist) or cannot be reached
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await getBlob(path);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked a moment later: the browser may read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
