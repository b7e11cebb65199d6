/**
 * Moving products in and out of the wishlist (docs/requirements/states.md and calls.md): `POST
 * /apps/ecommerce/wishlist {productId}` (201) and `DELETE /apps/ecommerce/wishlist/{productId}`.
 * Both refetch every shop answer, since each product carries `isInWishlist`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SHOP_API, ZWishlistItemResponse, type TWishlistItem } from '../schema.ts';
import { shopKeys } from './keys.ts';

/** Puts product `productId` in the wishlist. @throws {DemoRequestError} (404: no such product) */
export async function addToWishlist(productId: number): Promise<TWishlistItem> {
  const answer = await demoRequest(SHOP_API.wishlist, ZWishlistItemResponse, { method: 'POST', body: { productId } });
  return answer.item;
}

/** Takes product `productId` out of the wishlist. @throws {DemoRequestError} (404: not in it) */
export async function removeFromWishlist(productId: number): Promise<TWishlistItem> {
  const answer = await demoRequest(SHOP_API.wishlistItem(productId), ZWishlistItemResponse, { method: 'DELETE' });
  return answer.item;
}

/** Adds (`inWishlist: true`) or removes a product. */
export function useSetInWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, inWishlist }: { productId: number; inWishlist: boolean }) => (inWishlist ? addToWishlist(productId) : removeFromWishlist(productId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
