/**
 * A cart line's quantity: `POST /apps/ecommerce/update-cart {productId, qty}` (qty 1–10), this
 * app's addition to docs/requirements/calls.md (docs/decisions/0031). Refetches the cart.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SHOP_API, ZCartItemResponse, type TCartItem } from '../schema.ts';
import { shopKeys } from './keys.ts';

/** Sets the quantity. @throws {DemoRequestError} (400: qty out of range; 404: not in the cart) */
export async function updateCartQty(productId: number, qty: number): Promise<TCartItem> {
  const answer = await demoRequest(SHOP_API.updateCart, ZCartItemResponse, { method: 'POST', body: { productId, qty } });
  return answer.item;
}

/** The quantity mutation. */
export function useUpdateCartQty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, qty }: { productId: number; qty: number }) => updateCartQty(productId, qty),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
