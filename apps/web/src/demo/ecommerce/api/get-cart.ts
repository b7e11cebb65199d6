/**
 * `GET /apps/ecommerce/cart` (docs/requirements/calls.md): the cart's lines with quantity, shipping
 * date, offers and discount (docs/requirements/constants.md).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SHOP_API, ZCartResponse, type TCartProduct } from '../schema.ts';
import { shopKeys } from './keys.ts';

/** Fetches the cart. @throws {DemoRequestError} */
export async function getCart(signal?: AbortSignal): Promise<TCartProduct[]> {
  const answer = await demoRequest(SHOP_API.cart, ZCartResponse, { signal });
  return answer.products;
}

/** Query options of the cart. */
export function cartQueryOptions() {
  return queryOptions({ queryKey: shopKeys.cart(), queryFn: ({ signal }) => getCart(signal) });
}

/** The cart. */
export function useCart() {
  return useQuery(cartQueryOptions());
}
