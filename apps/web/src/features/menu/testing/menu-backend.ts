/**
 * An in-memory menu API for the screens' tests, through the contract handlers
 * (testing/contract-handlers.ts `contractHandler`), so every request and answer is checked against
 * `@dinedesk/contracts/menu`. Stateful like the server: a change bumps the item's version, a
 * stale version is 409, and each change appends a history row (newest first, keyset pages).
 */
import {
  MENU_API,
  ZItemOffer,
  ZItemOfferCreate,
  ZItemOfferDelete,
  ZItemOfferDeleted,
  ZItemOffers,
  ZLiveMenu,
  ZMenuHistory,
  ZMenuHistoryRequest,
  ZMenuInsights,
  ZMenuInsightsRequest,
  ZMenuItem,
  ZMenuItemCreate,
  ZMenuItems,
  ZMenuItemUpdate,
  ZOutletPick,
  type TItemOffer,
  type TMenuChange,
  type TMenuFieldChange,
  type TMenuItem,
  type TMenuOutlet,
} from '@dinedesk/contracts/menu';
import { mockApi } from '../../../testing/api-server.ts';
import { contractHandler, reply } from '../../../testing/contract-handlers.ts';

export const TAKEAWAY = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000c1';
export const EMPTY_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000c2';
const ID = (n: number) => `0b7e5d3c-1a2b-4c3d-8e4f-00000000d${String(n).padStart(3, '0')}`;

export const OUTLETS: TMenuOutlet[] = [
  { outletId: TAKEAWAY, outletName: 'Takeaway 1, London', brandName: 'London Takeaways', items: 3 },
  { outletId: EMPTY_OUTLET, outletName: 'Beyond Flavours, Gachibowli', brandName: 'Beyond Flavours', items: 0 },
];

