/**
 * `POST /api/automation/rules/list {}` → `{data}`: the client's rules in the order they are tried
 * (`position` 1 first). Every role of the reviews module reads them (`read Automation`).
 */
import { API } from '@dinedesk/contracts';
import { ZAutomationRulesResponse, type TAutomationRulesResponse } from '@dinedesk/contracts/automation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { automationKeys } from './keys.ts';

/** @throws {ApiError} as the server words it (403 without `read Automation`). */
export function getRules(signal?: AbortSignal): Promise<TAutomationRulesResponse> {
  return postJson(API.automationRules, {}, ZAutomationRulesResponse, signal);
}

export function rulesQueryOptions() {
  return queryOptions({
    queryKey: automationKeys.rules(),
    queryFn: ({ signal }) => getRules(signal),
    // The server's order is the order of evaluation; it is kept as sent.
    select: (response) => [...response.data].sort((a, b) => a.position - b.position),
  });
}

export function useRules() {
  return useQuery(rulesQueryOptions());
}
