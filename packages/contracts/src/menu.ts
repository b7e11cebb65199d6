import { z } from 'zod';
import { ZCurrency, ZDay } from './orders.ts';

/**
 * The menu of an outlet (docs/requirements/routes.md routes /apps/reporting/live-menu,
 * /apps/menu-management/insights, /apps/menu-management/audit-history;
 * docs/requirements/screen-contents.md#live-menu, "Menu insights / audit history";
 * docs/decisions/0039).
 *
 * An outlet's menu items are the distinct item names of its imported orders (one item per name,
 * made when the orders are written) and the items added by hand. Owners and managers edit an
 * item's name, price and availability; every change is one row of an append-only audit log with
 * who, when, and each field before and after.
 *
 * Imported from `@dinedesk/contracts/menu` only (not the index barrel), like orders.
 */

/** The paths of the menu calls (here rather than in paths.ts's `API`: first paint). */
export const MENU_API = {
  /** POST {outletId?} → {@link ZLiveMenu}: read Reporting. */
  liveMenu: '/api/reporting/live-menu',
  /** POST {@link ZMenuInsightsRequest} → {@link ZMenuInsights}: read MenuManagement. */
  insights: '/api/menu/insights',
  /** POST {outletId?} → {@link ZMenuItems}: the editable items, read MenuManagement. */
  items: '/api/menu/items',
  /** POST {@link ZMenuItemCreate} → {@link ZMenuItem}: update MenuManagement. */
  createItem: '/api/menu/items/create',
  /** POST {@link ZMenuItemUpdate} → {@link ZMenuItem}: update MenuManagement. */
  updateItem: '/api/menu/items/update',
  /** POST {@link ZMenuHistoryRequest} → {@link ZMenuHistory}: read MenuManagement. */
  history: '/api/menu/history',
  /** POST {outletId?} → {@link ZItemOffers}: price changes seen in the orders and the offers with their effect, read Reporting. */
  offers: '/api/reporting/item-offers',
  /** POST {@link ZItemOfferCreate} → {@link ZItemOffer}: update MenuManagement. */
  createOffer: '/api/reporting/item-offers/create',
  /** POST {@link ZItemOfferDelete} → {@link ZItemOfferDeleted}: update MenuManagement. */
  deleteOffer: '/api/reporting/item-offers/delete',
} as const;

/** An item whose last order is at least this many days before the outlet's last order day is "not seen for N days". */
export const NOT_SEEN_AFTER_DAYS = 14;
/** Longest item name (as the order import). */
export const MENU_NAME_MAX = 200;
/** Highest price, in major units of the currency (as the order import's unit price). */
export const MENU_PRICE_MAX = 100_000;
/** Audit rows per page of the history. */
export const MENU_HISTORY_PAGE = 50;

const uuid = (name: string) => z.uuid({ error: `${name} must be an id` });
const noControl = /^[^\p{Cc}]*$/u;
/** A local day `YYYY-MM-DD` that exists in the calendar, 2000–2099 (orders.ts `ZDay`). */
const ZRealDay = ZDay;

export const ZMenuName = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name must not be empty')
  .max(MENU_NAME_MAX, `name must be at most ${MENU_NAME_MAX} characters`)
  .regex(noControl, 'name must not hold control characters');

/** A price in major units with at most 2 decimals (12.5 = 12.50 of the outlet's currency). */
export const ZMenuPrice = z
  .number({ error: 'price must be a number' })
  .min(0, 'price must not be negative')
  .max(MENU_PRICE_MAX, `price must be at most ${MENU_PRICE_MAX}`)
  .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'price must have at most 2 decimals');

export const ZOutletPick = z.object({ outletId: uuid('outletId').optional() }).strict();
export type TOutletPick = z.infer<typeof ZOutletPick>;

/** An outlet the caller sees, for the screens' outlet picker. */
export const ZMenuOutlet = z.object({
  outletId: z.string(),
  outletName: z.string(),
  brandName: z.string(),
  /** Items on the outlet's menu (from orders and by hand). */
  items: z.number().int(),
});
export type TMenuOutlet = z.infer<typeof ZMenuOutlet>;

