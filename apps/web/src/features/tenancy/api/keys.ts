/**
 * Query keys of the tenancy feature (clients, users and access), one factory like
 * `reviewKeys` and `inboxKeys`. Everything sits under `['tenancy']`, so an access change can
 * refresh the whole screen with one prefix. The client details are not here: the session
 * refresh shares them, under lib/client-details.ts's one key.
 */
export const tenancyKeys = {
  all: ['tenancy'] as const,
  myClients: () => [...tenancyKeys.all, 'my-clients'] as const,
  users: () => [...tenancyKeys.all, 'users'] as const,
  brands: () => [...tenancyKeys.all, 'brands'] as const,
  auditLog: () => [...tenancyKeys.all, 'audit-log'] as const,
};
