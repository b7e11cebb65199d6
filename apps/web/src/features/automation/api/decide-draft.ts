/**
 * `POST /api/automation/drafts/decide {draftId, decision, text?, sendAnyway?}` → the decided
 * draft. Approving posts the text (edited or not) as the approver through the composer's reply
 * path and its reply check (docs/decisions/0023, 0028): a warning is a 422 `reply_check` with
 * `warnings` unless `sendAnyway`; a draft decided already is a 409. Owners only. Every decision
 * refetches the queue (all statuses: the draft moves from one list to another).
 */
import { API, REPLY_WARNING_CODES } from '@dinedesk/contracts';
import { ZAutomationDraft, ZDecideAutomationDraftRequest, type TAutomationDraft, type TDecideAutomationDraftRequest } from '@dinedesk/contracts/automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client.ts';
import { refuse } from './contract-error.ts';
import { automationKeys } from './keys.ts';

export type ReplyWarningCode = (typeof REPLY_WARNING_CODES)[number];

/**
 * @throws {ApiError} 422 `reply_check` with `warnings`; 409 when decided already; 403 for all but
 *   owners; 404 naming `body.draftId`; the reply paths' platform errors (429, 502, 504).
 */
export function decideDraft(input: TDecideAutomationDraftRequest): Promise<TAutomationDraft> {
  const parsed = ZDecideAutomationDraftRequest.safeParse(input);
  if (!parsed.success) return refuse(parsed.error);
  return postJson(API.automationDraftDecide, parsed.data, ZAutomationDraft);
}

/** The warning codes of a 422 `reply_check` refusal, else null (an unknown code is left out). */
export function replyCheckWarnings(error: unknown): ReplyWarningCode[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { code?: unknown; warnings?: { code?: unknown }[] } | null;
  if (body?.code !== 'reply_check') return null;
  const codes = (body.warnings ?? []).map((w) => w.code).filter((c): c is ReplyWarningCode => (REPLY_WARNING_CODES as readonly unknown[]).includes(c));
  return codes;
}

/** Whether `error` says the draft was approved or rejected by someone already. */
export function isDecidedAlready(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function useDecideDraft() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: automationKeys.drafts() });
  return useMutation({
    mutationFn: decideDraft,
    onSuccess: refetch,
    onError: (error) => {
      if (isDecidedAlready(error)) refetch();
    },
  });
}