/** Where an item came from: the outlet's imported orders, or added by hand in Menu Management. */
export const MENU_ITEM_SOURCES = ['orders', 'manual'] as const;

/** An item as Menu Management edits it. */
export const ZMenuItem = z.object({
  id: z.string(),
  outletId: z.string(),
  name: z.string(),
  /** The item's name in the orders (how the POS writes it); null for items added by hand. */
  orderName: z.string().nullable(),
  source: z.enum(MENU_ITEM_SOURCES),
  /** The price set in Menu Management (major units); null: the latest price in the orders applies. */
  price: z.number().nullable(),
  /** The unit price of the item's latest order line (major units); null: never ordered. */
  orderPrice: z.number().nullable(),
  currency: z.string().nullable(),
  available: z.boolean(),
  /** Changes to the item so far (0: as made from the orders or by hand). */
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TMenuItem = z.infer<typeof ZMenuItem>;

export const ZMenuItems = z.object({
  outlets: z.array(ZMenuOutlet),
  /** The outlet shown (the one asked for, else the first with items); null: the caller sees none. */
  outletId: z.string().nullable(),
  /** The currency of the outlet's orders (most of them); null without orders. */
  currency: z.string().nullable(),
  /** By name. */
  data: z.array(ZMenuItem),
  /** May the caller edit (update MenuManagement)? */
  canEdit: z.boolean(),
});
export type TMenuItems = z.infer<typeof ZMenuItems>;

/** One item of the live menu: what the outlet sells now, as its orders show it. */
export const ZLiveMenuItem = z.object({
  id: z.string(),
  name: z.string(),
  /** The price on the menu: set in Menu Management, else the latest order price. Null: neither. */
  price: z.number().nullable(),
  /** Where `price` comes from. */
  priceSource: z.enum(['menu', 'orders']).nullable(),
  /** The price before the latest change seen in the orders (null: one price only). */
  previousOrderPrice: z.number().nullable(),
  available: z.boolean(),
  /** Local day of the item's first and last order line (`YYYY-MM-DD`); null: never ordered. */
  firstOrdered: z.string().nullable(),
  lastOrdered: z.string().nullable(),
  /** Quantity in the 28 days ending at the outlet's last order day. */
  quantity28d: z.number().int(),
  /** Days between the item's last order and the outlet's last order; null: never ordered. */
  daysSinceOrdered: z.number().int().nullable(),
  /** Ordered within {@link NOT_SEEN_AFTER_DAYS} days of the outlet's last order. */
  stillOrdered: z.boolean(),
});
export type TLiveMenuItem = z.infer<typeof ZLiveMenuItem>;

export const ZLiveMenu = z.object({
  outlets: z.array(ZMenuOutlet),
  outletId: z.string().nullable(),
  currency: z.string().nullable(),
  /** The outlet's last local day with an order: "still ordered" is counted back from here, not from today (imported data ends when the export does). */
  asOf: z.string().nullable(),
  /** Available and still ordered first, then by name. */
  data: z.array(ZLiveMenuItem),
});
export type TLiveMenu = z.infer<typeof ZLiveMenu>;

/**
 * Same period rules as order insights (local days, default the last 28 days with orders; previous =
 * the same length before); `outletId` omitted: the first outlet with items.
 */
export const ZMenuInsightsRequest = z
  .object({ outletId: uuid('outletId').optional(), from: ZRealDay.optional(), to: ZRealDay.optional() })
  .strict()
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'from must not be after to', path: ['from'] });
export type TMenuInsightsRequest = z.infer<typeof ZMenuInsightsRequest>;

export const ZMenuInsightItem = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  previousQuantity: z.number().int(),
  revenue: z.number(),
  previousRevenue: z.number(),
  /** Share of the period's item revenue, 0–1. */
  share: z.number(),
  previousShare: z.number(),
  /** quantity − previousQuantity. */
  change: z.number().int(),
});
export type TMenuInsightItem = z.infer<typeof ZMenuInsightItem>;

