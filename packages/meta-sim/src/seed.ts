/**
 * The read-only world the simulator serves, rebuilt from the seed CSVs on every start:
 * test users (one per demo client), their Pages (one per outlet) and each Page's ratings.
 *
 * Ids come from @dinedesk/demo-data (`buildDemoTenancy`, `fbUserIdFor`, `fbStoryIdFor`) so the
 * simulator and the server's own seed agree without reading each other's state.
 */
import { type SeedDialogueTurn, type SeedReview, buildDemoTenancy, fbStoryIdFor, fbUserIdFor, loadSeedDir, reviewSource } from '@dinedesk/demo-data';

/**
 * Meta stopped creating Open Graph stories for recommendations in August 2018; older reviews
 * have no `open_graph_story` and therefore cannot be commented on
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments).
 */
export const OPEN_GRAPH_STORY_CUTOFF = Date.UTC(2018, 7, 1);

/** Facebook's "Restaurant" page category (its `category_list` entry). */
export const RESTAURANT_CATEGORY = { id: '273819889375819', name: 'Restaurant' } as const;

/** A review as Graph's Recommendation node knows it. */
export interface SimRating {
  /** Dataset review id; the cursor key of the ratings edge. */
  key: string;
  pageId: string;
  /** As served (`created_time`): the real time moved forward by the demo clock's weeks (`demo-clock.ts`). */
  createdAt: Date;
  /** The real time of a seeded review (provenance); absent on ratings added while running. */
  originalCreatedAt?: Date;
  /** 1..5 integer (dataset half stars rounded), or null when the dataset has no rating. */
  rating: number | null;
  text: string;
  reviewer: { id: string; name: string };
  /** `{pageId}_{n}`, or null for reviews before `OPEN_GRAPH_STORY_CUTOFF`. */
  storyId: string | null;
}

/** A Facebook Page of one outlet. */
export interface SimPage {
  id: string;
  /** Brand (restaurant) name: the outlet's Page carries the brand's name. */
  name: string;
  restaurantId: string;
  /** The Page's linked Instagram professional account (`igUserIdFor`, demo-data). */
  instagramUserId: string;
  /**
   * Its username: the brand key with Instagram's allowed characters plus `.hyd` (synthetic),
   * e.g. `13_dhaba.hyd`; at most 30 characters, Instagram's limit.
   */
  instagramUsername: string;
  /** Test user administering the Page. */
  adminUserId: string;
  /** Newest first, ties by review id, so paging is deterministic. */
  ratings: SimRating[];
  /** Mean of the integer ratings, 1 decimal; null when the Page has none. */
  overallStarRating: number | null;
  ratingCount: number;
}

/** A Facebook test user: the admin of one demo client's Pages. */
export interface SimUser {
  id: string;
  name: string;
  clientKey: string;
  /** Pages this user manages, in tenancy (brand) order. */
  pageIds: string[];
}

/** The review's Open Graph story, the object that carries comments. */
export interface SimStory {
  id: string;
  pageId: string;
  rating: SimRating;
}

/** Indexes built once at start (keeps each request O(page size)). */
export interface Seed {
  users: Map<string, SimUser>;
  pages: Map<string, SimPage>;
  stories: Map<string, SimStory>;
  /** Page id by linked Instagram account id. */
  pageByIgUser: Map<string, string>;
  /** CamRest676 turns in file order: the text of the seeded conversations (`inbox.ts`). */
  dialogues: SeedDialogueTurn[];
  /** Every review (both sources) and the cuisines, by restaurant id: the Instagram captions' dishes (`instagram/world.ts`). */
  restaurants: Map<string, { reviews: SeedReview[]; cuisines: string[] }>;
}

/** Instagram username of a brand's account (synthetic): `[a-z0-9_]` of the key plus `.hyd`. */
export function instagramUsernameFor(brandKey: string): string {
  const base = brandKey.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `${base.slice(0, 26).replace(/_+$/, '')}.hyd`;
}

/** Graph-visible star value of a dataset rating: rounded and clamped to 1..5
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments `rating`). */
export function graphRating(raw: number | null): number | null {
  if (raw === null) return null;
  return Math.min(5, Math.max(1, Math.round(raw)));
}

/**
 * Loads `seedDir` and builds users, pages, ratings and stories.
 * @throws Error from `loadSeedDir` when the directory is unreadable or a CSV is malformed.
 */
export function buildSeed(seedDir: string): Seed {
  const data = loadSeedDir(seedDir);
  const clients = buildDemoTenancy(data);
  const reviewsByRestaurant = new Map<string, typeof data.reviews>();
  // The Facebook half of each restaurant's reviews; Google serves the other (google/world.ts).
  for (const r of data.reviews) {
    if (reviewSource(r.reviewId) !== 'facebook') continue;
    const list = reviewsByRestaurant.get(r.restaurantId) ?? [];
    list.push(r);
    reviewsByRestaurant.set(r.restaurantId, list);
  }

  const restaurants = new Map(data.restaurants.map((r) => [r.restaurantId, { reviews: [] as SeedReview[], cuisines: r.cuisines }]));
  for (const r of data.reviews) restaurants.get(r.restaurantId)?.reviews.push(r);
  const seed: Seed = { users: new Map(), pages: new Map(), stories: new Map(), pageByIgUser: new Map(), dialogues: data.dialogues, restaurants };
  for (const client of clients) {
    const user: SimUser = { id: client.facebookAdmin.id, name: client.facebookAdmin.name, clientKey: client.key, pageIds: [] };
    seed.users.set(user.id, user);
    for (const brand of client.brands) {
      for (const outlet of brand.outlets) {
        const pageId = outlet.facebookPageId;
        const ratings: SimRating[] = (reviewsByRestaurant.get(outlet.restaurantId) ?? []).map((r) => ({
          key: r.reviewId,
          pageId,
          createdAt: r.reviewedAt,
          originalCreatedAt: r.reviewedAt,
          rating: graphRating(r.rating),
          text: r.text,
          reviewer: { id: fbUserIdFor(r.reviewerName), name: r.reviewerName },
          storyId: r.reviewedAt.getTime() >= OPEN_GRAPH_STORY_CUTOFF ? fbStoryIdFor(pageId, r.reviewId) : null,
        }));
        ratings.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.key.localeCompare(b.key));
        const rated = ratings.filter((r) => r.rating !== null);
        const sum = rated.reduce((s, r) => s + (r.rating ?? 0), 0);
        const page: SimPage = {
          id: pageId,
          name: brand.name,
          restaurantId: outlet.restaurantId,
          instagramUserId: outlet.instagramUserId,
          instagramUsername: instagramUsernameFor(brand.key),
          adminUserId: user.id,
          ratings,
          overallStarRating: rated.length ? Math.round((sum / rated.length) * 10) / 10 : null,
          ratingCount: rated.length,
        };
        seed.pages.set(pageId, page);
        seed.pageByIgUser.set(page.instagramUserId, pageId);
        user.pageIds.push(pageId);
        for (const rating of ratings) {
          if (rating.storyId) seed.stories.set(rating.storyId, { id: rating.storyId, pageId, rating });
        }
      }
    }
  }
  return seed;
}
