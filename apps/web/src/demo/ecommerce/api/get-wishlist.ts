/** `GET /apps/ecommerce/wishlist` (docs/requirements/calls.md): the wishlist's products, in the
 * order added. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SHOP_API, ZWishlistResponse, type TProductView } from '../schema.ts';
import { shopKeys } from './keys.ts';

/** Fetches the wishlist. @throws {DemoRequestError} */
export async function getWishlist(signal?: AbortSignal): Promise<TProductView[]> {
  const answer = await demoRequest(SHOP_API.wishlist, ZWishlistResponse, { signal });
  return answer.products;
}

/** Query options of the wishlist. */
export function wishlistQueryOptions() {
  return queryOptions({ queryKey: shopKeys.wishlist(), queryFn: ({ signal }) => getWishlist(signal) });
}

/** The wishlist. */
export function useWishlist() {
  return useQuery(wishlistQueryOptions());
}
