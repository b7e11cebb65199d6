/**
 * The menu calls (docs/decisions/0039): Reporting → Live menu and Item offer tracker,
 * Menu Management → Insights and Audit history with the item editor. Each read names the outlet (omitted: the server
 * picks the first with items and says which). Refusals come back as the server words them
 * (lib/errors.ts `describeError`); a change invalidates every menu query, since the live menu,
 * the insights and the history all show the edited item.
 */
import {
  MENU_API,
  ZItemOffer,
  ZItemOfferDeleted,
  ZItemOffers,
  ZLiveMenu,
  ZMenuHistory,
  ZMenuInsights,
  ZMenuItem,
  ZMenuItems,
  type TItemOfferCreate,
  type TMenuItemCreate,
  type TMenuItemUpdate,
} from '@dinedesk/contracts/menu';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';

export interface Period {
  from: string | null;
  to: string | null;
}

export const menuKeys = {
  all: ['menu'] as const,
  live: (outletId: string | null) => [...menuKeys.all, 'live', outletId] as const,
  items: (outletId: string | null) => [...menuKeys.all, 'items', outletId] as const,
  insights: (outletId: string | null, period: Period) => [...menuKeys.all, 'insights', outletId, period.from, period.to] as const,
  history: (outletId: string | null) => [...menuKeys.all, 'history', outletId] as const,
  offers: (outletId: string | null) => [...menuKeys.all, 'offers', outletId] as const,
};

const outletBody = (outletId: string | null) => (outletId ? { outletId } : {});

/** The live menu of the outlet (null: the server's pick). */
export function useLiveMenu(outletId: string | null) {
  return useQuery({ queryKey: menuKeys.live(outletId), queryFn: ({ signal }) => postJson(MENU_API.liveMenu, outletBody(outletId), ZLiveMenu, signal) });
}

/** The editable items of the outlet, with whether the user may edit them. */
export function useMenuItems(outletId: string | null) {
  return useQuery({ queryKey: menuKeys.items(outletId), queryFn: ({ signal }) => postJson(MENU_API.items, outletBody(outletId), ZMenuItems, signal) });
}

/** Per item figures of the period against the one before (null ends: the last 28 days with orders). */
export function useMenuInsights(outletId: string | null, period: Period) {
  return useQuery({
    queryKey: menuKeys.insights(outletId, period),
    queryFn: ({ signal }) => postJson(MENU_API.insights, { ...outletBody(outletId), ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) }, ZMenuInsights, signal),
  });
}

/** The outlet's audit history, newest first, a page at a time (keyset: `before` = last id seen). */
export function useMenuHistory(outletId: string | null) {
  return useInfiniteQuery({
    queryKey: menuKeys.history(outletId),
    enabled: outletId !== null,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => postJson(MENU_API.history, { outletId, ...(pageParam ? { before: pageParam } : {}) }, ZMenuHistory, signal),
    getNextPageParam: (last) => last.nextBefore,
  });
}

function useMenuMutation<T>(call: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: menuKeys.all }) });
}

/** Change an item's name, price and/or availability (409: someone changed it first, or the name is taken). */
export function useUpdateMenuItem() {
  return useMenuMutation((body: TMenuItemUpdate) => postJson(MENU_API.updateItem, body, ZMenuItem));
}

/** Add an item by hand. */
export function useCreateMenuItem() {
  return useMenuMutation((body: TMenuItemCreate) => postJson(MENU_API.createItem, body, ZMenuItem));
}

/** The item offer tracker of the outlet: price changes in the orders, offers with their effect. */
export function useItemOffers(outletId: string | null) {
  return useQuery({ queryKey: menuKeys.offers(outletId), queryFn: ({ signal }) => postJson(MENU_API.offers, outletBody(outletId), ZItemOffers, signal) });
}

/** Set up an offer on a menu item. */
export function useCreateOffer() {
  return useMenuMutation((body: TItemOfferCreate) => postJson(MENU_API.createOffer, body, ZItemOffer));
}

/** Remove an offer set up by mistake. */
export function useDeleteOffer() {
  return useMenuMutation((offerId: string) => postJson(MENU_API.deleteOffer, { offerId }, ZItemOfferDeleted));
}
