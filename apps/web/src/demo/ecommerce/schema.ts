/**
 * Shapes of the shop demo calls (docs/requirements/data.md#product;
 * docs/requirements/states.md#demo-records; docs/requirements/calls.md;
 * docs/requirements/constants.md shop 9 per page, cart offers 1–4, discount 3–20 %, shipping 1–8
 * days ahead, colour options, new cart items qty 1, new ids last plus one):
 * - `GET /apps/ecommerce/products?q&sortBy&perPage&page` → `{ products, total, userWishlist,
 *   userCart }`: `q` on the name (case-insensitive), `sortBy` featured (newest id first, as the
 *   template), price-asc or price-desc, 9 per page by default, `total` the filtered count;
 * - `GET /apps/ecommerce/products/{id}` → `{ product }` (404 if missing);
 * - `GET /apps/ecommerce/wishlist` → `{ products }`, in the order they were added;
 * - `GET /apps/ecommerce/cart` → `{ products }`: each cart line's product with `qty`,
 *   `shippingDate`, `offers`, `discountPercentage`;
 * - `POST /apps/ecommerce/cart {productId}` → 201 `{ item }` (qty 1); `DELETE
 *   /apps/ecommerce/cart/{productId}` → `{ item }`; the wishlist alike;
 * - `POST /apps/ecommerce/update-cart {productId, qty}` → `{ item }` and `POST
 *   /apps/ecommerce/place-order {address, payment}` → 201 `{ order }`: not in the spec's list;
 *   the checkout needs somewhere to keep quantities and to end (docs/decisions/0031).
 *
 * Every product answer carries the derived `isInWishlist`, `isInCart` and `colorOptions`.
 * Amounts are US dollars.
 */
import { z } from 'zod';

/** Products per shop page when `perPage` is not given (docs/requirements/constants.md). */
export const SHOP_PER_PAGE = 9;
export const SORT_OPTIONS = ['featured', 'price-asc', 'price-desc'] as const;
/** The colours a product may come in (docs/requirements/constants.md). */
export const COLOR_OPTIONS = ['primary', 'success', 'warning', 'danger', 'info'] as const;
/** Cart view bounds (docs/requirements/constants.md), inclusive. */
export const CART_OFFERS = { min: 1, max: 4 } as const;
export const CART_DISCOUNT_PERCENT = { min: 3, max: 20 } as const;
export const CART_SHIPPING_DAYS = { min: 1, max: 8 } as const;
/** The most of one product a cart line holds (this app's limit; the spec gives none). */
export const MAX_QTY = 10;
/** Delivery charge of an order with any product lacking free shipping (this app's choice). */
export const DELIVERY_FEE = 5;

export const ZSortBy = z.enum(SORT_OPTIONS);
export const ZColorOption = z.enum(COLOR_OPTIONS);

const ZId = z.number().int().positive();

/** A product as stored (docs/requirements/data.md). `rating` 1–5 stars; `image` an image URL. */
export const ZProduct = z.object({
  id: ZId,
  name: z.string().trim().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  description: z.string(),
  brand: z.string(),
  price: z.number().nonnegative(),
  image: z.string(),
  hasFreeShipping: z.boolean(),
  rating: z.number().int().min(1).max(5),
});

/** A product as answered: with whether it is in the wishlist and cart, and its colours. */
export const ZProductView = ZProduct.extend({
  isInWishlist: z.boolean(),
  isInCart: z.boolean(),
  colorOptions: z.array(ZColorOption).min(1),
});

export const ZWishlistItem = z.object({ id: ZId, productId: ZId });
export const ZCartItem = z.object({ id: ZId, productId: ZId, qty: z.number().int().min(1).max(MAX_QTY) });

/** A cart line as the cart view answers it: the product, its quantity and the view's extras. */
export const ZCartProduct = ZProductView.extend({
  qty: z.number().int().min(1).max(MAX_QTY),
  /** `YYYY-MM-DD`, 1–8 days after today. */
  shippingDate: z.iso.date(),
  offers: z.number().int().min(CART_OFFERS.min).max(CART_OFFERS.max),
  discountPercentage: z.number().int().min(CART_DISCOUNT_PERCENT.min).max(CART_DISCOUNT_PERCENT.max),
});

const required = (key: string) => z.string().trim().min(1, key);

/** The delivery address of the checkout (its step 2); messages are `demo-shop:errors.*` keys. */
export const ZAddress = z.object({
  fullName: required('required').max(80, 'tooLong'),
  phone: required('required').regex(/^\+?[\d\s().-]{7,20}$/, 'phone'),
  line1: required('required').max(120, 'tooLong'),
  landmark: z.string().trim().max(120, 'tooLong'),
  city: required('required').max(60, 'tooLong'),
  postcode: required('required').regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/, 'postcode'),
  state: required('required').max(60, 'tooLong'),
  addressType: z.enum(['home', 'work']),
});