export const ZMenuInsights = z.object({
  outlets: z.array(ZMenuOutlet),
  outletId: z.string().nullable(),
  currency: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  previousFrom: z.string().nullable(),
  previousTo: z.string().nullable(),
  /** Every item ordered in either period, by revenue of the period. */
  items: z.array(ZMenuInsightItem),
  /** Up to 5 items with the biggest rise / fall in quantity (rising: change > 0, falling: change < 0). */
  rising: z.array(ZMenuInsightItem),
  falling: z.array(ZMenuInsightItem),
  /** Menu items with no order in the period (by name). */
  notOrdered: z.array(z.object({ id: z.string(), name: z.string(), lastOrdered: z.string().nullable(), available: z.boolean() })),
});
export type TMenuInsights = z.infer<typeof ZMenuInsights>;

/** Add an item by hand. `currency` only when the outlet has no orders yet (else the orders' currency applies). */
export const ZMenuItemCreate = z
  .object({ outletId: uuid('outletId'), name: ZMenuName, price: ZMenuPrice, available: z.boolean({ error: 'available must be true or false' }).default(true), currency: ZCurrency.optional() })
  .strict();
export type TMenuItemCreate = z.input<typeof ZMenuItemCreate>;

/**
 * Change an item: any of name, price (null: back to the orders' latest price) and availability.
 * `version`: the version the editor saw; a different one is 409 (someone changed it meanwhile).
 */
export const ZMenuItemUpdate = z
  .object({
    itemId: uuid('itemId'),
    version: z.number({ error: 'version must be a number' }).int('version must be a whole number').min(0).max(1_000_000_000),
    name: ZMenuName.optional(),
    price: ZMenuPrice.nullable().optional(),
    available: z.boolean({ error: 'available must be true or false' }).optional(),
  })
  .strict()
  .refine((r) => r.name !== undefined || r.price !== undefined || r.available !== undefined, { message: 'name, price or available is required', path: ['name'] });
export type TMenuItemUpdate = z.infer<typeof ZMenuItemUpdate>;

