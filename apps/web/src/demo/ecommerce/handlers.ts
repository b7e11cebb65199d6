/**
 * MSW handlers of the shop demo (docs/requirements/calls.md#demo-mock-calls and constants.md),
 * typed with the schema's types:
 * - `GET /apps/ecommerce/products` → `{ products, total, userWishlist, userCart }`: `q` a
 *   case-insensitive substring of the name; `sortBy` featured (newest id first, the template's
 *   order; the default), price-asc or price-desc (ties by id); page `page` (from 1) of `perPage`
 *   (default 9); `total` the filtered count;
 * - `GET /apps/ecommerce/products/{id}` → `{ product }`, 404 if missing;
 * - `GET /apps/ecommerce/wishlist` → `{ products }`; `GET /apps/ecommerce/cart` → `{ products }`
 *   with `qty` and the cart view's `shippingDate` (1–8 days after today), `offers` (1–4) and
 *   `discountPercentage` (3–20), drawn at random once per cart line and kept with it, so the
 *   prices a visitor saw hold still through the checkout and a reload;
 * - `POST /apps/ecommerce/cart {productId}` → 201 `{ item }` with qty 1 and id = last id plus
 *   one; a product already in the cart answers its line with 200 (a double click adds nothing);
 *   `DELETE /apps/ecommerce/cart/{productId}` → `{ item }`, 404 if not in the cart; the wishlist
 *   alike (`POST /apps/ecommerce/wishlist`, `DELETE /apps/ecommerce/wishlist/{productId}`);
 * - `POST /apps/ecommerce/update-cart {productId, qty}` → `{ item }` (qty 1–10), 404 if not in
 *   the cart; `POST /apps/ecommerce/place-order {address, payment}` → 201 `{ order }` priced by
 *   totals.ts, the cart emptied; 409 when the cart is empty (this app's additions).
 * Every product answer carries `isInWishlist`, `isInCart` and `colorOptions`. A parameter or
 * body of the wrong shape → 400, an unknown product → 404, each with a `message` naming the
 * field. Every change is saved to the area's {@link DemoState}.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { CartLineExtras, ShopDb } from './data.ts';
import {
  CART_DISCOUNT_PERCENT,
  CART_OFFERS,
  CART_SHIPPING_DAYS,
  COLOR_OPTIONS,
  SHOP_API,
  SHOP_PER_PAGE,
  SORT_OPTIONS,
  ZPlaceOrderRequest,
  ZProductIdRequest,
  ZUpdateCartRequest,
  type TCartItemResponse,
  type TCartProduct,
  type TCartResponse,
  type TColorOption,
  type TDemoError,
  type TOrder,
  type TOrderResponse,
  type TProduct,
  type TProductResponse,
  type TProductsResponse,
  type TProductView,
  type TWishlistItemResponse,
  type TWishlistResponse,
} from './schema.ts';
import { orderTotals } from './totals.ts';

/** Sources of chance and time, replaceable in tests. */
export interface ShopHandlerOptions {
  /** A number in [0, 1), like `Math.random`. */
  random?: () => number;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const badRequest = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 400 });
const notFound = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 404 });