const item = (n: number, name: string, orderPrice: number | null, extra: Partial<TMenuItem> = {}): TMenuItem => ({
  id: ID(n),
  outletId: TAKEAWAY,
  name,
  orderName: name,
  source: 'orders',
  price: null,
  orderPrice,
  currency: 'GBP',
  available: true,
  version: 0,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

/** Real item names of the London takeaway's orders. */
export function menuItems(): TMenuItem[] {
  return [item(1, 'Chicken Tikka Masala', 8.95), item(2, 'Pilau Rice', 2.95), item(3, 'Plain Naan', 2.6, { available: false })];
}
export const [RICE, NAAN] = [ID(2), ID(3)];

export function menuBackend({ error, canEdit = true, historyRows = 0 }: { error?: number; canEdit?: boolean; historyRows?: number } = {}) {
  const items = menuItems();
  const history: TMenuChange[] = [];
  let nextChange = 1;
  const record = (i: TMenuItem, kind: TMenuChange['kind'], changes: TMenuFieldChange[]) =>
    history.unshift({ id: nextChange++, itemId: i.id, itemName: i.name, kind, actorUserId: null, actorName: 'Spice Route Owner', at: '2026-11-27T09:30:00.000Z', changes, currency: 'GBP' });
  for (let k = 0; k < historyRows; k++) record(items[1]!, 'updated', [{ field: 'price', before: 2.95 + k / 100, after: 2.96 + k / 100 }]);
  const offers: TItemOffer[] = [
    {
      id: '0b7e5d3c-1a2b-4c3d-8e4f-00000000e001',
      itemId: items[0]!.id,
      itemName: items[0]!.name,
      title: 'Curry night',
      kind: 'percent_off',
      value: 20,
      startsOn: '2019-07-01',
      endsOn: '2019-07-14',
      paidBy: 'shared',
      status: 'expired',
      createdByName: 'Spice Route Owner',
      createdAt: '2026-11-20T10:00:00.000Z',
      effect: { days: 14, quantityDuring: 70, quantityBefore: 56, perDayDuring: 5, perDayBefore: 4, change: 0.25 },
    },
  ];
  const fail = () => (error ? reply.error(error, { message: 'The database is not answering' }) : null);
  const outletOf = (id: string | undefined) => id ?? TAKEAWAY;
  const inOutlet = (id: string | undefined) => (outletOf(id) === TAKEAWAY ? items : []);

  return mockApi(
    contractHandler('liveMenu', { method: 'POST', path: MENU_API.liveMenu, body: ZOutletPick.nullish(), response: ZLiveMenu }, ({ body }) => {
      const outletId = outletOf(body?.outletId ?? undefined);
      return (
        fail() ?? {
          outlets: OUTLETS,
          outletId,
          currency: outletId === TAKEAWAY ? 'GBP' : null,
          asOf: outletId === TAKEAWAY ? '2019-08-03' : null,
          data: inOutlet(outletId).map((i, k) => ({
            id: i.id,
            name: i.name,
            price: i.price ?? i.orderPrice,
            priceSource: i.price !== null ? ('menu' as const) : ('orders' as const),
            previousOrderPrice: k === 0 ? 8.5 : null,
            available: i.available,
            firstOrdered: '2018-08-01',
            lastOrdered: k === 2 ? '2019-07-01' : '2019-08-03',
            quantity28d: k === 2 ? 0 : 120 - k * 30,
            daysSinceOrdered: k === 2 ? 33 : 0,
            stillOrdered: k !== 2,
          })),
        }
      );
    }),
    contractHandler('menuItems', { method: 'POST', path: MENU_API.items, body: ZOutletPick.nullish(), response: ZMenuItems }, ({ body }) => {
      const outletId = outletOf(body?.outletId ?? undefined);
      return fail() ?? { outlets: OUTLETS, outletId, currency: outletId === TAKEAWAY ? 'GBP' : null, data: inOutlet(outletId), canEdit };
    }),
    contractHandler('menuInsights', { method: 'POST', path: MENU_API.insights, body: ZMenuInsightsRequest.nullish(), response: ZMenuInsights }, ({ body }) => {
      const row = (i: TMenuItem, quantity: number, previousQuantity: number, revenue: number, previousRevenue: number, share: number, previousShare: number) => ({ id: i.id, name: i.name, quantity, previousQuantity, revenue, previousRevenue, share, previousShare, change: quantity - previousQuantity });
      const tikka = row(items[0]!, 120, 100, 1074, 895, 0.8, 0.7);
      const rice = row(items[1]!, 90, 130, 265.5, 383.5, 0.2, 0.3);
      return (
        fail() ?? {
          outlets: OUTLETS,
          outletId: outletOf(body?.outletId ?? undefined),
          currency: 'GBP',
          from: body?.from ?? '2019-07-07',
          to: body?.to ?? '2019-08-03',
          previousFrom: '2019-06-09',
          previousTo: '2019-07-06',
          items: [tikka, rice],
          rising: [tikka],
          falling: [rice],
          notOrdered: [{ id: items[2]!.id, name: items[2]!.name, lastOrdered: '2019-07-01', available: false }],
        }
      );
    }),
    contractHandler('menuHistory', { method: 'POST', path: MENU_API.history, body: ZMenuHistoryRequest, response: ZMenuHistory }, ({ body }) => {
      const after = body.before ? history.filter((c) => c.id < body.before!) : history;
      const page = after.slice(0, 50);
      return fail() ?? { data: page, nextBefore: after.length > 50 ? page[page.length - 1]!.id : null };
    }),
    contractHandler('menuUpdate', { method: 'POST', path: MENU_API.updateItem, body: ZMenuItemUpdate, response: ZMenuItem }, ({ body }) => {
      const i = items.find((x) => x.id === body.itemId);
      if (!i) return reply.error(404, { message: 'Menu item not found', field: 'body.itemId' });
      if (i.version !== body.version) return reply.error(409, { message: `${i.name} was changed by someone else meanwhile: reload it and try again`, field: 'body.version' });
      if (body.name !== undefined && body.name !== i.name && items.some((x) => x.name.toLowerCase() === body.name!.toLowerCase())) return reply.error(409, { message: `The menu already has an item called ${body.name}`, field: 'body.name' });
      const changes: TMenuFieldChange[] = [];
      if (body.name !== undefined && body.name !== i.name) changes.push({ field: 'name', before: i.name, after: (i.name = body.name) });
      if (body.price !== undefined && body.price !== i.price) changes.push({ field: 'price', before: i.price, after: (i.price = body.price) });
      if (body.available !== undefined && body.available !== i.available) changes.push({ field: 'available', before: i.available, after: (i.available = body.available) });
      if (changes.length) {
        i.version++;
        record(i, 'updated', changes);
      }
      return { ...i };
    }),
    contractHandler('itemOffers', { method: 'POST', path: MENU_API.offers, body: ZOutletPick.nullish(), response: ZItemOffers }, ({ body }) => {
      const outletId = outletOf(body?.outletId ?? undefined);
      const here = outletId === TAKEAWAY;
      return (
        fail() ?? {
          outlets: OUTLETS,
          outletId,
          currency: here ? 'GBP' : null,
          asOf: here ? '2019-08-03' : null,
          priceChanges: here ? [{ itemId: items[0]!.id, name: items[0]!.name, day: '2019-03-01', from: 8.5, to: 8.95 }] : [],
          offers: here ? offers : [],
          items: inOutlet(outletId).map((i) => ({ id: i.id, name: i.name })),
          canEdit,
        }
      );
    }),
    contractHandler('offerCreate', { method: 'POST', path: MENU_API.createOffer, body: ZItemOfferCreate, response: ZItemOffer, status: 201 }, ({ body }) => {
      const i = items.find((x) => x.id === body.itemId)!;
      const { itemId, title, kind, value, startsOn, endsOn, paidBy } = body;
      const created: TItemOffer = { id: `0b7e5d3c-1a2b-4c3d-8e4f-00000000e${String(offers.length + 1).padStart(3, '0')}`, itemId, title, kind, value, startsOn, endsOn, paidBy, itemName: i.name, status: 'scheduled', createdByName: 'Spice Route Owner', createdAt: '2026-11-28T10:00:00.000Z', effect: { days: 0, quantityDuring: 0, quantityBefore: 0, perDayDuring: 0, perDayBefore: 0, change: null } };
      offers.unshift(created);
      return created;
    }),
    contractHandler('offerDelete', { method: 'POST', path: MENU_API.deleteOffer, body: ZItemOfferDelete, response: ZItemOfferDeleted }, ({ body }) => {
      const at = offers.findIndex((o) => o.id === body.offerId);
      if (at < 0) return reply.error(404, { message: 'Offer not found', field: 'body.offerId' });
      offers.splice(at, 1);
      return { deleted: true as const };
    }),
    contractHandler('menuCreate', { method: 'POST', path: MENU_API.createItem, body: ZMenuItemCreate, response: ZMenuItem, status: 201 }, ({ body }) => {
      const created: TMenuItem = { ...item(items.length + 1, body.name, null), orderName: null, source: 'manual', price: body.price, available: body.available };
      items.push(created);
      record(created, 'created', [
        { field: 'name', before: null, after: created.name },
        { field: 'price', before: null, after: created.price },
        { field: 'available', before: null, after: created.available },
      ]);
      return created;
    }),
  );
}
