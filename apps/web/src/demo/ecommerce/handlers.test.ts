/**
 * The shop demo's mock rules (docs/requirements/calls.md#demo-mock-calls and constants.md: 9 per
 * page, offers 1–4, discount 3–20 %, shipping 1–8 days ahead, colour options, qty 1, new ids last
 * plus one) through `msw/node`, each over fresh data: the name search, the three sorts, paging and
 * total, the derived fields, 404s, the cart and wishlist moves with their 201s and ids, the cart
 * view's random values at both ends of their ranges, and this app's update-cart and place-order.
 */
import { describe, expect, it } from 'vitest';
import { DemoRequestError } from '../mock/demo-fetch.ts';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { addToCart, removeFromCart } from './api/cart-items.ts';
import { getCart } from './api/get-cart.ts';
import { getProduct } from './api/get-product.ts';
import { getProducts } from './api/get-products.ts';
import { getWishlist } from './api/get-wishlist.ts';
import { placeOrder } from './api/place-order.ts';
import { updateCartQty } from './api/update-cart.ts';
import { addToWishlist, removeFromWishlist } from './api/wishlist-items.ts';
import { createShopDb } from './data.ts';
import { colorOptionsOf, createShopHandlers, localDateAfter } from './handlers.ts';
import { COLOR_OPTIONS, SHOP_API, ZProduct, type TAddress } from './schema.ts';
import { orderTotals } from './totals.ts';

/** The random source of the current test: Math.random unless a test pins it. */
let random: () => number = Math.random;
const NOW = new Date(2026, 5, 15, 12, 0, 0);
setupDemoServer(() => {
  random = Math.random;
  return createShopHandlers(memoryState(createShopDb), { random: () => random(), now: () => NOW });
});

const PRODUCTS = createShopDb().products;
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof DemoRequestError ? error.status : -1),
  );
