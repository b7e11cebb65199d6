/**
 * `POST /api/automation/rules/create` → the rule: a new rule, last in the order, acting on behalf
 * of the owner who saves it; switched off unless `enabled` (docs/decisions/0028). Owners only
 * (`manage Automation`). The input is checked against the contract first, naming the field.
 */
import { API } from '@dinedesk/contracts';
import { ZAutomationRule, ZCreateAutomationRuleRequest, type TAutomationRule, type TCreateAutomationRuleRequest } from '@dinedesk/contracts/automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { refuse } from './contract-error.ts';
import { automationKeys } from './keys.ts';

/**
 * @throws {ApiError} 400 naming the field (an outlet, template or teammate not of the client);
 *   403 for all but owners; 409 naming `body.name` for a taken name, or at 50 rules.
 */
export function createRule(input: TCreateAutomationRuleRequest): Promise<TAutomationRule> {
  const parsed = ZCreateAutomationRuleRequest.safeParse(input);
  if (!parsed.success) return refuse(parsed.error);
  return postJson(API.automationRuleCreate, parsed.data, ZAutomationRule);
}

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: automationKeys.rules() }),
  });
}
