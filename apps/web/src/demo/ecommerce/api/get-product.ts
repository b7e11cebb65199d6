/** `GET /apps/ecommerce/products/{id}` (docs/requirements/calls.md): one product. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SHOP_API, ZProductResponse, type TProductView } from '../schema.ts';
import { shopKeys } from './keys.ts';

/** Fetches product `id`. @throws {DemoRequestError} (404: no such product) */
export async function getProduct(id: number, signal?: AbortSignal): Promise<TProductView> {
  const answer = await demoRequest(SHOP_API.product(id), ZProductResponse, { signal });
  return answer.product;
}

/** Query options of product `id`. */
export function productQueryOptions(id: number) {
  return queryOptions({ queryKey: shopKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });
}

/** Product `id` (disabled while `id` is unknown). */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
