/**
 * The shop screens against the real shop handlers (`msw/node`; docs/requirements/calls.md): the
 * grid's search, sort, paging and wishlist/cart toggles (with the counts in the header), a product
 * page and a missing one, the wishlist's "Move to cart", and the checkout wizard from cart to
 * placed order: a quantity change reprices the cart, the address and payment steps refuse invalid
 * forms and accept valid ones, and the wizard comes back to its step after a remount (a reload).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { CHECKOUT_SESSION_KEY } from './components/checkout/checkout-session.ts';
import { formatMoney } from './components/format.ts';
import { createShopDb } from './data.ts';
import { createShopHandlers } from './handlers.ts';
import ShopApp from './shop-app.tsx';
import { orderTotals } from './totals.ts';

setupDemoServer(() => createShopHandlers(memoryState(createShopDb), { random: () => 0.5 }));
beforeAll(() => i18n.loadNamespaces(['demo-shop']));
beforeEach(() => sessionStorage.clear());

const PRODUCTS = createShopDb().products;
const productIds = () => screen.getAllByTestId('shop-product').map((card) => Number(card.getAttribute('data-product-id')));
const CHEAPEST = [...PRODUCTS].sort((a, b) => a.price - b.price || a.id - b.id).slice(0, 9).map((product) => product.id);
const money = (amount: number) => formatMoney(amount, 'en');

describe('the shop grid', () => {
  it('pages and sorts through the URL', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/shop' });
    await waitFor(() => expect(productIds()).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16]));
    expect(screen.getByTestId('shop-count')).toHaveTextContent('24 results found');

    await user.click(within(screen.getByTestId('shop-pagination')).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(productIds()).toEqual([6, 5, 4, 3, 2, 1]));
    expect(urlOf(location)).toBe('/apps/ecommerce/shop?page=3');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Lowest price' }));
    await waitFor(() => expect(productIds()).toEqual(CHEAPEST));
    expect(urlOf(location)).toBe('/apps/ecommerce/shop?sortBy=price-asc');
  });

  it('searches by name, says when nothing matches, and clears the search', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/shop?sortBy=price-asc' });
    await waitFor(() => expect(productIds()).toEqual(CHEAPEST));
    await user.type(screen.getByTestId('shop-search'), 'pizza');
    const pizza = PRODUCTS.filter((product) => product.name.toLowerCase().includes('pizza'));
    await waitFor(() => expect(urlOf(location)).toBe('/apps/ecommerce/shop?sortBy=price-asc&q=pizza'));
    await waitFor(() => expect(productIds().sort()).toEqual(pizza.map((product) => product.id).sort()));
    expect(screen.getByTestId('shop-count')).toHaveTextContent(`${pizza.length} results found`);
    expect(screen.queryByTestId('shop-pagination')).not.toBeInTheDocument();

    await user.clear(screen.getByTestId('shop-search'));
    await user.type(screen.getByTestId('shop-search'), 'saucepan');
    expect(await screen.findByTestId('shop-empty')).toHaveTextContent('No product matches your search.');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(productIds()).toEqual(CHEAPEST));
  });

  it('moves a product in and out of the wishlist and the cart, the header counting', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/shop' });
    const card = await screen.findByRole('article', { name: PRODUCTS[23]?.name });
    await waitFor(() => expect(screen.getByTestId('shop-nav-wishlist')).toHaveAttribute('data-count', '3'));
    expect(screen.getByTestId('shop-nav-cart')).toHaveAttribute('data-count', '2');

    const wish = within(card).getByRole('button', { name: `Wishlist: ${PRODUCTS[23]?.name}` });
    expect(wish).toHaveAttribute('aria-pressed', 'false');
    await user.click(wish);
    await waitFor(() => expect(wish).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(screen.getByTestId('shop-nav-wishlist')).toHaveAttribute('data-count', '4'));
    expect(screen.getByTestId('shop-nav-wishlist')).toHaveAccessibleName('Wishlist (4)');

    await user.click(within(card).getByRole('button', { name: `Add to cart: ${PRODUCTS[23]?.name}` }));
    await waitFor(() => expect(screen.getByTestId('shop-nav-cart')).toHaveAttribute('data-count', '3'));
    await user.click(within(card).getByRole('button', { name: `Remove from cart: ${PRODUCTS[23]?.name}` }));
    await waitFor(() => expect(screen.getByTestId('shop-nav-cart')).toHaveAttribute('data-count', '2'));
    await user.click(wish);
    await waitFor(() => expect(wish).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() => expect(screen.getByTestId('shop-nav-wishlist')).toHaveAttribute('data-count', '3'));
  });
});

describe('the product page and the wishlist', () => {
  it('opens the first featured product without an id, and says when a product is missing', { timeout: 30_000 }, async () => {
    const { location, unmount } = renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/product-detail' });
    expect(await screen.findByTestId('shop-product-name')).toHaveTextContent(PRODUCTS[23]?.name ?? '');
    expect(urlOf(location)).toBe('/apps/ecommerce/product-detail/24');
    expect(screen.getByRole('radiogroup', { name: /Colour: Violet/ })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/product-detail/99' });
    expect(await screen.findByTestId('shop-product-not-found')).toHaveTextContent('This product does not exist.');
  });

  it('moves a wishlist product to the cart', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/wishlist' });
    const name = PRODUCTS[2]?.name ?? '';
    await user.click(await screen.findByRole('button', { name: `Move to cart: ${name}` }));
    await waitFor(() => expect(screen.queryByRole('article', { name })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('shop-nav-cart')).toHaveAttribute('data-count', '3'));
    expect(screen.getAllByTestId('shop-product')).toHaveLength(2);
  });
});

describe('the checkout wizard', () => {
  it('reprices the cart, refuses invalid steps, accepts valid ones and places the order', { timeout: 90_000 }, async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/checkout' });
    const lines = await screen.findAllByTestId('shop-cart-line');
    expect(lines.map((line) => line.getAttribute('data-product-id'))).toEqual(['1', '9']);
    // random 0.5: every line draws offers 3, discount 12 %.
    const [knife, stone] = [PRODUCTS[0], PRODUCTS[8]];
    if (!knife || !stone) throw new Error('no products');
    const priced = (qty: number) => orderTotals([{ ...knife, qty, discountPercentage: 12 }, { ...stone, qty: 1, discountPercentage: 12 }]);
    expect(screen.getByTestId('shop-total')).toHaveTextContent(money(priced(1).total));

    await user.click(screen.getByRole('combobox', { name: new RegExp(`^Quantity of ${knife.name}`) }));
    await user.click(await screen.findByRole('option', { name: '3' }));
    await waitFor(() => expect(screen.getByTestId('shop-total')).toHaveTextContent(money(priced(3).total)));
    expect(screen.getByTestId('shop-subtotal')).toHaveTextContent(money(priced(3).subtotal));
    expect(screen.getByTestId('shop-discount')).toHaveTextContent(money(priced(3).discount));

    // Step 2: an empty address is refused, field by field; a valid one goes on.
    await user.click(screen.getByTestId('shop-checkout-next'));
    await screen.findByTestId('shop-address-form');
    await user.click(screen.getByTestId('shop-checkout-next'));
    expect(await screen.findAllByText('Fill in this field.')).toHaveLength(6);
    expect(screen.getByTestId('shop-address-fullName')).toHaveFocus();
    await user.type(screen.getByTestId('shop-address-fullName'), 'Ana Lima');
    await user.type(screen.getByTestId('shop-address-phone'), 'call me');
    await user.type(screen.getByTestId('shop-address-line1'), '12 Market Row');
    await user.type(screen.getByTestId('shop-address-city'), 'London');
    await user.type(screen.getByTestId('shop-address-postcode'), 'SW9 8LF');
    await user.type(screen.getByTestId('shop-address-state'), 'Greater London');
    expect(screen.getByText('Enter a phone number, digits with an optional leading +.')).toBeInTheDocument();
    await user.click(screen.getByTestId('shop-checkout-next'));
    expect(screen.getByTestId('shop-address-form')).toBeInTheDocument();
    await user.clear(screen.getByTestId('shop-address-phone'));
    await user.type(screen.getByTestId('shop-address-phone'), '+44 20 7946 0958');
    await user.click(screen.getByRole('radio', { name: 'Work' }));
    await user.click(screen.getByTestId('shop-checkout-next'));
    expect(await screen.findByTestId('shop-payment-form')).toBeInTheDocument();
    expect(screen.getByTestId('shop-deliver-to')).toHaveTextContent('Deliver to (Work)');

    // A reload comes back to the payment step with the address.
    unmount();
    renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/checkout' });
    expect(await screen.findByTestId('shop-payment-form')).toBeInTheDocument();
    expect(screen.getByTestId('shop-deliver-to')).toHaveTextContent('Ana Lima');

    // Step 3: a wrong card is refused; a valid one places the order.
    await user.click(screen.getByTestId('shop-place-order'));
    expect(await screen.findAllByText('Fill in this field.')).toHaveLength(4);
    await user.type(screen.getByTestId('shop-payment-cardNumber'), '4242 4242 4242 4241');
    await user.type(screen.getByTestId('shop-payment-cardholder'), 'Ana Lima');
    await user.type(screen.getByTestId('shop-payment-expiry'), '01/20');
    await user.type(screen.getByTestId('shop-payment-cvv'), '12');
    await user.click(screen.getByTestId('shop-place-order'));
    expect(await screen.findByText('Enter a valid card number.')).toBeInTheDocument();
    expect(screen.getByText('Enter a month and year not in the past, as MM/YY.')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3 or 4 digits on the back of the card.')).toBeInTheDocument();
    await user.clear(screen.getByTestId('shop-payment-cardNumber'));
    await user.type(screen.getByTestId('shop-payment-cardNumber'), '4242 4242 4242 4242');
    await user.clear(screen.getByTestId('shop-payment-expiry'));
    await user.type(screen.getByTestId('shop-payment-expiry'), `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
    await user.type(screen.getByTestId('shop-payment-cvv'), '3');
    await user.click(screen.getByTestId('shop-place-order'));

    expect(await screen.findByTestId('shop-order-title')).toHaveTextContent('Order #1 placed');
    expect(screen.getByTestId('shop-order-payment')).toHaveTextContent('Paid by card ending in 4242');
    expect(screen.getByTestId('shop-total')).toHaveTextContent(money(priced(3).total));
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_SESSION_KEY) ?? '{}')).not.toHaveProperty('cardNumber');
    expect(sessionStorage.getItem(CHECKOUT_SESSION_KEY)).not.toContain('4242 4242');
    await waitFor(() => expect(screen.getByTestId('shop-nav-cart')).toHaveAttribute('data-count', '0'));

    await user.click(screen.getByTestId('shop-continue-shopping'));
    expect(await screen.findByTestId('shop-page')).toBeInTheDocument();
  });

  it('shows an empty cart with a way back to the shop, and keeps the steps closed', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShopApp />, { path: '/apps/ecommerce/checkout' });
    for (const name of [PRODUCTS[0]?.name, PRODUCTS[8]?.name]) {
      await user.click(await screen.findByRole('button', { name: `Remove: ${name}` }));
    }
    expect(await screen.findByTestId('shop-cart-empty')).toHaveTextContent('Your cart is empty.');
    expect(screen.getByTestId('shop-step-address')).toBeDisabled();
    expect(screen.queryByTestId('shop-checkout-next')).not.toBeInTheDocument();
  });
});
