/** `GET /apps/ecommerce/products` (docs/requirements/calls.md): one page of the shop, with the
 * wishlist and cart. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SHOP_API, ZProductsResponse, type ProductsQuery, type TProductsResponse } from '../schema.ts';
import { shopKeys } from './keys.ts';

/** The query string of `query`, without empty values. */
export function productsSearch(query: ProductsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Fetches one page. @throws {DemoRequestError} (400: a bad parameter) */
export function getProducts(query: ProductsQuery, signal?: AbortSignal): Promise<TProductsResponse> {
  return demoRequest(`${SHOP_API.products}${productsSearch(query)}`, ZProductsResponse, { signal });
}

/** Query options of one page; the previous page stays on screen while the next loads. */
export function productsQueryOptions(query: ProductsQuery) {
  return queryOptions({ queryKey: shopKeys.list(query), queryFn: ({ signal }) => getProducts(query, signal), placeholderData: keepPreviousData });
}

/** One page of the shop. */
export function useProducts(query: ProductsQuery) {
  return useQuery(productsQueryOptions(query));
}
