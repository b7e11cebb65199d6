/**
 * Teammates who may be given a complaint or a ticket of an outlet (assignees and
 * watchers), shared by the complaints and tickets features.
 *
 * The server has no "who may be assigned here" call, and the lists it has are narrower than the
 * screens' users:
 * - `GET /api/client-users` (every member with role and access ids) is for owners only
 *   (`read User`). For them the list is filtered here the way the server checks an assignee
 *   (`mentionableUsers` in apps/server comments.repository.ts): owners, agents and viewers of
 *   the reviews module see every outlet, brand managers their brands' outlets (or outlets granted
 *   one by one), outlet managers their outlets. Pending invitations are not members yet.
 * - `POST /api/review/mentions-users {reviewId}` is open to every role, but needs a review of
 *   the outlet and leaves the caller out; so a non-owner gets it when the item has a review,
 *   plus themselves.
 * - `POST /api/tickets/mentions-users {ticketId}` does the same for a ticket, whatever it came from.
 * - Otherwise a non-owner is offered themselves only (a complaint of a conversation only, a new ticket).
 *
 * The server stays the judge: a teammate it refuses answers 400 naming the field, and the screen
 * shows that message. Assignees must work the outlet (no viewers); watchers may be viewers.
 */
import { useAbility } from '@casl/react';
import { API, ZClientUsersResponse, ZMentionsUsersResponse, type TClientUser } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AppAbility } from './ability.ts';
import { getJson, postJson } from './api-client.ts';
import { useSessionStore } from './session-store.ts';

/** One teammate as the pickers show them. */
export interface Teammate {
  id: string;
  fullName: string;
  /** A viewer reads only: never an assignee. */
  viewer: boolean;
}

/** Where the item is: its outlet and brand, and a review of it, or the ticket itself, when there is one. */
export interface TeammatePlace {
  outletId: string;
  brandId: string;
  reviewId?: string | null;
  ticketId?: string | null;
}

/** Query keys of the teammate lists, apart from any feature's family. */
export const teammateKeys = {
  all: ['teammates'] as const,
  clientUsers: () => [...teammateKeys.all, 'client-users'] as const,
  ofReview: (reviewId: string) => [...teammateKeys.all, 'review', reviewId] as const,
  ofTicket: (ticketId: string) => [...teammateKeys.all, 'ticket', ticketId] as const,
};

const REVIEWS_MODULE = 'reviews_and_complaints';

/** Whether a member of the client sees `place`'s outlet, as the server decides it. */
export function seesOutlet(user: TClientUser, place: TeammatePlace): boolean {
  if (!user.active) return false;
  if (user.role === 'client_owner') return true;
  if (!user.access.modules.includes(REVIEWS_MODULE)) return false;
  if (user.role === 'agent' || user.role === 'viewer') return true;
  if (user.role === 'outlet_manager') return user.access.outletIds.includes(place.outletId);
  return user.access.brandIds.includes(place.brandId) || user.access.outletIds.includes(place.outletId);
}

const byName = (a: Teammate, b: Teammate) => a.fullName.localeCompare(b.fullName);

/**
 * The teammates who see `place`'s outlet (see the module comment for where they come from),
 * the signed-in user included, by name. `place` null (nothing open yet) asks nothing.
 * @param workers true: assignees (viewers left out); false: watchers
 */
export function useTeammates(place: TeammatePlace | null, { workers }: { workers: boolean }): { teammates: Teammate[]; isPending: boolean; error: unknown } {
  const ability = useAbility<AppAbility>();
  const me = useSessionStore((state) => state.userData);
  const owner = ability.can('read', 'User');
  // A ticket asks its own call (`/api/tickets/mentions-users`), which works whatever it came from.
  const ticketId = place?.ticketId ?? null;
  const reviewId = ticketId === null ? (place?.reviewId ?? null) : null;
  const outletId = place?.outletId ?? null;
  const brandId = place?.brandId ?? null;
  const clientUsers = useQuery({
    queryKey: teammateKeys.clientUsers(),
    queryFn: ({ signal }) => getJson(API.clientUsers, ZClientUsersResponse, undefined, signal),
    enabled: place !== null && owner,
  });
  const ofReview = useQuery({
    queryKey: ticketId !== null ? teammateKeys.ofTicket(ticketId) : teammateKeys.ofReview(reviewId ?? ''),
    queryFn: ({ signal }) =>
      ticketId !== null ? postJson(API.ticketMentionsUsers, { ticketId }, ZMentionsUsersResponse, signal) : postJson(API.mentionsUsers, { reviewId }, ZMentionsUsersResponse, signal),
    enabled: place !== null && !owner && (reviewId !== null || ticketId !== null),
  });

  const teammates = useMemo(() => {
    if (outletId === null || brandId === null) return [];
    const found = new Map<string, Teammate>();
    if (owner) {
      for (const user of clientUsers.data?.data ?? []) {
        if (seesOutlet(user, { outletId, brandId })) found.set(user.id, { id: user.id, fullName: user.fullName, viewer: user.role === 'viewer' });
      }
    } else {
      for (const user of ofReview.data?.data ?? []) found.set(user.id, { id: user.id, fullName: user.fullName, viewer: user.role === 'viewer' });
    }
    if (me && !found.has(me.id)) found.set(me.id, { id: me.id, fullName: me.fullName, viewer: me.role === 'viewer' });
    return [...found.values()].filter((t) => !workers || !t.viewer).sort(byName);
  }, [outletId, brandId, owner, clientUsers.data, ofReview.data, me, workers]);

  const active = place === null ? null : owner ? clientUsers : reviewId !== null || ticketId !== null ? ofReview : null;
  return { teammates, isPending: active?.isPending ?? false, error: active?.error ?? null };
}
