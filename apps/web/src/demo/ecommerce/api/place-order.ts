/**
 * The end of the checkout: `POST /apps/ecommerce/place-order {address, payment}` → 201
 * `{ order }`, this app's addition to docs/requirements/calls.md (docs/decisions/0031). The cart is
 * emptied, so every shop answer is refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SHOP_API, ZOrderResponse, type TOrder, type TPlaceOrderRequest } from '../schema.ts';
import { shopKeys } from './keys.ts';

/** Places the order. @throws {DemoRequestError} (400: a bad field; 409: the cart is empty) */
export async function placeOrder(request: TPlaceOrderRequest): Promise<TOrder> {
  const answer = await demoRequest(SHOP_API.placeOrder, ZOrderResponse, { method: 'POST', body: request });
  return answer.order;
}

/** The place-order mutation. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: placeOrder, onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }) });
}
