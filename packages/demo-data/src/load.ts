import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { INDIA_OFFSET_MINUTES, localToUtc } from './time.ts';

/** A restaurant of `restaurants_zomato_hyderabad.csv` (shared/data/README.md). */
export interface SeedRestaurant {
  restaurantId: string;
  name: string;
  zomatoUrl: string;
  costForTwoInr: number | null;
  cuisines: string[];
  timings: string;
}

/** A review of `reviews_zomato_hyderabad.csv`; `reviewedAt` converted from India time to UTC. */
export interface SeedReview {
  reviewId: string;
  restaurantId: string;
  reviewerName: string;
  /** 1–5 with half stars; null for the source's one "Like" value. */
  rating: number | null;
  text: string;
  reviewedAt: Date;
  pictures: number;
}

/**
 * A restaurant of `restaurants_zomato_global.csv` (Kaggle "Zomato Restaurants Data", collected
 * through the Zomato API; shared/data/README.md). The source has aggregates only, no reviews.
 */
export interface SeedGlobalRestaurant {
  /** Zomato's numeric restaurant id, as text. */
  restaurantId: string;
  name: string;
  country: string;
  city: string;
  address: string;
  locality: string;
  cuisines: string[];
  /** 1 (cheapest) … 4, Zomato's price range; null when absent. */
  priceRange: number | null;
  /** Zomato's aggregate rating 0–5 (one decimal); null where the source says 0 ("Not rated"). */
  aggregateRating: number | null;
  /** Number of ratings behind `aggregateRating`. */
  votes: number;
  /** WGS84 degrees of the restaurant; null where the source has none (it writes 0, 0). */
  latitude: number | null;
  longitude: number | null;
}

/** One turn of `conversations_camrest676.csv`. */
export interface SeedDialogueTurn {
  conversationId: string;
  turnIndex: number;
  speaker: 'customer' | 'agent';
  text: string;
}

export interface SeedData {
  restaurants: SeedRestaurant[];
  reviews: SeedReview[];
  dialogues: SeedDialogueTurn[];
  /** `restaurants_zomato_global.csv` rows (competitor candidates). */
  globalRestaurants: SeedGlobalRestaurant[];
  /** Every CSV read, with the kind its header row was recognised as (null: not recognised). */
  files: { file: string; kind: SeedKind | null; rows: number }[];
}

export type SeedKind = 'restaurants' | 'reviews' | 'dialogues' | 'globalRestaurants';

/** Columns that identify each kind; a file is of a kind when its header has all of them. */
const SIGNATURES: Record<SeedKind, string[]> = {
  reviews: ['review_id', 'restaurant_id', 'reviewer_name', 'rating', 'review_text', 'reviewed_at'],
  restaurants: ['restaurant_id', 'name', 'zomato_url', 'cuisines', 'timings'],
  dialogues: ['conversation_id', 'turn_index', 'speaker', 'text'],
  globalRestaurants: ['restaurant_id', 'restaurant_name', 'country', 'city', 'address', 'cuisines', 'price_range', 'aggregate_rating', 'votes'],
};

/** Recognises a CSV by its header row (SEED_DIR contract). */
export function detectKind(header: string[]): SeedKind | null {
  const cols = new Set(header.map((h) => h.trim()));
  for (const kind of Object.keys(SIGNATURES) as SeedKind[]) {
    if (SIGNATURES[kind].every((c) => cols.has(c))) return kind;
  }
  return null;
}

function num(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/**
 * Reads every `*.csv` in `dir` and sorts the rows into restaurants, reviews and dialogues by
 * header row. Rows with a missing id are skipped; duplicate ids keep the first row.
 * @throws Error when `dir` is not a readable directory, or a recognised file has a malformed
 *   timestamp (naming file and line).
 */
export function loadSeedDir(dir: string): SeedData {
  if (!statSync(dir).isDirectory()) throw new Error(`SEED_DIR is not a directory: ${dir}`);
  const data: SeedData = { restaurants: [], reviews: [], dialogues: [], globalRestaurants: [], files: [] };
  const seenRestaurants = new Set<string>();
  const seenGlobal = new Set<string>();
  const seenReviews = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.csv')).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    const rows = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
    const header = rows[0] ? Object.keys(rows[0]) : (parse(text.split('\n')[0] ?? '') as string[][])[0] ?? [];
    const kind = detectKind(header);
    data.files.push({ file, kind, rows: rows.length });
    rows.forEach((r, i) => {
      const where = `${file} line ${i + 2}`;
      if (kind === 'restaurants') {
        const id = r.restaurant_id?.trim();
        if (!id || seenRestaurants.has(id)) return;
        seenRestaurants.add(id);
        data.restaurants.push({
          restaurantId: id,
          name: r.name?.trim() ?? id,
          zomatoUrl: r.zomato_url ?? '',
          costForTwoInr: num(r.cost_for_two_inr),
          cuisines: (r.cuisines ?? '').split(',').map((c) => c.trim()).filter(Boolean),
          timings: r.timings ?? '',
        });
      } else if (kind === 'reviews') {
        const id = r.review_id?.trim();
        if (!id || seenReviews.has(id)) return;
        seenReviews.add(id);
        let reviewedAt: Date;
        try {
          reviewedAt = localToUtc(r.reviewed_at ?? '', INDIA_OFFSET_MINUTES);
        } catch (e) {
          throw new Error(`${where}: ${(e as Error).message}`, { cause: e });
        }
        data.reviews.push({
          reviewId: id,
          restaurantId: r.restaurant_id!.trim(),
          reviewerName: r.reviewer_name?.trim() || 'Zomato user',
          rating: num(r.rating),
          text: r.review_text ?? '',
          reviewedAt,
          pictures: num(r.pictures) ?? 0,
        });
      } else if (kind === 'dialogues') {
        const speaker = r.speaker === 'agent' ? 'agent' : 'customer';
        data.dialogues.push({
          conversationId: r.conversation_id!,
          turnIndex: num(r.turn_index) ?? 0,
          speaker,
          text: r.text ?? '',
        });
      } else if (kind === 'globalRestaurants') {
        const global = globalRestaurantOf(r);
        if (!global || seenGlobal.has(global.restaurantId)) return;
        seenGlobal.add(global.restaurantId);
        data.globalRestaurants.push(global);
      }
    });
  }
  return data;
}

/**
 * One row of `restaurants_zomato_global.csv` as a {@link SeedGlobalRestaurant}; null without an
 * id. `aggregate_rating` 0 is Zomato's "Not rated" and becomes null, not a zero rating.
 */
export function globalRestaurantOf(r: Record<string, string>): SeedGlobalRestaurant | null {
  const id = r.restaurant_id?.trim();
  if (!id) return null;
  const rating = num(r.aggregate_rating);
  return {
    restaurantId: id,
    name: r.restaurant_name?.trim() || id,
    country: r.country?.trim() ?? '',
    city: r.city?.trim() ?? '',
    address: r.address?.trim() ?? '',
    locality: r.locality?.trim() ?? '',
    cuisines: (r.cuisines ?? '').split(',').map((c) => c.trim()).filter(Boolean),
    priceRange: num(r.price_range),
    aggregateRating: rating !== null && rating > 0 ? rating : null,
    votes: num(r.votes) ?? 0,
    ...coordinatesOf(num(r.latitude), num(r.longitude)),
  };
}

/** A source position, or nulls for one outside the globe or at 0, 0 (the source's "unknown"). */
function coordinatesOf(latitude: number | null, longitude: number | null): { latitude: number | null; longitude: number | null } {
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { latitude: null, longitude: null };
  return { latitude, longitude };
}
