/**
 * Turns a thrown value into text for an Alert. Server messages are shown as sent
 * (docs/requirements/errors.md: the error carries the body's `message`); failures with no server
 * text get a translated one.
 */
import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

export function describeError(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return t('errors.network');
    if (error.code === 'invalid_response') return t('errors.invalidResponse');
    // Only a JSON `message` is meant for people; a text body may be a proxy's HTML page.
    const body: unknown = error.body;
    if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
      return error.message;
    }
    if (error.status === 429) return t('errors.tooManyRequests');
    if (error.status === 403) return t('errors.forbidden');
    return t('errors.status', { status: error.status });
  }
  return t('errors.unknown');
}
