/**
 * `POST /account-setting/update {general?, info?, social?, notification?}`: this app's addition
 * to docs/requirements/calls.md, so each tab's Save keeps what it changed (docs/decisions/0032).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { ACCOUNT_API, ZAccountSettings, type TAccountSettings, type TAccountUpdate } from '../schema.ts';
import { accountKeys } from './keys.ts';

/** Replaces the sections sent; answers the whole settings. @throws {DemoRequestError} (400: a bad field) */
export function updateAccountSettings(update: TAccountUpdate): Promise<TAccountSettings> {
  return demoRequest(ACCOUNT_API.update, ZAccountSettings, { method: 'POST', body: update });
}

/** The update mutation; the page shows the answer at once. */
export function useUpdateAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountSettings,
    onSuccess: (settings) => queryClient.setQueryData(accountKeys.settings(), settings),
  });
}
