/**
 * The shop demo's in-memory data (docs/requirements/data.md#product): a
 * restaurant-supply catalogue of 24 products (ids 1–24) whose prices, ratings (1–5) and free
 * shipping come from a seeded faker, so every visitor and test sees the same shop; a wishlist
 * of three products and a cart of two, like the template's starting state.
 *
 * Images are small SVGs made here (a pictogram on a tinted tile, no image files to ship); the
 * pictograms are Material Design icon paths (Apache License 2.0, as in @mui/icons-material).
 */
import { Faker, en } from '@faker-js/faker';
import type { TCartItem, TOrder, TProduct, TWishlistItem } from './schema.ts';

/** What the cart view adds to a cart line, drawn once per line (handlers.ts) so prices hold still. */
export interface CartLineExtras {
  /** Days after today the line ships (1–8). */
  shippingDays: number;
  offers: number;
  discountPercentage: number;
}

/** The mutable state behind the shop handlers. */
export interface ShopDb {
  products: TProduct[];
  wishlist: TWishlistItem[];
  cart: TCartItem[];
  /** By cart item id (as a string, for JSON). */
  cartExtras: Record<string, CartLineExtras>;
  orders: TOrder[];
}

const GLYPHS = {
  knife: 'M11 9H9V2H7v7H5V2H3v7c0 2.12 1.66 3.84 3.75 3.97V22h2.5v-9.03C11.34 12.84 13 11.12 13 9V2h-2zm5-3v8h2.5v8H21V2c-2.76 0-5 2.24-5 4',
  coffee: 'M18.5 3H6c-1.1 0-2 .9-2 2v5.71c0 3.83 2.95 7.18 6.78 7.29 3.96.12 7.22-3.06 7.22-7v-1h.5c1.93 0 3.5-1.57 3.5-3.5S20.43 3 18.5 3M16 5v3H6V5zm2.5 3H18V5h.5c.83 0 1.5.67 1.5 1.5S19.33 8 18.5 8M4 19h16v2H4z',
  blender: 'M16.13 15.13 18 3h-4V2h-4v1H5c-1.1 0-2 .9-2 2v4c0 1.1.9 2 2 2h2.23l.64 4.13C6.74 16.05 6 17.43 6 19v1c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2v-1c0-1.57-.74-2.95-1.87-3.87M5 9V5h1.31l.62 4zm7 10c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m2.29-5H9.72L8.33 5h7.34z',
  pot: 'M6.4 7c-.34.55-.4.97-.4 1.38C6 9.15 7 11 7 12c0 .95-.4 1.5-.4 1.5H5.1s.4-.55.4-1.5c0-1-1-2.85-1-3.62 0-.41.06-.83.4-1.38zm5 0c-.34.55-.4.97-.4 1.38 0 .77 1 2.62 1 3.62 0 .95-.4 1.5-.4 1.5h1.5s.4-.55.4-1.5c0-1-1-2.85-1-3.62 0-.41.06-.83.4-1.38zM8.15 7c-.34.55-.4.97-.4 1.38 0 .77 1 2.63 1 3.62 0 .95-.4 1.5-.4 1.5h1.5s.4-.55.4-1.5c0-1-1-2.85-1-3.62 0-.41.06-.83.4-1.38zm13.32-.5s.13-1.06.13-1.5c0-1.65-1.35-3-3-3-1.54 0-2.81 1.16-2.98 2.65L14.53 15H4.01c-.6 0-1.09.53-1 1.13C3.53 19.46 6.39 22 9.75 22c3.48 0 6.34-2.73 6.71-6.23L17.61 4.9c.05-.51.47-.9.99-.9.55 0 1 .45 1 1 0 .3-.1 1.25-.1 1.25z',
  bar: 'M21 5V3H3v2l8 9v5H6v2h12v-2h-5v-5zM7.43 7 5.66 5h12.69l-1.78 2z',
  apparel: 'M21.6 18.2 13 11.75v-.91c1.65-.49 2.8-2.17 2.43-4.05-.26-1.31-1.3-2.4-2.61-2.7C10.54 3.57 8.5 5.3 8.5 7.5h2c0-.83.67-1.5 1.5-1.5s1.5.67 1.5 1.5c0 .84-.69 1.52-1.53 1.5-.54-.01-.97.45-.97.99v1.76L2.4 18.2c-.77.58-.36 1.8.6 1.8h18c.96 0 1.37-1.22.6-1.8M6 18l6-4.5 6 4.5z',
  grill: 'M17 22c1.66 0 3-1.34 3-3s-1.34-3-3-3c-1.3 0-2.4.84-2.82 2H9.14l1.99-3.06q.435.06.87.06c.435 0 .58-.02.87-.06l1.02 1.57c.42-.53.96-.95 1.6-1.21l-.6-.93C17.31 13.27 19 10.84 19 8H5c0 2.84 1.69 5.27 4.12 6.37l-3.95 6.08c-.3.46-.17 1.08.29 1.38s1.08.17 1.38-.29l1-1.55h6.34C14.6 21.16 15.7 22 17 22m0-4c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1M9.41 7h1c.15-1.15.23-1.64-.89-2.96-.42-.5-.68-.77-.46-2.04h-.99c-.21 1.11.03 2.05.89 2.96.22.24.79.67.45 2.04m2.48 0h1c.15-1.15.23-1.64-.89-2.96-.42-.5-.68-.78-.46-2.04h-.99c-.21 1.11.03 2.05.89 2.96.23.24.8.67.45 2.04m2.52 0h1c.15-1.15.23-1.64-.89-2.96-.42-.5-.68-.77-.46-2.04h-.99c-.21 1.11.03 2.05.89 2.96.22.24.79.67.45 2.04',
  pizza: 'M12 2C8.43 2 5.23 3.54 3.01 6L12 22l8.99-16C18.78 3.55 15.57 2 12 2M7 7c0-1.1.9-2 2-2s2 .9 2 2-.9 2-2 2-2-.9-2-2m5 8c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2',
  flatware: 'M16 7.08c0 1.77-.84 3.25-2 3.82V21h-2V10.9c-1.16-.57-2-2.05-2-3.82C10.01 4.83 11.35 3 13 3c1.66 0 3 1.83 3 4.08M17 3v18h2v-8h2V7c0-1.76-1.24-4-4-4M8.28 3c-.4 0-.72.32-.72.72V7h-.84V3.72C6.72 3.32 6.4 3 6 3s-.72.32-.72.72V7h-.84V3.72c0-.4-.32-.72-.72-.72S3 3.32 3 3.72V9c0 1.1.9 2 2 2v10h2V11c1.1 0 2-.9 2-2V3.72c0-.4-.32-.72-.72-.72',
  bowl: 'M22 12c0-5.52-4.48-10-10-10S2 6.48 2 12c0 3.69 2.47 6.86 6 8.25V22h8v-1.75c3.53-1.39 6-4.56 6-8.25m-2 0h-4V5.08c2.39 1.39 4 3.97 4 6.92m-6-7.74V12h-4V4.26c.64-.16 1.31-.26 2-.26s1.36.1 2 .26M4 12c0-2.95 1.61-5.53 4-6.92V12z',
  scale: 'M14 11V8c4.56-.58 8-3.1 8-6H2c0 2.9 3.44 5.42 8 6v3c-3.68.73-8 3.61-8 11h6v-2H4.13c.93-6.83 6.65-7.2 7.87-7.2s6.94.37 7.87 7.2H16v2h6c0-7.39-4.32-10.27-8-11m-2 11c-1.1 0-2-.9-2-2 0-.55.22-1.05.59-1.41C11.39 17.79 16 16 16 16s-1.79 4.61-2.59 5.41c-.36.37-.86.59-1.41.59',
  cookie: 'M21.95 10.99c-1.79-.03-3.7-1.95-2.68-4.22-2.98 1-5.77-1.59-5.19-4.56C6.95.71 2 6.58 2 12c0 5.52 4.48 10 10 10 5.89 0 10.54-5.08 9.95-11.01M8.5 15c-.83 0-1.5-.67-1.5-1.5S7.67 12 8.5 12s1.5.67 1.5 1.5S9.33 15 8.5 15m2-5C9.67 10 9 9.33 9 8.5S9.67 7 10.5 7s1.5.67 1.5 1.5-.67 1.5-1.5 1.5m4.5 6c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1',
} as const;
type Glyph = keyof typeof GLYPHS;

