import { fbPageIdFor, fbUserIdFor, igUserIdFor } from './ids.ts';
import type { SeedData, SeedRestaurant } from './load.ts';

/**
 * Gachibowli, Hyderabad (its centre, WGS84 degrees): where every restaurant of the Zomato
 * Hyderabad data set is (it is one locality's); the demo outlets and the simulator's Places of
 * those restaurants stand there.
 */
export const GACHIBOWLI = { latitude: 17.4401, longitude: 78.3489 } as const;

/** An outlet (one physical restaurant) and the Facebook Page / Instagram account it has. */
export interface DemoOutlet {
  key: string;
  name: string;
  restaurantId: string;
  city: string;
  /** WGS84 degrees of the outlet: the Hyderabad data set is one locality, Gachibowli ({@link GACHIBOWLI}). */
  latitude: number;
  longitude: number;
  facebookPageId: string;
  instagramUserId: string;
}
export interface DemoBrand {
  key: string;
  name: string;
  cuisines: string[];
  outlets: DemoOutlet[];
}
/** A demo client (restaurant company) and the Facebook user who administers its Pages. */
export interface DemoClient {
  key: string;
  name: string;
  facebookAdmin: { id: string; name: string };
  brands: DemoBrand[];
}

/** The two demo companies; which restaurants each holds is derived from the data. */
const CLIENTS = [
  { key: 'spice-route', name: 'Spice Route Hospitality' },
  { key: 'deccan-table', name: 'Deccan Table Group' },
] as const;

/**
 * Groups the restaurants that have reviews into two demo clients, alternating in
 * `restaurant_id` order, each restaurant one brand with its Gachibowli outlet (the data set
 * is one locality of Hyderabad). Synthetic grouping, real restaurants.
 */
export function buildDemoTenancy(data: SeedData): DemoClient[] {
  const reviewed = new Set(data.reviews.map((r) => r.restaurantId));
  const restaurants: SeedRestaurant[] = data.restaurants
    .filter((r) => reviewed.has(r.restaurantId))
    .sort((a, b) => a.restaurantId.localeCompare(b.restaurantId));
  return CLIENTS.map((c, ci) => ({
    key: c.key,
    name: c.name,
    facebookAdmin: { id: fbUserIdFor(`admin:${c.key}`), name: `${c.name} Admin` },
    brands: restaurants
      .filter((_, i) => i % CLIENTS.length === ci)
      .map((r) => ({
        key: r.restaurantId.replace(/-gachibowli$/, ''),
        name: r.name,
        cuisines: r.cuisines,
        outlets: [
          {
            key: r.restaurantId,
            name: `${r.name}, Gachibowli`,
            restaurantId: r.restaurantId,
            city: 'Hyderabad',
            ...GACHIBOWLI,
            facebookPageId: fbPageIdFor(r.restaurantId),
            instagramUserId: igUserIdFor(r.restaurantId),
          },
        ],
      })),
  }));
}