/** A positive integer, `fallback` when absent or empty, null when invalid. */
function positiveInt(raw: string | readonly string[] | null | undefined, fallback: number): number | null {
  if (raw === null || raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** "productId: Invalid input: expected number" from the first zod issue. */
function describeIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  return `${field}: ${issue?.message ?? 'invalid'}`;
}

/**
 * The colours product `id` comes in (docs/requirements/data.md derived `colorOptions`,
 * docs/requirements/constants.md): primary always, and each other colour at index i when (id + i)
 * is not a multiple of 3, so products differ and every answer about a product agrees.
 */
export function colorOptionsOf(id: number): TColorOption[] {
  return COLOR_OPTIONS.filter((_, index) => index === 0 || (id + index) % 3 !== 0);
}

/** `YYYY-MM-DD` of the local calendar day `days` after `from`. */
export function localDateAfter(from: Date, days: number): string {
  const date = new Date(from.getTime() + days * DAY_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The list answer for `params`, or a 400 message. */
export function listProducts(db: ShopDb, params: URLSearchParams): TProductsResponse | string {
  const perPage = positiveInt(params.get('perPage'), SHOP_PER_PAGE);
  if (perPage === null) return 'perPage: must be a positive integer';
  const page = positiveInt(params.get('page'), 1);
  if (page === null) return 'page: must be a positive integer';
  const sortParam = params.get('sortBy') || 'featured';
  const sortBy = SORT_OPTIONS.find((option) => option === sortParam);
  if (!sortBy) return `sortBy: must be one of ${SORT_OPTIONS.join(', ')}`;
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const filtered = db.products.filter((product) => product.name.toLowerCase().includes(q));
  const byId = (a: TProduct, b: TProduct) => a.id - b.id;
  filtered.sort(sortBy === 'featured' ? (a, b) => b.id - a.id : sortBy === 'price-asc' ? (a, b) => a.price - b.price || byId(a, b) : (a, b) => b.price - a.price || byId(a, b));
  return {
    products: filtered.slice((page - 1) * perPage, page * perPage).map((product) => viewOf(db, product)),
    total: filtered.length,
    userWishlist: db.wishlist.map((item) => ({ ...item })),
    userCart: db.cart.map((item) => ({ ...item })),
  };
}

/** `product` as answered, with its derived fields. */
function viewOf(db: ShopDb, product: TProduct): TProductView {
  return {
    ...product,
    isInWishlist: db.wishlist.some((item) => item.productId === product.id),
    isInCart: db.cart.some((item) => item.productId === product.id),
    colorOptions: colorOptionsOf(product.id),
  };
}

/** The next id after the last one of `items` (1 when empty; docs/requirements/constants.md). */
const nextId = (items: readonly { id: number }[]) => items.reduce((max, item) => Math.max(max, item.id), 0) + 1;

/** The shop handlers over `state` (changed by the cart, wishlist and order calls). */
export function createShopHandlers(state: DemoState<ShopDb>, { random = Math.random, now = () => new Date() }: ShopHandlerOptions = {}): RequestHandler[] {
  const db = state.data;
  /** An integer in [min, max], each equally likely. */
  const randomInt = ({ min, max }: { min: number; max: number }) => Math.min(max, min + Math.floor(random() * (max - min + 1)));
  const drawExtras = (): CartLineExtras => ({
    shippingDays: randomInt(CART_SHIPPING_DAYS),
    offers: randomInt(CART_OFFERS),
    discountPercentage: randomInt(CART_DISCOUNT_PERCENT),
  });
  /** The cart line `id`'s extras, drawn (and kept) the first time they are asked for. */
  const extrasOf = (id: number): CartLineExtras => {
    const known = db.cartExtras[String(id)];
    if (known) return known;
    const drawn = drawExtras();
    db.cartExtras[String(id)] = drawn;
    state.save();
    return drawn;
  };
  const productOf = (id: number) => db.products.find((product) => product.id === id);
  const cartView = (): TCartProduct[] =>
    db.cart.flatMap((item) => {
      const product = productOf(item.productId);
      if (!product) return [];
      const { shippingDays, offers, discountPercentage } = extrasOf(item.id);
      return [{ ...viewOf(db, product), qty: item.qty, shippingDate: localDateAfter(now(), shippingDays), offers, discountPercentage }];
    });
  /** The product id of a body `{productId}`, or the error answer. */
  const productIdFrom = async (request: Request) => {
    const parsed = ZProductIdRequest.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return badRequest(describeIssue(parsed.error.issues));
    const { productId } = parsed.data;
    return productOf(productId) ? productId : notFound(`productId: no product ${productId}`);
  };

  return [
    http.get<never, never, TProductsResponse | TDemoError>(SHOP_API.products, ({ request }) => {
      const result = listProducts(db, new URL(request.url).searchParams);
      return typeof result === 'string' ? badRequest(result) : HttpResponse.json(result);
    }),

    http.get<{ id: string }, never, TProductResponse | TDemoError>(SHOP_API.productPattern, ({ params }) => {
      const id = positiveInt(params.id, 0);
      if (!id) return badRequest('id: must be a positive integer');
      const product = productOf(id);
      return product ? HttpResponse.json({ product: viewOf(db, product) }) : notFound(`No product ${id}`);
    }),

    http.get<never, never, TWishlistResponse>(SHOP_API.wishlist, () =>
      HttpResponse.json({
        products: db.wishlist.flatMap((item) => {
          const product = productOf(item.productId);
          return product ? [viewOf(db, product)] : [];
        }),
      }),
    ),

    http.get<never, never, TCartResponse>(SHOP_API.cart, () => HttpResponse.json({ products: cartView() })),

    http.post<never, DefaultBodyType, TCartItemResponse | TDemoError>(SHOP_API.cart, async ({ request }) => {
      const productId = await productIdFrom(request);
      if (typeof productId !== 'number') return productId;
      const existing = db.cart.find((item) => item.productId === productId);
      if (existing) return HttpResponse.json({ item: existing });
      const item = { id: nextId(db.cart), productId, qty: 1 };
      db.cart.push(item);
      db.cartExtras[String(item.id)] = drawExtras();
      state.save();
      return HttpResponse.json({ item }, { status: 201 });
    }),

    http.delete<{ productId: string }, never, TCartItemResponse | TDemoError>(SHOP_API.cartItemPattern, ({ params }) => {
      const productId = positiveInt(params.productId, 0);
      if (!productId) return badRequest('productId: must be a positive integer');
      const index = db.cart.findIndex((item) => item.productId === productId);
      const item = db.cart[index];
      if (!item) return notFound(`productId: product ${productId} is not in the cart`);
      db.cart.splice(index, 1);
      delete db.cartExtras[String(item.id)];
      state.save();
      return HttpResponse.json({ item });
    }),

    http.post<never, DefaultBodyType, TWishlistItemResponse | TDemoError>(SHOP_API.wishlist, async ({ request }) => {
      const productId = await productIdFrom(request);
      if (typeof productId !== 'number') return productId;
      const existing = db.wishlist.find((item) => item.productId === productId);
      if (existing) return HttpResponse.json({ item: existing });
      const item = { id: nextId(db.wishlist), productId };
      db.wishlist.push(item);
      state.save();
      return HttpResponse.json({ item }, { status: 201 });
    }),

    http.delete<{ productId: string }, never, TWishlistItemResponse | TDemoError>(SHOP_API.wishlistItemPattern, ({ params }) => {
      const productId = positiveInt(params.productId, 0);
      if (!productId) return badRequest('productId: must be a positive integer');
      const index = db.wishlist.findIndex((item) => item.productId === productId);
      const item = db.wishlist[index];
      if (!item) return notFound(`productId: product ${productId} is not in the wishlist`);
      db.wishlist.splice(index, 1);
      state.save();
      return HttpResponse.json({ item });
    }),

    http.post<never, DefaultBodyType, TCartItemResponse | TDemoError>(SHOP_API.updateCart, async ({ request }) => {
      const parsed = ZUpdateCartRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return badRequest(describeIssue(parsed.error.issues));
      const item = db.cart.find((candidate) => candidate.productId === parsed.data.productId);
      if (!item) return notFound(`productId: product ${parsed.data.productId} is not in the cart`);
      item.qty = parsed.data.qty;
      state.save();
      return HttpResponse.json({ item });
    }),

    http.post<never, DefaultBodyType, TOrderResponse | TDemoError>(SHOP_API.placeOrder, async ({ request }) => {
      const parsed = ZPlaceOrderRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return badRequest(describeIssue(parsed.error.issues));
      const lines = cartView();
      if (lines.length === 0) return HttpResponse.json<TDemoError>({ message: 'cart: is empty' }, { status: 409 });
      const order: TOrder = {
        id: nextId(db.orders),
        placedAt: now().toISOString(),
        lines: lines.map(({ id, name, price, qty, discountPercentage }) => ({ productId: id, name, price, qty, discountPercentage })),
        address: parsed.data.address,
        payment: parsed.data.payment,
        totals: orderTotals(lines),
      };
      db.orders.push(order);
      db.cart.splice(0, db.cart.length);
      db.cartExtras = {};
      state.save();
      return HttpResponse.json({ order }, { status: 201 });
    }),
  ];
}
