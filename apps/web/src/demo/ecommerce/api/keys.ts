/** TanStack Query keys of the shop demo; every change invalidates `all`. */
import type { ProductsQuery } from '../schema.ts';

export const shopKeys = {
  all: ['demo', 'shop'] as const,
  list: (query: ProductsQuery) => [...shopKeys.all, 'list', query] as const,
  detail: (id: number) => [...shopKeys.all, 'detail', id] as const,
  wishlist: () => [...shopKeys.all, 'wishlist'] as const,
  cart: () => [...shopKeys.all, 'cart'] as const,
};