export const MENU_FIELDS = ['name', 'price', 'available'] as const;
export const ZMenuFieldChange = z.object({
  field: z.enum(MENU_FIELDS),
  before: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  after: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type TMenuFieldChange = z.infer<typeof ZMenuFieldChange>;

/** One row of the append-only audit log of an outlet's menu. */
export const ZMenuChange = z.object({
  id: z.number().int(),
  itemId: z.string(),
  /** The item's name after the change. */
  itemName: z.string(),
  kind: z.enum(['created', 'updated']),
  /** Who: null when the user is gone (the name stays). */
  actorUserId: z.string().nullable(),
  actorName: z.string(),
  at: z.string(),
  changes: z.array(ZMenuFieldChange),
  currency: z.string().nullable(),
});
export type TMenuChange = z.infer<typeof ZMenuChange>;

/** Newest first; `before`: the id of the last row of the previous page (keyset pagination). */
export const ZMenuHistoryRequest = z
  .object({ outletId: uuid('outletId'), itemId: uuid('itemId').optional(), before: z.number({ error: 'before must be a number' }).int('before must be a whole number').positive('before must be positive').max(Number.MAX_SAFE_INTEGER).optional() })
  .strict();
export type TMenuHistoryRequest = z.infer<typeof ZMenuHistoryRequest>;
export const ZMenuHistory = z.object({ data: z.array(ZMenuChange), nextBefore: z.number().int().nullable() });
export type TMenuHistory = z.infer<typeof ZMenuHistory>;

// ------------------------------------------------------------------ item offer tracker

/** Who pays for an offer's discount: the outlet, the delivery platform, or both
 * (docs/requirements/screen-contents.md#item-offer-tracker). */
export const OFFER_PAYERS = ['outlet', 'platform', 'shared'] as const;
/** A percentage off the menu price, or a fixed offer price. */
export const OFFER_KINDS = ['percent_off', 'fixed_price'] as const;
/** Longest offer, in days. */
export const OFFER_MAX_DAYS = 366;
/** Price changes listed (newest first). */
export const PRICE_CHANGES_LIMIT = 200;

/** A change of an item's unit price in the orders: the first day the new price was seen. */
export const ZPriceChange = z.object({
  itemId: z.string(),
  name: z.string(),
  /** First local day with the new price (`YYYY-MM-DD`). */
  day: z.string(),
  from: z.number(),
  to: z.number(),
});
export type TPriceChange = z.infer<typeof ZPriceChange>;

/** What the orders say about an offer's item: quantity per day during the offer against the same number of days just before it. */
export const ZOfferEffect = z.object({
  /** Days of the offer covered by orders (the offer's days up to the outlet's last order day); 0: none yet. */
  days: z.number().int(),
  quantityDuring: z.number().int(),
  quantityBefore: z.number().int(),
  perDayDuring: z.number(),
  perDayBefore: z.number(),
  /** perDayDuring ÷ perDayBefore − 1; null when nothing was sold before (no base to compare). */
  change: z.number().nullable(),
});
export type TOfferEffect = z.infer<typeof ZOfferEffect>;

export const ZItemOffer = z.object({
  id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  title: z.string(),
  kind: z.enum(OFFER_KINDS),
  /** Percent (1–100) for `percent_off`; the offer price in major units for `fixed_price`. */
  value: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  paidBy: z.enum(OFFER_PAYERS),
  /** Against today: not started, running, or ended (expired offers are flagged on screen). */
  status: z.enum(['scheduled', 'running', 'expired']),
  createdByName: z.string(),
  createdAt: z.string(),
  effect: ZOfferEffect,
});
export type TItemOffer = z.infer<typeof ZItemOffer>;

export const ZItemOffers = z.object({
  outlets: z.array(ZMenuOutlet),
  outletId: z.string().nullable(),
  currency: z.string().nullable(),
  /** The outlet's last order day: effects are counted up to it. */
  asOf: z.string().nullable(),
  /** Newest first, at most {@link PRICE_CHANGES_LIMIT}. */
  priceChanges: z.array(ZPriceChange),
  /** Newest start first. */
  offers: z.array(ZItemOffer),
  /** The outlet's items, for the new-offer form. */
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  canEdit: z.boolean(),
});
export type TItemOffers = z.infer<typeof ZItemOffers>;

const ZOfferTitle = z
  .string({ error: 'title must be text' })
  .trim()
  .min(1, 'title must not be empty')
  .max(120, 'title must be at most 120 characters')
  .regex(noControl, 'title must not hold control characters');

/** A new offer on one item; `value` is checked against `kind`, the dates against each other (at most {@link OFFER_MAX_DAYS} days). */
export const ZItemOfferCreate = z
  .object({
    outletId: uuid('outletId'),
    itemId: uuid('itemId'),
    title: ZOfferTitle,
    kind: z.enum(OFFER_KINDS, { error: 'kind must be percent_off or fixed_price' }),
    value: z.number({ error: 'value must be a number' }),
    startsOn: ZRealDay,
    endsOn: ZRealDay,
    paidBy: z.enum(OFFER_PAYERS, { error: 'paidBy must be outlet, platform or shared' }),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.kind === 'percent_off' && !(Number.isInteger(o.value) && o.value >= 1 && o.value <= 100)) ctx.addIssue({ code: 'custom', message: 'value must be a whole percent from 1 to 100', path: ['value'] });
    if (o.kind === 'fixed_price' && !ZMenuPrice.safeParse(o.value).success) ctx.addIssue({ code: 'custom', message: `value must be a price from 0 to ${MENU_PRICE_MAX} with at most 2 decimals`, path: ['value'] });
    if (o.endsOn < o.startsOn) ctx.addIssue({ code: 'custom', message: 'endsOn must not be before startsOn', path: ['endsOn'] });
    else if ((Date.parse(o.endsOn) - Date.parse(o.startsOn)) / 86_400_000 + 1 > OFFER_MAX_DAYS) ctx.addIssue({ code: 'custom', message: `an offer lasts at most ${OFFER_MAX_DAYS} days`, path: ['endsOn'] });
  });
export type TItemOfferCreate = z.infer<typeof ZItemOfferCreate>;

export const ZItemOfferDelete = z.object({ offerId: uuid('offerId') }).strict();
export const ZItemOfferDeleted = z.object({ deleted: z.literal(true) });
export type TItemOfferDelete = z.infer<typeof ZItemOfferDelete>;