/**
 * How the order is paid, as the mock receives it: never a card number, only its last four digits
 * (the full number, expiry and CVV stay in the form).
 */
export const ZPayment = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), cardLast4: z.string().regex(/^\d{4}$/), cardholder: required('required') }),
  z.object({ method: z.literal('cashOnDelivery') }),
]);

/** One line of a placed order, priced as the cart showed it. */
export const ZOrderLine = z.object({
  productId: ZId,
  name: z.string(),
  price: z.number().nonnegative(),
  qty: z.number().int().positive(),
  discountPercentage: z.number().int().nonnegative(),
});

/** The order's amounts (totals.ts). */
export const ZOrderTotals = z.object({
  subtotal: z.number().nonnegative(),
  discount: z.number().nonnegative(),
  delivery: z.number().nonnegative(),
  total: z.number().nonnegative(),
});

export const ZOrder = z.object({
  id: ZId,
  placedAt: z.iso.datetime(),
  lines: z.array(ZOrderLine).min(1),
  address: ZAddress,
  payment: ZPayment,
  totals: ZOrderTotals,
});

export const ZProductsResponse = z.object({
  products: z.array(ZProductView),
  total: z.number().int().nonnegative(),
  userWishlist: z.array(ZWishlistItem),
  userCart: z.array(ZCartItem),
});
export const ZProductResponse = z.object({ product: ZProductView });
export const ZWishlistResponse = z.object({ products: z.array(ZProductView) });
export const ZCartResponse = z.object({ products: z.array(ZCartProduct) });
export const ZProductIdRequest = z.object({ productId: ZId });
export const ZWishlistItemResponse = z.object({ item: ZWishlistItem });
export const ZCartItemResponse = z.object({ item: ZCartItem });
export const ZUpdateCartRequest = z.object({ productId: ZId, qty: z.number().int().min(1).max(MAX_QTY) });
export const ZPlaceOrderRequest = z.object({ address: ZAddress, payment: ZPayment });
export const ZOrderResponse = z.object({ order: ZOrder });
export const ZDemoError = z.object({ message: z.string() });

export type TSortBy = z.infer<typeof ZSortBy>;
export type TColorOption = z.infer<typeof ZColorOption>;
export type TProduct = z.infer<typeof ZProduct>;
export type TProductView = z.infer<typeof ZProductView>;
export type TWishlistItem = z.infer<typeof ZWishlistItem>;
export type TCartItem = z.infer<typeof ZCartItem>;
export type TCartProduct = z.infer<typeof ZCartProduct>;
export type TAddress = z.infer<typeof ZAddress>;
export type TPayment = z.infer<typeof ZPayment>;
export type TOrderTotals = z.infer<typeof ZOrderTotals>;
export type TOrder = z.infer<typeof ZOrder>;
export type TProductsResponse = z.infer<typeof ZProductsResponse>;
export type TProductResponse = z.infer<typeof ZProductResponse>;
export type TWishlistResponse = z.infer<typeof ZWishlistResponse>;
export type TCartResponse = z.infer<typeof ZCartResponse>;
export type TWishlistItemResponse = z.infer<typeof ZWishlistItemResponse>;
export type TCartItemResponse = z.infer<typeof ZCartItemResponse>;
export type TOrderResponse = z.infer<typeof ZOrderResponse>;
export type TPlaceOrderRequest = z.infer<typeof ZPlaceOrderRequest>;
export type TDemoError = z.infer<typeof ZDemoError>;

/** The shop query; empty values are left out of the URL. */
export interface ProductsQuery {
  q?: string;
  sortBy?: TSortBy;
  perPage?: number;
  page?: number;
}

/** Paths of the shop demo calls (docs/requirements/calls.md; update-cart and place-order are this
 * app's). */
export const SHOP_API = {
  products: '/apps/ecommerce/products',
  product: (id: number | string) => `/apps/ecommerce/products/${id}`,
  productPattern: '/apps/ecommerce/products/:id',
  wishlist: '/apps/ecommerce/wishlist',
  wishlistItem: (productId: number | string) => `/apps/ecommerce/wishlist/${productId}`,
  wishlistItemPattern: '/apps/ecommerce/wishlist/:productId',
  cart: '/apps/ecommerce/cart',
  cartItem: (productId: number | string) => `/apps/ecommerce/cart/${productId}`,
  cartItemPattern: '/apps/ecommerce/cart/:productId',
  updateCart: '/apps/ecommerce/update-cart',
  placeOrder: '/apps/ecommerce/place-order',
} as const;
