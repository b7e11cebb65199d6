/**
 * The Google Places API (New) side of the simulator (docs/decisions/0030): every restaurant of the
 * seed directory as a Place, so DineDesk can pick competitors and read their public ratings.
 *
 * - Hyderabad restaurants (`restaurants_zomato_hyderabad.csv`): `rating` and `userRatingCount`
 *   are computed from their real reviews in the seed's `reviews_zomato_hyderabad*.csv` (mean of
 *   the rated reviews, 1 decimal, as Google rounds it); a restaurant without reviews in the seed
 *   has neither field, as an unrated Place has none. Their reviews are the public review history.
 * - Global restaurants (`restaurants_zomato_global.csv`): Zomato's `aggregate_rating` and `votes`;
 *   the source has no reviews, so these Places have none and no history.
 * - `location`: a global restaurant's own coordinates (none where the source writes 0, 0); the
 *   Hyderabad data set is one locality, so its restaurants stand at Gachibowli's centre.
 *
 * Read-only, rebuilt from the seed on every start.
 */
import { GACHIBOWLI, loadSeedDir, placeIdFor, type SeedData } from '@dinedesk/demo-data';

/** Places API (New) `priceLevel` values (Place.PriceLevel). */
export const PRICE_LEVELS = ['PRICE_LEVEL_FREE', 'PRICE_LEVEL_INEXPENSIVE', 'PRICE_LEVEL_MODERATE', 'PRICE_LEVEL_EXPENSIVE', 'PRICE_LEVEL_VERY_EXPENSIVE'] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];

/** One public review of a Place (Places API (New) `Review`, the fields DineDesk reads). */
export interface PlaceReview {
  /** `places/{placeId}/reviews/{dataset review id}`. */
  name: string;
  /** 1–5; the dataset's half stars are kept (the simulator's Places are Zomato's). */
  rating: number;
  text: string;
  publishTime: Date;
  author: string;
  /** The real time (provenance); `publishTime` is it moved by the demo clock (`demo-clock.ts`). */
  originalPublishTime: Date;
}

/** A Place as the simulator holds it. */
export interface SimPlace {
  id: string;
  name: string;
  formattedAddress: string;
  /** Mean rating 1–5, 1 decimal; absent when unrated. */
  rating?: number;
  userRatingCount?: number;
  priceLevel?: PriceLevel;
  types: string[];
  /** Places API (New) `location` (WGS84 degrees); absent when the source has no position. */
  location?: LatLng;
  /** Words the text search matches: name, cuisines, locality, city, country (normalised). */
  searchWords: string[];
  /** Newest first, ties by name; empty for global restaurants (no reviews in the source). */
  reviews: PlaceReview[];
  /** Whether the source has this Place's review history (Hyderabad restaurants only). */
  hasHistory: boolean;
}

/** A point, as Places API (New) writes it (`google.type.LatLng`). */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/**
 * Text Search's `locationBias` (Places API (New)): a circle (centre, radius in metres 0–50,000)
 * or a rectangle (`low` the south-west corner, `high` the north-east one).
 */
export type LocationBias = { circle: { center: LatLng; radius: number } } | { rectangle: { low: LatLng; high: LatLng } };

/** Text Search's `locationRestriction`: a rectangle only (Places API (New) "Text Search"). */
export type LocationRestriction = { rectangle: { low: LatLng; high: LatLng } };


const EARTH_RADIUS_M = 6_371_008.8;
/** Great-circle distance in metres (haversine on the mean Earth radius). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The bias's centre and whether `p` lies inside it (a rectangle may cross the antimeridian). */
function biasOf(bias: LocationBias): { center: LatLng; inside: (p: LatLng) => boolean } {
  if ('circle' in bias) {
    const { center, radius } = bias.circle;
    return { center, inside: (p) => distanceMeters(center, p) <= radius };
  }
  const { low, high } = bias.rectangle;
  const wraps = low.longitude > high.longitude;
  const span = wraps ? high.longitude + 360 - low.longitude : high.longitude - low.longitude;
  let midLng = low.longitude + span / 2;
  if (midLng > 180) midLng -= 360;
  return {
    center: { latitude: (low.latitude + high.latitude) / 2, longitude: midLng },
    inside: (p) => p.latitude >= low.latitude && p.latitude <= high.latitude && (wraps ? p.longitude >= low.longitude || p.longitude <= high.longitude : p.longitude >= low.longitude && p.longitude <= high.longitude),
  };
}

