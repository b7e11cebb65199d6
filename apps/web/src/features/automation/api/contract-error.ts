/**
 * The contract's refusal of an input, as the server would word it (a 400 naming the field,
 * `body.<path>`), so a fetcher refuses bad input without a round trip and the screen handles
 * both the same way (features/tickets/api/create-ticket.ts does the same).
 */
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';

/** @returns a rejected promise with an {@link ApiError} 400 naming the first invalid field. */
export function refuse(error: z.ZodError): Promise<never> {
  const issue = error.issues[0];
  const field = issue ? `body.${issue.path.join('.')}` : undefined;
  const message = issue?.message ?? 'Invalid request';
  return Promise.reject(new ApiError({ message, status: 400, body: { message, field }, field }));
}
