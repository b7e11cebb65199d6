/**
 * `POST /apps/chat/users/profile-user {status?, about?, settings?}` → the profile user: the
 * demo's extra call (../../README.md) that keeps the profile drawer's status and settings. The
 * change shows at once (optimistic) and is rolled back if the call fails.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CHAT_API, ZProfileUser, type TChatsAndContactsResponse, type TProfileUpdateRequest, type TProfileUser } from '../schema.ts';
import { chatKeys } from './keys.ts';

/** Changes the profile user. @throws {DemoRequestError} */
export function updateProfileUser(input: TProfileUpdateRequest): Promise<TProfileUser> {
  return demoRequest(CHAT_API.profileUser, ZProfileUser, { method: 'POST', body: input });
}

/** `profile` with `changes` applied. */
export function applyProfileChanges(profile: TProfileUser, changes: TProfileUpdateRequest): TProfileUser {
  const settings = { ...profile.settings };
  if (changes.settings?.isNotificationsOn !== undefined) settings.isNotificationsOn = changes.settings.isNotificationsOn;
  if (changes.settings?.isTwoStepAuthVerificationEnabled !== undefined) settings.isTwoStepAuthVerificationEnabled = changes.settings.isTwoStepAuthVerificationEnabled;
  return { ...profile, status: changes.status ?? profile.status, about: changes.about ?? profile.about, settings };
}

/** The profile update with its optimistic change of both cached copies of the profile. */
export function useUpdateProfileUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileUser,
    onMutate: async (changes) => {
      await Promise.all([queryClient.cancelQueries({ queryKey: chatKeys.profile() }), queryClient.cancelQueries({ queryKey: chatKeys.list() })]);
      const profile = queryClient.getQueryData<TProfileUser>(chatKeys.profile());
      const list = queryClient.getQueryData<TChatsAndContactsResponse>(chatKeys.list());
      if (profile) queryClient.setQueryData(chatKeys.profile(), applyProfileChanges(profile, changes));
      if (list) queryClient.setQueryData(chatKeys.list(), { ...list, profileUser: applyProfileChanges(list.profileUser, changes) });
      return { profile, list };
    },
    onError: (_error, _changes, context) => {
      if (context?.profile) queryClient.setQueryData(chatKeys.profile(), context.profile);
      if (context?.list) queryClient.setQueryData(chatKeys.list(), context.list);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: chatKeys.profile() }), queryClient.invalidateQueries({ queryKey: chatKeys.list() })]),
  });
}