const send = (path: string, method: string, body?: unknown) =>
  fetch(path, { method, headers: { 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

const ADDRESS: TAddress = { fullName: 'Ana Lima', phone: '+44 20 7946 0958', line1: '12 Market Row', landmark: '', city: 'London', postcode: 'SW9 8LF', state: 'Greater London', addressType: 'work' };

describe('the shop data', () => {
  it('has two dozen valid products with ids 1–24, all fields set, the same on every load', () => {
    expect(PRODUCTS).toHaveLength(24);
    expect(PRODUCTS.map((product) => product.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    for (const product of PRODUCTS) expect(() => ZProduct.parse(product)).not.toThrow();
    expect(new Set(PRODUCTS.map((product) => product.slug)).size).toBe(24);
    expect(new Set(PRODUCTS.map((product) => product.rating)).size).toBeGreaterThan(2);
    expect(PRODUCTS.some((product) => product.hasFreeShipping) && PRODUCTS.some((product) => !product.hasFreeShipping)).toBe(true);
    expect(createShopDb()).toEqual(createShopDb());
  });
});

describe('GET /apps/ecommerce/products', () => {
  it('answers 9 products by default, featured (newest id) first, with total, wishlist and cart', async () => {
    const { products, total, userWishlist, userCart } = await getProducts({});
    expect(products.map((product) => product.id)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(total).toBe(24);
    expect(userWishlist).toEqual([{ id: 1, productId: 3 }, { id: 2, productId: 9 }, { id: 3, productId: 17 }]);
    expect(userCart).toEqual([{ id: 1, productId: 1, qty: 1 }, { id: 2, productId: 9, qty: 1 }]);
  });

  it('derives isInWishlist, isInCart and colorOptions on every product', async () => {
    const { products } = await getProducts({ perPage: 24 });
    for (const product of products) {
      expect(product.isInWishlist).toBe([3, 9, 17].includes(product.id));
      expect(product.isInCart).toBe([1, 9].includes(product.id));
      expect(product.colorOptions[0]).toBe('primary');
      expect(product.colorOptions.every((color) => (COLOR_OPTIONS as readonly string[]).includes(color))).toBe(true);
      expect(product.colorOptions).toEqual(colorOptionsOf(product.id));
    }
    expect(new Set(products.map((product) => product.colorOptions.join())).size).toBeGreaterThan(1);
  });

  it('sorts by price, both ways, ties by id', async () => {
    const asc = (await getProducts({ sortBy: 'price-asc', perPage: 24 })).products;
    const expectedAsc = [...PRODUCTS].sort((a, b) => a.price - b.price || a.id - b.id).map((product) => product.id);
    expect(asc.map((product) => product.id)).toEqual(expectedAsc);
    const desc = (await getProducts({ sortBy: 'price-desc', perPage: 24 })).products;
    expect(desc.map((product) => product.price)).toEqual([...PRODUCTS].map((product) => product.price).sort((a, b) => b - a));
    expect(desc[0]?.price).toBeGreaterThan(desc[23]?.price ?? Infinity);
  });

  it('pages: the last page holds the rest, a page past the end is empty, total counts all', async () => {
    const third = await getProducts({ page: 3 });
    expect(third.products.map((product) => product.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(third.total).toBe(24);
    const second = await getProducts({ page: 2, perPage: 5, sortBy: 'price-asc' });
    expect(second.products.map((product) => product.id)).toEqual([...PRODUCTS].sort((a, b) => a.price - b.price || a.id - b.id).slice(5, 10).map((product) => product.id));
    expect((await getProducts({ page: 9 })).products).toEqual([]);
  });

  it('q matches the name case-insensitively; total counts the matches', async () => {
    const { products, total } = await getProducts({ q: 'KNIFE', perPage: 24 });
    const expected = PRODUCTS.filter((product) => product.name.toLowerCase().includes('knife'));
    expect(expected.length).toBeGreaterThan(1);
    expect(products.map((product) => product.id).sort((a, b) => a - b)).toEqual(expected.map((product) => product.id));
    expect(total).toBe(expected.length);
    expect((await getProducts({ q: 'no such thing' })).total).toBe(0);
  });

  it('rejects a bad sortBy, perPage or page with 400 naming the parameter', async () => {
    for (const [search, field] of [['sortBy=cheapest', 'sortBy'], ['perPage=0', 'perPage'], ['page=x', 'page']] as const) {
      const response = await fetch(`${SHOP_API.products}?${search}`);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(new RegExp(`^${field}:`));
    }
  });
});

describe('GET /apps/ecommerce/products/{id}', () => {
  it('answers the product with its derived fields', async () => {
    const product = await getProduct(9);
    expect(product).toEqual({ ...PRODUCTS[8], isInWishlist: true, isInCart: true, colorOptions: colorOptionsOf(9) });
  });

  it('answers 404 for a missing product and 400 for a bad id', async () => {
    expect(await statusOf(getProduct(99))).toBe(404);
    expect((await fetch(SHOP_API.product('abc'))).status).toBe(400);
  });
});

describe('the wishlist', () => {
  it('lists the wishlist products in the order added', async () => {
    expect((await getWishlist()).map((product) => product.id)).toEqual([3, 9, 17]);
  });

  it('adds with 201 under the last id plus one, then removes; the product follows', async () => {
    const response = await send(SHOP_API.wishlist, 'POST', { productId: 5 });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ item: { id: 4, productId: 5 } });
    expect((await getProduct(5)).isInWishlist).toBe(true);
    expect(await addToWishlist(6)).toEqual({ id: 5, productId: 6 });
    expect((await getWishlist()).map((product) => product.id)).toEqual([3, 9, 17, 5, 6]);

    expect(await removeFromWishlist(9)).toEqual({ id: 2, productId: 9 });
    expect((await getProduct(9)).isInWishlist).toBe(false);
    expect((await getProducts({ perPage: 24 })).userWishlist.map((item) => item.productId)).toEqual([3, 17, 5, 6]);
  });

  it('answers an added product again with 200 and no second line', async () => {
    const again = await send(SHOP_API.wishlist, 'POST', { productId: 3 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ item: { id: 1, productId: 3 } });
    expect(await getWishlist()).toHaveLength(3);
  });

  it('refuses an unknown product (404), a missing productId (400) and removing what is not there (404)', async () => {
    const unknown = await send(SHOP_API.wishlist, 'POST', { productId: 999 });
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toMatch(/^productId:/);
    const missing = await send(SHOP_API.wishlist, 'POST', {});
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toMatch(/^productId:/);
    expect((await send(SHOP_API.wishlist, 'POST')).status).toBe(400);
    expect(await statusOf(removeFromWishlist(1))).toBe(404);
    expect((await send(SHOP_API.wishlistItem('x'), 'DELETE')).status).toBe(400);
  });
});

describe('the cart', () => {
  it('adds with 201, qty 1, under the last id plus one; removes; the product follows', async () => {
    const response = await send(SHOP_API.cart, 'POST', { productId: 4 });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ item: { id: 3, productId: 4, qty: 1 } });
    expect((await getProduct(4)).isInCart).toBe(true);
    expect((await getCart()).map((line) => [line.id, line.qty])).toEqual([[1, 1], [9, 1], [4, 1]]);

    expect(await removeFromCart(9)).toEqual({ id: 2, productId: 9, qty: 1 });
    expect((await getProduct(9)).isInCart).toBe(false);
    expect((await getCart()).map((line) => line.id)).toEqual([1, 4]);
    expect(await addToCart(12)).toEqual({ id: 4, productId: 12, qty: 1 });
  });

  it('answers an added product again with 200 and keeps its quantity', async () => {
    await updateCartQty(1, 3);
    const again = await send(SHOP_API.cart, 'POST', { productId: 1 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ item: { id: 1, productId: 1, qty: 3 } });
  });

  it('refuses an unknown product (404), a missing or bad productId (400) and removing what is not there (404)', async () => {
    const unknown = await send(SHOP_API.cart, 'POST', { productId: 25 });
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('productId: no product 25');
    const missing = await send(SHOP_API.cart, 'POST', { product: 4 });
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toMatch(/^productId:/);
    expect((await send(SHOP_API.cart, 'POST', { productId: '4' })).status).toBe(400);
    expect(await statusOf(removeFromCart(2))).toBe(404);
    expect((await send(SHOP_API.cartItem(0), 'DELETE')).status).toBe(400);
  });

  it('gives every cart line shipping 1–8 days ahead, 1–4 offers and a 3–20 % discount, kept per line', async () => {
    for (const product of PRODUCTS) await addToCart(product.id);
    const lines = await getCart();
    expect(lines).toHaveLength(24);
    const allowedDates = Array.from({ length: 8 }, (_, i) => localDateAfter(NOW, i + 1));
    for (const line of lines) {
      expect(line.offers).toBeGreaterThanOrEqual(1);
      expect(line.offers).toBeLessThanOrEqual(4);
      expect(line.discountPercentage).toBeGreaterThanOrEqual(3);
      expect(line.discountPercentage).toBeLessThanOrEqual(20);
      expect(allowedDates).toContain(line.shippingDate);
      expect(line.colorOptions).toEqual(colorOptionsOf(line.id));
    }
    // Random, not constant: 24 lines do not all draw the same discount.
    expect(new Set(lines.map((line) => line.discountPercentage)).size).toBeGreaterThan(1);
    // Drawn once per line: the prices the visitor saw hold still.
    expect(await getCart()).toEqual(lines);
  });

  it('reaches both ends of each range', async () => {
    random = () => 0;
    await addToCart(2);
    random = () => 0.999_999;
    await addToCart(3);
    const [low, high] = (await getCart()).filter((line) => line.id === 2 || line.id === 3);
    expect([low?.offers, low?.discountPercentage, low?.shippingDate]).toEqual([1, 3, localDateAfter(NOW, 1)]);
    expect([high?.offers, high?.discountPercentage, high?.shippingDate]).toEqual([4, 20, localDateAfter(NOW, 8)]);
  });

  it('sets a quantity from 1 to 10 (this app’s update-cart)', async () => {
    expect(await updateCartQty(9, 10)).toEqual({ id: 2, productId: 9, qty: 10 });
    expect((await getCart()).find((line) => line.id === 9)?.qty).toBe(10);
    for (const qty of [0, 11, 1.5]) {
      const response = await send(SHOP_API.updateCart, 'POST', { productId: 9, qty });
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(/^qty:/);
    }
    expect(await statusOf(updateCartQty(2, 1))).toBe(404);
  });
});

describe('POST /apps/ecommerce/place-order (this app’s addition)', () => {
  it('prices the order as the cart showed it, numbers it last plus one and empties the cart', async () => {
    await updateCartQty(1, 2);
    const lines = await getCart();
    const order = await placeOrder({ address: ADDRESS, payment: { method: 'card', cardLast4: '4242', cardholder: 'Ana Lima' } });
    expect(order.id).toBe(1);
    expect(order.placedAt).toBe(NOW.toISOString());
    expect(order.lines).toEqual(lines.map((line) => ({ productId: line.id, name: line.name, price: line.price, qty: line.qty, discountPercentage: line.discountPercentage })));
    expect(order.totals).toEqual(orderTotals(lines));
    expect(order.totals.subtotal).toBe(Math.round(((PRODUCTS[0]?.price ?? 0) * 2 + (PRODUCTS[8]?.price ?? 0)) * 100) / 100);
    expect(await getCart()).toEqual([]);
    expect((await getProducts({})).userCart).toEqual([]);

    await addToCart(5);
    expect((await placeOrder({ address: ADDRESS, payment: { method: 'cashOnDelivery' } })).id).toBe(2);
  });

  it('refuses a bad address (400 naming the field) and an empty cart (409)', async () => {
    const bad = await send(SHOP_API.placeOrder, 'POST', { address: { ...ADDRESS, postcode: '' }, payment: { method: 'cashOnDelivery' } });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toMatch(/^address\.postcode:/);
    const card = await send(SHOP_API.placeOrder, 'POST', { address: ADDRESS, payment: { method: 'card', cardLast4: '4242 4242 4242 4242', cardholder: 'A' } });
    expect(card.status).toBe(400);
    await removeFromCart(1);
    await removeFromCart(9);
    const empty = await send(SHOP_API.placeOrder, 'POST', { address: ADDRESS, payment: { method: 'cashOnDelivery' } });
    expect(empty.status).toBe(409);
    expect(await messageOf(empty)).toMatch(/^cart:/);
  });
});

describe('orderTotals', () => {
  it('adds lines, takes each line’s discount, charges delivery once unless all ship free', () => {
    expect(orderTotals([])).toEqual({ subtotal: 0, discount: 0, delivery: 0, total: 0 });
    const lines = [
      { price: 10.5, qty: 2, discountPercentage: 10, hasFreeShipping: true },
      { price: 99.99, qty: 1, discountPercentage: 3, hasFreeShipping: false },
    ];
    expect(orderTotals(lines)).toEqual({ subtotal: 120.99, discount: 5.1, delivery: 5, total: 120.89 });
    expect(orderTotals(lines.map((line) => ({ ...line, hasFreeShipping: true }))).delivery).toBe(0);
  });
});
