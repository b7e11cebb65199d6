/**
 * `POST /api/automation/rules/update {ruleId, name?, enabled?, conditions?, actions?,
 * delayMinutes?}` → the rule. The on/off switch and the editor both use it. Saving any change
 * makes the caller the owner the rule acts for; switching it on makes it act on reviews written
 * from then on, never on older ones (docs/decisions/0028). The answer replaces the rule in the
 * list at once; the list is refetched behind it.
 */
import { API } from '@dinedesk/contracts';
import { ZAutomationRule, ZUpdateAutomationRuleRequest, type TAutomationRule, type TAutomationRulesResponse, type TUpdateAutomationRuleRequest } from '@dinedesk/contracts/automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { refuse } from './contract-error.ts';
import { automationKeys } from './keys.ts';

/** @throws {ApiError} 400 naming the field; 403 for all but owners; 404 naming `body.ruleId`; 409 on a taken name. */
export function updateRule(input: TUpdateAutomationRuleRequest): Promise<TAutomationRule> {
  const parsed = ZUpdateAutomationRuleRequest.safeParse(input);
  if (!parsed.success) return refuse(parsed.error);
  return postJson(API.automationRuleUpdate, parsed.data, ZAutomationRule);
}

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRule,
    onSuccess: (rule) => {
      queryClient.setQueryData<TAutomationRulesResponse>(automationKeys.rules(), (list) => (list ? { data: list.data.map((r) => (r.id === rule.id ? rule : r)) } : list));
      void queryClient.invalidateQueries({ queryKey: automationKeys.rules() });
    },
  });
}
