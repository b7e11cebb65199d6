/** TanStack Query keys of the chat demo. */
export const chatKeys = {
  all: ['demo', 'chat'] as const,
  list: () => [...chatKeys.all, 'chats-and-contacts'] as const,
  profile: () => [...chatKeys.all, 'profile-user'] as const,
  chat: (contactId: number) => [...chatKeys.all, 'chat', contactId] as const,
};
