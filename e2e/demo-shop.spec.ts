import { expect, test } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';

/**
 * The template's shop (docs/requirements/calls.md#demo-mock-calls) in Chromium, answered by the
 * browser demo mock, whose data the browser keeps for the session: put a product in the wishlist
 * and in the cart from the shop grid, find both after a reload, open the product's page, then check
 * out through the three steps (cart with a quantity change, an address refused empty then accepted,
 * a card payment) and see the order. Screenshots of each screen, the shop also in the dark skin,
 * go to the test's output folder.
 */

const stack = useSharedStack();

test('shop: add to wishlist and cart, then check out', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 960 });
  await signInAs(page, stack().baseUrl, { listed: true });
  await page.goto(`${stack().baseUrl}/apps/ecommerce/shop`);
  await expect(page).toHaveTitle(/Shop/);
  const products = page.getByTestId('shop-product');
  await expect(products).toHaveCount(9);
  await expect(page.getByTestId('shop-count')).toHaveText('24 results found');
  const wishlistNav = page.getByTestId('shop-nav-wishlist');
  const cartNav = page.getByTestId('shop-nav-cart');
  await expect(wishlistNav).toHaveAttribute('data-count', '3');
  await expect(cartNav).toHaveAttribute('data-count', '2');

  // The newest product, into the wishlist and the cart.
  const card = products.first();
  await expect(card).toHaveAttribute('data-product-id', '24');
  const name = (await card.getByTestId('shop-product-link').textContent()) ?? '';
  expect(name).not.toBe('');
  await card.getByRole('button', { name: `Wishlist: ${name}` }).click();
  await expect(card.getByTestId('shop-wishlist-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(wishlistNav).toHaveAttribute('data-count', '4');
  await card.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(card.getByRole('button', { name: `Remove from cart: ${name}` })).toBeVisible();
  await expect(cartNav).toHaveAttribute('data-count', '3');
  await page.screenshot({ path: testInfo.outputPath('shop-grid.png'), animations: 'disabled' });

  // The mock keeps them for the session.
  await page.reload();
  await expect(products.first().getByTestId('shop-wishlist-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(cartNav).toHaveAttribute('data-count', '3');

  await wishlistNav.click();
  await expect(page).toHaveURL(/\/apps\/ecommerce\/wishlist$/);
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expect(products).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('shop-wishlist.png'), animations: 'disabled' });

  await page.getByRole('article', { name }).getByTestId('shop-product-link').click();
  await expect(page).toHaveURL(/\/apps\/ecommerce\/product-detail\/24$/);
  await expect(page.getByTestId('shop-product-name')).toHaveText(name);
  await expect(page.getByTestId('shop-go-checkout')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('shop-product.png'), animations: 'disabled' });

  // Checkout, step 1: three lines; a quantity of 2 reprices the order.
  await page.getByTestId('shop-go-checkout').click();
  await expect(page).toHaveURL(/\/apps\/ecommerce\/checkout$/);
  await expect(page.getByTestId('shop-cart-line')).toHaveCount(3);
  const total = page.getByTestId('shop-total');
  const before = (await total.textContent()) ?? '';
  await page.getByRole('combobox', { name: new RegExp(`^Quantity of ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await expect(total).not.toHaveText(before);
  await page.screenshot({ path: testInfo.outputPath('checkout-cart.png'), animations: 'disabled' });

  // Step 2: refused empty, accepted filled in.
  await page.getByTestId('shop-checkout-next').click();
  await page.getByTestId('shop-checkout-next').click();
  await expect(page.getByText('Fill in this field.').first()).toBeVisible();
  await expect(page.getByTestId('shop-address-fullName')).toBeFocused();
  await page.getByTestId('shop-address-fullName').fill('Priya Raman');
  await page.getByTestId('shop-address-phone').fill('+44 20 7946 0958');
  await page.getByTestId('shop-address-line1').fill('14 Brick Lane');
  await page.getByTestId('shop-address-city').fill('London');
  await page.getByTestId('shop-address-postcode').fill('E1 6RF');
  await page.getByTestId('shop-address-state').fill('Greater London');
  await page.screenshot({ path: testInfo.outputPath('checkout-address.png'), animations: 'disabled' });
  await page.getByTestId('shop-checkout-next').click();

  // Step 3: a card payment places the order.
  await expect(page.getByTestId('shop-deliver-to')).toContainText('Priya Raman');
  await page.getByTestId('shop-payment-cardNumber').fill('4242 4242 4242 4242');
  await page.getByTestId('shop-payment-cardholder').fill('Priya Raman');
  await page.getByTestId('shop-payment-expiry').fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.getByTestId('shop-payment-cvv').fill('123');
  await page.screenshot({ path: testInfo.outputPath('checkout-payment.png'), animations: 'disabled' });
  await page.getByTestId('shop-place-order').click();
  await expect(page.getByTestId('shop-order-title')).toHaveText('Order #1 placed');
  await expect(page.getByTestId('shop-order-payment')).toHaveText('Paid by card ending in 4242');
  await expect(cartNav).toHaveAttribute('data-count', '0');
  await page.screenshot({ path: testInfo.outputPath('checkout-order.png'), animations: 'disabled' });

  // The placed order stays on screen after a reload; the shop's cart is empty.
  await page.reload();
  await expect(page.getByTestId('shop-order-title')).toHaveText('Order #1 placed');
  await page.getByTestId('shop-continue-shopping').click();
  await expect(page).toHaveURL(/\/apps\/ecommerce\/shop$/);
  await expect(products.first().getByRole('button', { name: `Add to cart: ${name}` })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
  await expect(products).toHaveCount(9);
  await page.screenshot({ path: testInfo.outputPath('shop-grid-dark.png'), animations: 'disabled' });
});
