/** TanStack Query keys of the knowledge base demo (read only: nothing invalidates them). */
export const kbKeys = {
  all: ['demo', 'knowledge-base'] as const,
  items: () => [...kbKeys.all, 'items'] as const,
  sections: (category: string) => [...kbKeys.all, 'sections', category] as const,
  question: (category: string, slug: string) => [...kbKeys.all, 'question', category, slug] as const,
};
