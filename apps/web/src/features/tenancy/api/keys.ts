/** Query keys of the tenancy feature (clients, users and access). */
export const tenancyKeys = {
  all: ['tenancy'] as const,
  myClients: () => [...tenancyKeys.all, 'my-clients'] as const,
  users: () => [...tenancyKeys.all, 'users'] as const,
  brands: () => [...tenancyKeys.all, 'brands'] as const,
  auditLog: () => [...tenancyKeys.all, 'audit-log'] as const,
};
