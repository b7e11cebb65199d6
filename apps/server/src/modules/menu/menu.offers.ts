import { PRICE_CHANGES_LIMIT, type TItemOffer, type TItemOfferCreate, type TItemOfferDelete, type TItemOffers, type TOfferEffect, type TOutletPick } from '@dinedesk/contracts/menu';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { addDays, daysBetween } from '../orders/index.ts';
import * as repo from './menu.repository.ts';
import { pickOutlet } from './menu.service.ts';

/**
 * Reporting → Item offer tracker (docs/requirements/screen-contents.md#item-offer-tracker,
 * docs/decisions/0039): the price changes of each item as its orders show them, and offers set up
 * here on a menu item — dates, percent off or fixed price, who pays — each with its effect on the
 * item's quantity.
 *
 * Effect: quantity per day during the offer (its days up to the outlet's last order day) against
 * the same number of days just before it. It is what the orders show, not a causal estimate: the
 * screen says so. Status (scheduled / running / expired) is against today.
 * Who: reading needs `read Reporting`; setting up and removing offers `update MenuManagement`.
 */

const major = (minor: number) => Math.round(minor) / 100;
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
const NO_EFFECT: TOfferEffect = { days: 0, quantityDuring: 0, quantityBefore: 0, perDayDuring: 0, perDayBefore: 0, change: null };

async function effectOf(ctx: AppContext, offer: repo.ItemOfferRow, orderName: string | null, asOf: string | null): Promise<TOfferEffect> {
  if (!orderName || !asOf || asOf < offer.startsOn) return NO_EFFECT;
  const end = offer.endsOn < asOf ? offer.endsOn : asOf;
  const days = daysBetween(offer.startsOn, end).length;
  const [during, before] = await Promise.all([
    repo.itemQuantity(ctx.db, offer.outletId, orderName, offer.startsOn, end),
    repo.itemQuantity(ctx.db, offer.outletId, orderName, addDays(offer.startsOn, -days), addDays(offer.startsOn, -1)),
  ]);
  return { days, quantityDuring: during, quantityBefore: before, perDayDuring: round(during / days, 2), perDayBefore: round(before / days, 2), change: before > 0 ? round(during / before - 1) : null };
}

function offerView(row: repo.ItemOfferRow & { itemName: string }, effect: TOfferEffect, today: string): TItemOffer {
  return {
    id: row.id,
    itemId: row.itemId,
    itemName: row.itemName,
    title: row.title,
    kind: row.kind,
    value: row.kind === 'fixed_price' ? major(row.value) : row.value,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    paidBy: row.paidBy,
    status: row.startsOn > today ? 'scheduled' : row.endsOn < today ? 'expired' : 'running',
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    effect,
  };
}

const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

/** `POST /api/reporting/item-offers`: price changes and offers of one outlet. @throws HttpError 404 outlet not seen */
export async function listOffers(ctx: AppContext, auth: AuthContext, req: TOutletPick): Promise<TItemOffers> {
  const pick = await pickOutlet(ctx, auth, req.outletId);
  const canEdit = auth.ability.can('update', 'MenuManagement');
  if (!pick.outletId) return { ...pick, currency: null, asOf: null, priceChanges: [], offers: [], items: [], canEdit };
  const outletId = pick.outletId;
  const [range, items, changes, offers] = await Promise.all([repo.orderRange(ctx.db, outletId), repo.itemsOf(ctx.db, outletId), repo.priceChanges(ctx.db, outletId, PRICE_CHANGES_LIMIT), repo.offersOf(ctx.db, outletId)]);
  const byOrderName = new Map(items.filter((i) => i.orderName !== null).map((i) => [i.orderName!, i]));
  const byId = new Map(items.map((i) => [i.id, i]));
  const day = today(ctx);
  const views: TItemOffer[] = [];
  for (const o of offers) views.push(offerView(o, await effectOf(ctx, o, byId.get(o.itemId)?.orderName ?? null, range.last), day));
  return {
    ...pick,
    currency: range.currency,
    asOf: range.last,
    // A name without its item (made by every import) is skipped rather than failing the list.
    priceChanges: changes.flatMap((c) => {
      const item = byOrderName.get(c.item);
      return item ? [{ itemId: item.id, name: item.name, day: c.day, from: major(c.from), to: major(c.to) }] : [];
    }),
    offers: views,
    items: items.map((i) => ({ id: i.id, name: i.name })),
    canEdit,
  };
}

/** `POST /api/reporting/item-offers/create`. @throws HttpError 404 outlet or item not seen */
export async function createOffer(ctx: AppContext, auth: AuthContext, req: TItemOfferCreate): Promise<TItemOffer> {
  const { outlets } = await pickOutlet(ctx, auth, req.outletId);
  if (!auth.clientId || !outlets.some((o) => o.outletId === req.outletId)) throw new HttpError(404, `Outlet ${req.outletId} not found`, { field: 'body.outletId' });
  const item = await repo.itemById(ctx.db, req.itemId);
  if (!item || item.outletId !== req.outletId) throw new HttpError(404, `Menu item ${req.itemId} not found`, { field: 'body.itemId' });
  const row = await repo.insertOffer(ctx.db, {
    clientId: auth.clientId,
    outletId: req.outletId,
    itemId: item.id,
    title: req.title,
    kind: req.kind,
    value: req.kind === 'fixed_price' ? Math.round(req.value * 100) : req.value,
    startsOn: req.startsOn,
    endsOn: req.endsOn,
    paidBy: req.paidBy,
    createdByUserId: auth.userId,
    createdByName: auth.fullName,
  });
  const range = await repo.orderRange(ctx.db, req.outletId);
  return offerView({ ...row, itemName: item.name }, await effectOf(ctx, row, item.orderName, range.last), today(ctx));
}

/** `POST /api/reporting/item-offers/delete`: removes an offer set up by mistake. @throws HttpError 404 offer not seen */
export async function deleteOffer(ctx: AppContext, auth: AuthContext, req: TItemOfferDelete): Promise<void> {
  const offer = await repo.offerById(ctx.db, req.offerId);
  if (!offer || !inTenantScope(auth, { clientId: offer.clientId, outletId: offer.outletId })) throw new HttpError(404, `Offer ${req.offerId} not found`, { field: 'body.offerId' });
  await repo.deleteOffer(ctx.db, offer.id);
}