/** The catalogue: name, brand, pictogram and what it is. Prices and ratings come from faker. */
const CATALOGUE: readonly { name: string; brand: string; glyph: Glyph; description: string }[] = [
  { name: 'Forged Chef’s Knife 21 cm', brand: 'Brigade', glyph: 'knife', description: 'Full-tang stainless blade, hand-honed edge and a riveted grip that stays sure when wet.' },
  { name: 'Cast-Iron Skillet 30 cm', brand: 'Hearthstone', glyph: 'pot', description: 'Pre-seasoned cast iron that sears on the range and finishes in the oven.' },
  { name: 'Espresso Tamper Set', brand: 'Crema Works', glyph: 'coffee', description: 'Calibrated 58 mm tamper, silicone mat and distribution tool for even shots.' },
  { name: 'Commercial Blender 2 L', brand: 'Vortex Pro', glyph: 'blender', description: 'Two-horsepower motor with a sound shield for smoothies, soups and sauces.' },
  { name: 'Stainless Stockpot 20 L', brand: 'Hearthstone', glyph: 'pot', description: 'Tri-ply base for even heat, welded handles and a snug lid for long simmers.' },
  { name: 'Cocktail Shaker Kit', brand: 'Copper Still', glyph: 'bar', description: 'Weighted tins, jigger, Hawthorne strainer and bar spoon in brushed steel.' },
  { name: 'Chef Jacket, Breathable', brand: 'Line Ready', glyph: 'apparel', description: 'Lightweight cotton blend with mesh back panels and stud buttons.' },
  { name: 'Charcoal Grill Grate', brand: 'Ember & Oak', glyph: 'grill', description: 'Heavy cast grate for charcoal ovens and grills, sears clean marks.' },
  { name: 'Pizza Stone 38 cm', brand: 'Forno Vivo', glyph: 'pizza', description: 'Cordierite stone that holds heat for crisp, blistered bases.' },
  { name: 'Cutlery Set for 12', brand: 'Tablecraft', glyph: 'flatware', description: 'Satin-finish forks, knives and spoons that survive the dish machine.' },
  { name: 'Porcelain Ramen Bowls (6)', brand: 'Tablecraft', glyph: 'bowl', description: 'Deep 1.2 L bowls that keep broth hot, stackable and chip-resistant.' },
  { name: 'Digital Kitchen Scale', brand: 'Mise', glyph: 'scale', description: 'Weighs to the gram up to 15 kg, with tare and a wipe-clean platform.' },
  { name: 'Cookie Sheet Pans (3)', brand: 'Bakehouse', glyph: 'cookie', description: 'Half-size aluminium pans with rolled rims that never warp.' },
  { name: 'Santoku Knife 18 cm', brand: 'Brigade', glyph: 'knife', description: 'Granton-edge blade for thin slices that fall away cleanly.' },
  { name: 'Pour-Over Coffee Station', brand: 'Crema Works', glyph: 'coffee', description: 'Three-cone bar stand with glass servers for slow coffee at the pass.' },
  { name: 'Immersion Blender', brand: 'Vortex Pro', glyph: 'blender', description: 'Variable speed stick blender with a 40 cm shaft for big batches.' },
  { name: 'Wine Decanter 1.5 L', brand: 'Copper Still', glyph: 'bar', description: 'Lead-free crystal with a wide base to let reds breathe.' },
  { name: 'Bib Aprons (5)', brand: 'Line Ready', glyph: 'apparel', description: 'Stain-resistant twill with long ties and a pen pocket.' },
  { name: 'Plancha Griddle Plate', brand: 'Ember & Oak', glyph: 'grill', description: 'Thick carbon-steel plate for burgers, eggs and seared fish.' },
  { name: 'Pizza Peel, Perforated', brand: 'Forno Vivo', glyph: 'pizza', description: 'Anodised peel that sheds excess flour before the pizza hits the stone.' },
  { name: 'Steak Knife Set (6)', brand: 'Tablecraft', glyph: 'flatware', description: 'Serrated steak knives with walnut handles for the dining room.' },
  { name: 'Poke Bowl Set (12)', brand: 'Mise', glyph: 'bowl', description: 'Bamboo-fibre bowls for takeaway and dine-in, dishwasher safe.' },
  { name: 'Portion Scale, Waterproof', brand: 'Mise', glyph: 'scale', description: 'IP67 scale for the prep line, readable across the counter.' },
  { name: 'Pastry Cutter Collection', brand: 'Bakehouse', glyph: 'cookie', description: 'Twenty nested stainless cutters in plain and fluted shapes.' },
];

