/**
 * Reply templates of the client: `GET /api/review_testing/reply-templates` →
 * `{data}` (by name), `POST …/reply-templates/save {id?, name, body}` → the template (creates,
 * or with `id` changes one; 409 `template_name_taken` naming `body.name`; 400 naming the field,
 * e.g. a variable other than `{reviewer_first_name}`, `{outlet}`, `{brand}`), and
 * `POST …/reply-templates/delete {id}` → `{deleted: true}`.
 *
 * Every role of the reviews module reads them (the composer offers them); owners and brand
 * managers change them (`manage ReplyTemplate`). Saving and deleting refetch the list.
 */
import {
  API,
  ZDeleteReplyTemplateRequest,
  ZReplyTemplate,
  ZReplyTemplatesResponse,
  ZSaveReplyTemplateRequest,
  type TReplyTemplate,
  type TSaveReplyTemplateRequest,
} from '@dinedesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, getJson, postJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

const ZDeleteReplyTemplateResponse = z.object({ deleted: z.literal(true) });
type TReplyTemplatesResponse = z.infer<typeof ZReplyTemplatesResponse>;

/** The contract's refusal as the server would word it (400 naming the field), without a round trip. */
function invalid(error: z.ZodError): Promise<never> {
  const issue = error.issues[0];
  const field = issue ? `body.${issue.path.join('.')}` : undefined;
  const message = issue?.message ?? 'Invalid request';
  return Promise.reject(new ApiError({ message, status: 400, body: { message, field }, field }));
}

/** @throws {ApiError} as the server words it. */
export function getReplyTemplates(signal?: AbortSignal): Promise<TReplyTemplatesResponse> {
  return getJson(API.replyTemplates, ZReplyTemplatesResponse, undefined, signal);
}

/** @throws {ApiError} 400 naming the field for invalid input; 404/409 as the server words them. */
export function saveReplyTemplate(input: TSaveReplyTemplateRequest): Promise<TReplyTemplate> {
  const parsed = ZSaveReplyTemplateRequest.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return postJson(API.saveReplyTemplate, parsed.data, ZReplyTemplate);
}

/** @throws {ApiError} 400 for an id that is not one; 404 as the server words it. */
export function deleteReplyTemplate(input: { id: string }): Promise<{ deleted: true }> {
  const parsed = ZDeleteReplyTemplateRequest.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return postJson(API.deleteReplyTemplate, parsed.data, ZDeleteReplyTemplateResponse);
}

export function replyTemplatesQueryOptions() {
  return queryOptions({ queryKey: reviewKeys.templates(), queryFn: ({ signal }) => getReplyTemplates(signal) });
}

/** The client's templates; `enabled` false (a role without `read ReplyTemplate`) asks nothing. */
export function useReplyTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...replyTemplatesQueryOptions(), enabled });
}

function useRefetchTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reviewKeys.templates() });
}

export function useSaveReplyTemplate() {
  const refetch = useRefetchTemplates();
  return useMutation({ mutationFn: saveReplyTemplate, onSuccess: refetch });
}

export function useDeleteReplyTemplate() {
  const refetch = useRefetchTemplates();
  return useMutation({ mutationFn: deleteReplyTemplate, onSuccess: refetch });
}
