/** `GET /account-setting/data` (docs/requirements/calls.md): the account settings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { ACCOUNT_API, ZAccountSettings, type TAccountSettings } from '../schema.ts';
import { accountKeys } from './keys.ts';

/** Fetches the settings. @throws {DemoRequestError} */
export function getAccountSettings(signal?: AbortSignal): Promise<TAccountSettings> {
  return demoRequest(ACCOUNT_API.data, ZAccountSettings, { signal });
}

/** Query options of the settings. */
export function accountSettingsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.settings(), queryFn: ({ signal }) => getAccountSettings(signal) });
}

/** The settings. */
export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}