/** Lower case, accents removed: how the search compares words. */
export function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text, normalised. */
export function wordsOf(text: string): string[] {
  return normalise(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

const RESTAURANT_TYPES = ['restaurant', 'food', 'point_of_interest', 'establishment'];

/**
 * Hyderabad cost for two (INR) as a price level. Our mapping, documented in decision 0030:
 * under ₹500 inexpensive, under ₹1,000 moderate, under ₹1,800 expensive, else very expensive.
 */
export function priceLevelOfCost(costForTwoInr: number | null): PriceLevel | undefined {
  if (costForTwoInr === null) return undefined;
  if (costForTwoInr < 500) return 'PRICE_LEVEL_INEXPENSIVE';
  if (costForTwoInr < 1000) return 'PRICE_LEVEL_MODERATE';
  if (costForTwoInr < 1800) return 'PRICE_LEVEL_EXPENSIVE';
  return 'PRICE_LEVEL_VERY_EXPENSIVE';
}

/** Zomato's price range 1–4 as a price level (1 inexpensive … 4 very expensive). */
export function priceLevelOfRange(range: number | null): PriceLevel | undefined {
  if (range === null || range < 1 || range > 4) return undefined;
  return PRICE_LEVELS[Math.round(range)];
}

/** The Places of a seed, in source order (Hyderabad first, then global). */
export class PlacesWorld {
  readonly places = new Map<string, SimPlace>();

  constructor(data: SeedData) {
    const reviews = new Map<string, PlaceReview[]>();
    for (const r of data.reviews) {
      if (r.rating === null) continue;
      const placeId = placeIdFor('hyd', r.restaurantId);
      const list = reviews.get(placeId) ?? [];
      list.push({ name: `places/${placeId}/reviews/${r.reviewId}`, rating: r.rating, text: r.text, publishTime: r.reviewedAt, author: r.reviewerName, originalPublishTime: r.reviewedAt });
      reviews.set(placeId, list);
    }
    for (const r of data.restaurants) {
      const id = placeIdFor('hyd', r.restaurantId);
      const list = (reviews.get(id) ?? []).sort((a, b) => b.publishTime.getTime() - a.publishTime.getTime() || a.name.localeCompare(b.name));
      const sum = list.reduce((s, x) => s + x.rating, 0);
      const priceLevel = priceLevelOfCost(r.costForTwoInr);
      this.places.set(id, {
        id,
        name: r.name,
        // The Hyderabad data set is one locality (Gachibowli): the address is the locality's.
        formattedAddress: 'Gachibowli, Hyderabad, Telangana, India',
        ...(list.length ? { rating: Math.round((sum / list.length) * 10) / 10, userRatingCount: list.length } : {}),
        ...(priceLevel ? { priceLevel } : {}),
        types: RESTAURANT_TYPES,
        location: { ...GACHIBOWLI },
        searchWords: wordsOf([r.name, ...r.cuisines, 'Gachibowli Hyderabad India'].join(' ')),
        reviews: list,
        hasHistory: true,
      });
    }
    for (const r of data.globalRestaurants) {
      const id = placeIdFor('global', r.restaurantId);
      const priceLevel = priceLevelOfRange(r.priceRange);
      this.places.set(id, {
        id,
        name: r.name,
        formattedAddress: [r.address, r.city, r.country].filter(Boolean).join(', '),
        ...(r.aggregateRating !== null ? { rating: r.aggregateRating, userRatingCount: r.votes } : {}),
        ...(priceLevel ? { priceLevel } : {}),
        types: RESTAURANT_TYPES,
        ...(r.latitude !== null && r.longitude !== null ? { location: { latitude: r.latitude, longitude: r.longitude } } : {}),
        searchWords: wordsOf([r.name, ...r.cuisines, r.locality, r.city, r.country].join(' ')),
        reviews: [],
        hasHistory: false,
      });
    }
  }

  /** Loads the seed directory and builds the world. @throws Error from `loadSeedDir` */
  static fromSeedDir(seedDir: string): PlacesWorld {
    return new PlacesWorld(loadSeedDir(seedDir));
  }

  /**
   * Text search: every word of the query (but filler such as "in", "restaurant") must begin a
   * word of the Place's name, cuisines or location. Ranked by matches in the name, then by
   * rating count (more-reviewed first), then name, like a relevance ranking.
   *
   * With a `locationBias` (Places API (New) Text Search), the matches inside the bias come
   * first, nearest its centre first (ties by relevance), then the others by relevance: a bias
   * prefers, it does not restrict, so a query that names another city still finds it.
   */
  search(textQuery: string, locationBias?: LocationBias): SimPlace[] {
    const words = wordsOf(textQuery).filter((w) => !FILLER.has(w));
    if (!words.length) return [];
    const hits: { p: SimPlace; nameHits: number }[] = [];
    for (const p of this.places.values()) {
      if (!words.every((w) => p.searchWords.some((s) => s.startsWith(w)))) continue;
      const name = wordsOf(p.name);
      hits.push({ p, nameHits: words.filter((w) => name.some((n) => n.startsWith(w))).length });
    }
    hits.sort((a, b) => b.nameHits - a.nameHits || (b.p.userRatingCount ?? 0) - (a.p.userRatingCount ?? 0) || a.p.name.localeCompare(b.p.name));
    if (!locationBias) return hits.map((h) => h.p);
    const bias = biasOf(locationBias);
    const near = hits.flatMap((h, rank) => (h.p.location && bias.inside(h.p.location) ? [{ p: h.p, rank, meters: distanceMeters(bias.center, h.p.location) }] : []));
    near.sort((a, b) => a.meters - b.meters || a.rank - b.rank);
    const inside = new Set(near.map((n) => n.p));
    return [...near.map((n) => n.p), ...hits.map((h) => h.p).filter((p) => !inside.has(p))];
  }

  /**
   * Text search with a `locationRestriction`: only the matches whose position lies inside the
   * rectangle (one crossing the antimeridian included), in the relevance order of `search`; a
   * restriction filters, it does not reorder by distance. Places without a position are out.
   */
  searchWithin(textQuery: string, restriction: LocationRestriction): SimPlace[] {
    const area = biasOf(restriction);
    return this.search(textQuery).filter((p) => p.location !== undefined && area.inside(p.location));
  }
}

/** Query words that say nothing about which restaurant (a Places text query reads like prose). */
const FILLER = new Set(['in', 'at', 'near', 'the', 'a', 'an', 'of', 'and', 'restaurant', 'restaurants', 'food']);
