/**
 * Moving products in and out of the cart (docs/requirements/states.md and calls.md): `POST
 * /apps/ecommerce/cart {productId}` (201, qty 1) and `DELETE /apps/ecommerce/cart/{productId}`.
 * Both refetch every shop answer, since each product carries `isInCart`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SHOP_API, ZCartItemResponse, type TCartItem } from '../schema.ts';
import { shopKeys } from './keys.ts';

/** Puts product `productId` in the cart (qty 1). @throws {DemoRequestError} (404: no such product) */
export async function addToCart(productId: number): Promise<TCartItem> {
  const answer = await demoRequest(SHOP_API.cart, ZCartItemResponse, { method: 'POST', body: { productId } });
  return answer.item;
}

/** Takes product `productId` out of the cart. @throws {DemoRequestError} (404: not in the cart) */
export async function removeFromCart(productId: number): Promise<TCartItem> {
  const answer = await demoRequest(SHOP_API.cartItem(productId), ZCartItemResponse, { method: 'DELETE' });
  return answer.item;
}

/** Adds (`inCart: true`) or removes a product. */
export function useSetInCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, inCart }: { productId: number; inCart: boolean }) => (inCart ? addToCart(productId) : removeFromCart(productId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