/** A tinted tile with the pictogram, as an SVG data URL (`hue` 0–359). */
export function productImage(glyph: Glyph, hue: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="320" height="320">` +
    `<rect width="24" height="24" fill="hsl(${hue} 70% 92%)"/>` +
    `<path transform="translate(5.5 5.5) scale(.54)" fill="hsl(${hue} 55% 38%)" d="${GLYPHS[glyph]}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** `Forged Chef’s Knife 21 cm` → `forged-chefs-knife-21-cm`. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A fresh copy of the shop's initial state. */
export function createShopDb(): ShopDb {
  const faker = new Faker({ locale: [en], seed: 2_408 });
  const products: TProduct[] = CATALOGUE.map((entry, index) => ({
    id: index + 1,
    name: entry.name,
    slug: slugOf(entry.name),
    description: entry.description,
    brand: entry.brand,
    price: faker.number.int({ min: 9, max: 480 }) + faker.helpers.arrayElement([0, 0.5, 0.95, 0.99]),
    image: productImage(entry.glyph, (index * 47) % 360),
    hasFreeShipping: faker.datatype.boolean({ probability: 0.6 }),
    rating: faker.number.int({ min: 1, max: 5 }),
  }));
  return {
    products,
    wishlist: [
      { id: 1, productId: 3 },
      { id: 2, productId: 9 },
      { id: 3, productId: 17 },
    ],
    cart: [
      { id: 1, productId: 1, qty: 1 },
      { id: 2, productId: 9, qty: 1 },
    ],
    cartExtras: {},
    orders: [],
  };
}
