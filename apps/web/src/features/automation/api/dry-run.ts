/**
 * `POST /api/automation/dry-run {trigger?, conditions, actions, delayMinutes}` → what the
 * definition would have done to the reviews the caller sees over the 90 days up to the newest of
 * them: `{since, until, reviewed, matched, byOutlet, samples}` (the newest 50 matches with each
 * action's outcome; replies go through the reply check). It writes nothing, so it is a mutation
 * of no cache: the editor shows the answer for the definition it was asked about.
 */
import { API } from '@dinedesk/contracts';
import { ZAutomationDryRunRequest, ZAutomationDryRunResponse, type TAutomationDryRunResponse } from '@dinedesk/contracts/automation';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { postJson } from '../../../lib/api-client.ts';
import { refuse } from './contract-error.ts';

export type TDryRunRequest = z.input<typeof ZAutomationDryRunRequest>;

/** @throws {ApiError} 400 naming the field (an unknown outlet, template or teammate); 403 for all but owners. */
export function dryRun(input: TDryRunRequest): Promise<TAutomationDryRunResponse> {
  const parsed = ZAutomationDryRunRequest.safeParse(input);
  if (!parsed.success) return refuse(parsed.error);
  return postJson(API.automationDryRun, parsed.data, ZAutomationDryRunResponse);
}

export function useDryRun() {
  return useMutation({ mutationFn: dryRun });
}
