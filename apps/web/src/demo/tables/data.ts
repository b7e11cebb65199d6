/**
 * Sample data of the tables showcase: a small menu for the basic tables
 * and 200 orders for the data table. Made by a seeded generator, so every render, test and
 * screenshot sees the same rows (no network, no randomness between runs).
 */

/** An order line as the data table shows it. */
export interface OrderRow {
  id: number;
  item: string;
  outlet: string;
  category: OrderCategory;
  /** Unit price in USD. */
  price: number;
  quantity: number;
  /** Day of the order, `YYYY-MM-DD`. */
  date: string;
  status: OrderStatus;
}

export const ORDER_CATEGORIES = ['starter', 'main', 'dessert', 'drink'] as const;
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];

export const ORDER_STATUSES = ['served', 'preparing', 'pending', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const OUTLETS = ['Banjara Hills', 'Jubilee Hills', 'Gachibowli', 'Shoreditch', 'Soho', 'Camden'] as const;

/** The menu: dish name, category and unit price (USD). */
export const MENU: readonly { item: string; category: OrderCategory; price: number }[] = [
  { item: 'Paneer Tikka', category: 'starter', price: 7.5 },
  { item: 'Chicken 65', category: 'starter', price: 8 },
  { item: 'Samosa Chaat', category: 'starter', price: 5.5 },
  { item: 'Burrata Salad', category: 'starter', price: 9.25 },
  { item: 'Hyderabadi Biryani', category: 'main', price: 14 },
  { item: 'Butter Chicken', category: 'main', price: 13.5 },
  { item: 'Fish and Chips', category: 'main', price: 12.75 },
  { item: 'Lamb Rogan Josh', category: 'main', price: 15.5 },
  { item: 'Mushroom Risotto', category: 'main', price: 12 },
  { item: 'Double Ka Meetha', category: 'dessert', price: 6 },
  { item: 'Sticky Toffee Pudding', category: 'dessert', price: 6.5 },
  { item: 'Qubani Ka Meetha', category: 'dessert', price: 6.25 },
  { item: 'Masala Chai', category: 'drink', price: 3 },
  { item: 'Mango Lassi', category: 'drink', price: 4.5 },
  { item: 'Lime Soda', category: 'drink', price: 3.5 },
  { item: 'Flat White', category: 'drink', price: 3.75 },
];

/** A small, fast, seeded generator (mulberry32): the same seed gives the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many orders the data table holds. */
export const ORDER_COUNT = 200;

/** `count` orders over the 60 days up to 2026-06-30, the same on every call. */
export function createOrders(count = ORDER_COUNT, seed = 17): OrderRow[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const last = Date.UTC(2026, 5, 30);
  const rows: OrderRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const dish = pick(MENU);
    const day = new Date(last - Math.floor(random() * 60) * 86_400_000);
    const roll = random();
    rows.push({
      id: 1001 + index,
      item: dish.item,
      outlet: pick(OUTLETS),
      category: dish.category,
      price: dish.price,
      quantity: 1 + Math.floor(random() * 6),
      date: day.toISOString().slice(0, 10),
      status: roll < 0.6 ? 'served' : roll < 0.78 ? 'preparing' : roll < 0.92 ? 'pending' : 'cancelled',
    });
  }
  return rows;
}

/** One outlet's day, for the basic tables. */
export interface OutletDay {
  outlet: string;
  covers: number;
  orders: number;
  /** Revenue in USD. */
  revenue: number;
  rating: number;
}

/** A fixed day of each outlet (basic tables). */
export const OUTLET_DAYS: readonly OutletDay[] = [
  { outlet: 'Banjara Hills', covers: 212, orders: 148, revenue: 4120, rating: 4.6 },
  { outlet: 'Jubilee Hills', covers: 187, orders: 131, revenue: 3675, rating: 4.4 },
  { outlet: 'Gachibowli', covers: 164, orders: 120, revenue: 2980, rating: 4.2 },
  { outlet: 'Shoreditch', covers: 143, orders: 102, revenue: 3890, rating: 4.5 },
  { outlet: 'Soho', covers: 198, orders: 140, revenue: 4410, rating: 4.7 },
  { outlet: 'Camden', covers: 121, orders: 88, revenue: 2455, rating: 4.1 },
];
