/** TanStack Query keys of the account-settings demo. */
export const accountKeys = {
  all: ['demo', 'account'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
};
