/**
 * `POST /api/automation/rules/reorder {ruleIds}` → `{data}`: every rule of the client, first to
 * last (a list that leaves one out is a 400). The first switched-on rule a review matches
 * handles it, so the order is the rules' priority.
 */
import { API } from '@dinedesk/contracts';
import { ZAutomationRulesResponse, ZReorderAutomationRulesRequest, type TAutomationRulesResponse } from '@dinedesk/contracts/automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { refuse } from './contract-error.ts';
import { automationKeys } from './keys.ts';

/** @throws {ApiError} 400 when a rule is missing or repeated; 403 for all but owners; 404 for a rule not of the client. */
export function reorderRules(ruleIds: string[]): Promise<TAutomationRulesResponse> {
  const parsed = ZReorderAutomationRulesRequest.safeParse({ ruleIds });
  if (!parsed.success) return refuse(parsed.error);
  return postJson(API.automationRulesReorder, parsed.data, ZAutomationRulesResponse);
}

export function useReorderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderRules,
    // The answer is the whole list in its new order.
    onSuccess: (list) => queryClient.setQueryData(automationKeys.rules(), list),
    // Someone else may have added or removed a rule meanwhile: show what the server holds.
    onError: () => void queryClient.invalidateQueries({ queryKey: automationKeys.rules() }),
  });
}
