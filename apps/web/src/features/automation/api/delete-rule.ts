/**
 * `POST /api/automation/rules/delete {ruleId}` → `{deleted: true}`. The rule goes; its history
 * stays under its name (docs/decisions/0028). Owners only.
 */
import { API } from '@dinedesk/contracts';
import { ZDeleteAutomationRuleRequest, ZDeleteAutomationRuleResponse } from '@dinedesk/contracts/automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { refuse } from './contract-error.ts';
import { automationKeys } from './keys.ts';

/** @throws {ApiError} 403 for all but owners; 404 naming `body.ruleId`. */
export function deleteRule(ruleId: string): Promise<{ deleted: true }> {
  const parsed = ZDeleteAutomationRuleRequest.safeParse({ ruleId });
  if (!parsed.success) return refuse(parsed.error);
  return postJson(API.automationRuleDelete, parsed.data, ZDeleteAutomationRuleResponse);
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: automationKeys.rules() }),
  });
}
